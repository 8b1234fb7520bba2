package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeypathCommandTest {

    @Test
    void noSubcommandIsUsageErrorTwo() {
        CliRun run = CliRun.of();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing required subcommand").contains("encode").contains("decode").contains("explain");
    }

    @Test
    void helpListsTheCommands() {
        CliRun run = CliRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("encode").contains("decode").contains("explain");
    }

    @Test
    void decodeHelpDocumentsHexBase64PrefixStdinAndExitStatus() {
        CliRun run = CliRun.of("help", "decode");

        assertThat(run.out())
                .contains("Bytes are hex")
                .contains("needs the prefix b64:")
                .contains("never guesses")
                .contains("'-' reads one input per line")
                .contains("Exit status:");
    }

    @Test
    void helpSaysErrorsGoToStandardError() {
        CliRun run = CliRun.of("--help");

        assertThat(run.out()).contains("Errors go to standard error");
        assertThat(CliRun.of("help", "changes").out()).contains("standard error");
        assertThat(CliRun.of("help", "scan").out()).contains("standard error");
    }

    @Test
    void versionIsPrinted() {
        CliRun run = CliRun.of("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("keypath ");
    }
}
