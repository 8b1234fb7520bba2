package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeypathCommandTest {

    @Test
    void noSubcommand_isUsageErrorTwo() {
        CliRun run = CliRun.of();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing required subcommand").contains("encode").contains("decode").contains("explain");
    }

    @Test
    void help_listsTheCommands() {
        CliRun run = CliRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("encode").contains("decode").contains("explain");
    }

    @Test
    void decodeHelp_documentsHexBase64PrefixStdinAndExitStatus() {
        CliRun run = CliRun.of("help", "decode");

        assertThat(run.out())
                .contains("Bytes are hex")
                .contains("needs the prefix b64:")
                .contains("never guesses")
                .contains("'-' reads one input per line")
                .contains("Exit status:");
    }

    @Test
    void version_isPrinted() {
        CliRun run = CliRun.of("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("keypath ");
    }
}
