package dev.keypath.cli;

import static dev.keypath.cli.CliRun.REACTION_HEX;
import static dev.keypath.cli.CliRun.REACTION_PATH;
import static dev.keypath.cli.CliRun.REACTION_PK_HEX;
import static dev.keypath.cli.CliRun.REACTION_SK_HEX;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class EncodeCommandTest {

    @Test
    void encodeReactionPathPrintsItsWholeKeyInHex() {
        CliRun run = CliRun.of("encode", REACTION_PATH);

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(REACTION_HEX + System.lineSeparator());
        assertThat(HexFormat.of().parseHex(REACTION_HEX)).hasSize(63);
        assertThat(run.err()).isEmpty();
    }

    @Test
    void encodeSplitPrintsPartitionAndSortKeySeparatedByOneSpace() {
        CliRun run = CliRun.of("encode", "--split", REACTION_PATH);

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).containsExactly(REACTION_PK_HEX + " " + REACTION_SK_HEX);
        assertThat(HexFormat.of().parseHex(REACTION_PK_HEX)).hasSize(25);
        assertThat(HexFormat.of().parseHex(REACTION_SK_HEX)).hasSize(38);
    }

    @Test
    void encodeBase64PrintsStandardBase64OfTheSameBytes() {
        CliRun run = CliRun.of("encode", "--base64", REACTION_PATH);

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines())
                .containsExactly(Base64.getEncoder().encodeToString(HexFormat.of().parseHex(REACTION_HEX)));
    }

    @Test
    void encodeSeveralArgumentsPrintsOneLinePerPathInOrder() {
        CliRun run = CliRun.of("encode", "/a-1", "/a-2/b");

        assertThat(run.outLines()).containsExactly("61010801000811", "61010802016200081108");
    }

    @Test
    void encodeBadPathPrintsErrorLineWithPositionAndExitsOne() {
        CliRun run = CliRun.of("encode", "/user-1", "user-2", "/user-3");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).hasSize(3);
        assertThat(run.outLines().get(1)).startsWith("error: ").contains("position 0");
        assertThat(run.outLines().get(2)).isEqualTo(CliRun.of("encode", "/user-3").outLines().get(0));
    }

    @Test
    void encodeWithoutPathIsUsageErrorTwo() {
        CliRun run = CliRun.of("encode");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("PATH");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void encodeUnknownOptionIsUsageErrorTwo() {
        assertThat(CliRun.of("encode", "--hexx", REACTION_PATH).exitCode()).isEqualTo(2);
    }
}
