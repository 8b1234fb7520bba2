package dev.keypath.spring.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A command-line Spring application on the embedded engine, run as its own process. */
class BatchJobTest {
    /** How long the application may take to exit: a ceiling that stops a hang, not a speed (a busy machine is slow). */
    private static final Duration CEILING = Duration.ofMinutes(5);

    @Test
    void exitsByItselfAndLogsNoStackTraces() throws Exception {
        Result run = run(List.of());
        assertThat(run.exited()).as("exited by itself within %s; output:%n%s", CEILING, run.output()).isTrue();
        assertThat(run.exitCode()).isZero();
        assertThat(run.output()).contains("cancelled: OptimisticLockingFailureException", "work done");
        assertThat(run.output().lines().filter(l -> l.startsWith("\tat ") || l.startsWith("Caused by")))
                .as("stack trace lines").isEmpty();
        assertThat(run.output()).as("the engine's per-request lines")
                .doesNotContain("LocalDynamoDBServerHandler").doesNotContain("target: PutItem");
    }

    @Test
    void theEngineLogsOnRequest() throws Exception {
        Result run = run(List.of("-Dkeypath.dynamodb.engine-logs=true"));
        assertThat(run.exited()).as("output:%n%s", run.output()).isTrue();
        assertThat(run.output()).contains("LocalDynamoDBServerHandler");
    }

    private record Result(boolean exited, int exitCode, String output) {
    }

    private static Result run(List<String> jvmOptions) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-XX:TieredStopAtLevel=1")); // a short run: the quick compiler alone starts it sooner
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), BatchJobApplication.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(output unreadable: " + e + ")";
            }
        });
        boolean exited = process.waitFor(CEILING.toSeconds(), TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        return new Result(exited, exited ? process.exitValue() : -1, output.get(10, TimeUnit.SECONDS));
    }
}
