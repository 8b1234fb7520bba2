package dev.keypath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each cold-start program runs in a fresh JVM, as {@code hyperfine} runs it, and finds the post it put: a program
 * that exited early or mapped the wrong item would time something else than the benchmark claims.
 */
class ColdStartProgramsTest {

    @ParameterizedTest
    @ValueSource(classes = {ColdStartKeyPath.class, ColdStartEnhanced.class, ColdStartSdkOnly.class})
    void programMapsThePostAndExitsCleanly(Class<?> program) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), program.getName()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }
}
