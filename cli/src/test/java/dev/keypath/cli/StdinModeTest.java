package dev.keypath.cli;

import static dev.keypath.cli.CliRun.REACTION_HEX;
import static dev.keypath.cli.CliRun.REACTION_PATH;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StdinModeTest {

    @Test
    void encodeBadLineInTheMiddleOneOutputLinePerInputLineExitOne() {
        CliRun run = CliRun.withStdin(REACTION_PATH + "\n/user-1/post-x%\n/a-1\n", "encode", "-");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).hasSize(3);
        assertThat(run.outLines().get(0)).isEqualTo(REACTION_HEX);
        assertThat(run.outLines().get(1)).isEqualTo("error: dangling '%' at the end at position 14 in \"/user-1/post-x%\"");
        assertThat(run.outLines().get(2)).isEqualTo("61010801000811");
    }

    @Test
    void decodeBadLineInTheMiddleKeepsGoing() {
        CliRun run = CliRun.withStdin(REACTION_HEX + "\r\nzz\n" + REACTION_HEX + "\n", "decode", "-");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).hasSize(3);
        assertThat(run.outLines().get(0)).isEqualTo(REACTION_PATH);
        assertThat(run.outLines().get(1)).startsWith("error: ");
        assertThat(run.outLines().get(2)).isEqualTo(REACTION_PATH);
    }

    @Test
    void emptyLineIsAnInputThatFails() {
        CliRun run = CliRun.withStdin("\n" + REACTION_HEX + "\n", "decode", "-");

        assertThat(run.outLines())
                .containsExactly("error: empty input at position 0: expected hex, or base64 after b64:", REACTION_PATH);
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void allGoodExitZero() {
        CliRun run = CliRun.withStdin("/a-1\n/a-2\n", "encode", "-");

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).hasSize(2);
    }

    @Test
    void stdinMixedWithArgumentsKeepsArgumentOrder() {
        CliRun run = CliRun.withStdin("/a-2\n/a-3\n", "encode", "/a-1", "-", "/a-4");

        assertThat(run.outLines()).containsExactly("61010801000811", "61010802000811", "61010803000811", "61010804000811");
    }

    @Test
    void noStdinLinesNoOutputExitZero() {
        CliRun run = CliRun.withStdin("", "decode", "-");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEmpty();
    }
}
