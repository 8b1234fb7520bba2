package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import dev.keypath.KeyPath;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What reaches the tool and what it prints do not depend on the locale, and every input gives one line. */
class LocaleAndInputTest {
    private record Run(int exitCode, String out) {
    }

    /** The tool as its own process under the C locale (JDK 17 then decodes arguments as ASCII). */
    private static Run underCLocale(String stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), KeypathCli.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("LANG");
        builder.environment().remove("LC_CTYPE");
        builder.environment().put("LC_ALL", "C");
        Process process = builder.start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
            try {
                return process.getInputStream().readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
        if (!process.waitFor(5, TimeUnit.MINUTES)) { // a ceiling that stops a hang, not a speed
            process.destroyForcibly();
        }
        return new Run(process.exitValue(), new String(out.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8));
    }

    @Test
    void underTheCLocaleOutputIsUtf8AndLossyArgumentsAreRefused() throws Exception {
        String hex = HexFormat.of().formatHex(KeyPath.parse("/user-José/post-1").encode());
        Run decoded = underCLocale("", "decode", hex);
        assertThat(decoded.exitCode()).isZero();
        assertThat(decoded.out().strip()).isEqualTo("/user-José/post-1");

        Run refused = underCLocale("", "encode", "/user-José");
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.out()).contains("argument 2", "could not decode", "LANG=C.UTF-8", "'-'");

        Run fromStdin = underCLocale("/user-José\n", "encode", "-");
        assertThat(fromStdin.exitCode()).isZero();
        assertThat(fromStdin.out().strip()).isEqualTo(HexFormat.of().formatHex(KeyPath.parse("/user-José").encode()));
    }

    private static Run inProcess(byte[] stdin, String... args) {
        CommandLine cli = KeypathCli.commandLine(new ByteArrayInputStream(stdin));
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        return new Run(cli.execute(args), out.toString());
    }

    @Test
    void badUtf8OnStandardInputIsAnErrorLineNamingTheByteOffset() {
        byte[] stdin = {'/', 'a', '-', (byte) 0xE9, '\n', '/', 'b', '-', '1', '\n'};
        Run run = inProcess(stdin, "encode", "-");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out().lines().toList()).containsExactly("error: invalid UTF-8 at byte offset 3 of the input line",
                HexFormat.of().formatHex(KeyPath.parse("/b-1").encode()));
    }

    @Test
    void anEchoedInputCannotBreakTheOneLinePerInputRule() {
        Run run = inProcess(new byte[0], "encode", "/a-1\n/b-2", "/c\t-1", "/d-1");
        List<String> lines = run.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("error: ").contains("\\n").doesNotContain("\n");
        assertThat(lines.get(1)).startsWith("error: ").contains("\\t");
        assertThat(lines.get(2)).isEqualTo(HexFormat.of().formatHex(KeyPath.parse("/d-1").encode()));
    }
}
