package dev.keypath.cli;

import static dev.keypath.cli.CliRun.REACTION_HEX;
import static dev.keypath.cli.CliRun.REACTION_PATH;
import static dev.keypath.cli.CliRun.REACTION_PK_HEX;
import static dev.keypath.cli.CliRun.REACTION_SK_HEX;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class DecodeCommandTest {

    private static final byte[] REACTION_KEY = HexFormat.of().parseHex(REACTION_HEX);

    @Test
    void decodeReactionKeyHexPrintsCanonicalPath() {
        CliRun run = CliRun.of("decode", REACTION_HEX);

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(REACTION_PATH + System.lineSeparator());
    }

    @Test
    void decodeUpperCaseHexIsHexToo() {
        assertThat(CliRun.of("decode", REACTION_HEX.toUpperCase()).outLines()).containsExactly(REACTION_PATH);
    }

    @Test
    void decodeNonCanonicalInputPrintsCanonicalForm() {
        String upperUuid = "/user-4C9D36E5-6B19-4E6A-828C-226ED667458A/post-1234/comment-1678901234/react-42";
        String hex = CliRun.of("encode", upperUuid).outLines().get(0);

        assertThat(CliRun.of("decode", hex).outLines()).containsExactly(REACTION_PATH);
    }

    @Test
    void splitEncodeThenDecodeRoundTrips() {
        String pkSk = CliRun.of("encode", "--split", REACTION_PATH).outLines().get(0);

        CliRun run = CliRun.of("decode", "--split", pkSk);

        assertThat(pkSk).isEqualTo(REACTION_PK_HEX + " " + REACTION_SK_HEX);
        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).containsExactly(REACTION_PATH);
    }

    @Test
    void aShardedPartitionKeyIsDecodedWithItsShard() {
        KeyPath path = KeyPath.parse(REACTION_PATH);
        String shardedPk = HexFormat.of().formatHex(ShardKeys.encode(path, 11));

        CliRun alone = CliRun.of("decode", shardedPk);
        CliRun split = CliRun.of("decode", "--split", shardedPk + " " + REACTION_SK_HEX);

        assertThat(alone.exitCode()).as(alone.err()).isZero();
        assertThat(alone.outLines()).containsExactly(path.prefix(1) + " [shard 11]");
        assertThat(split.exitCode()).as(split.err()).isZero();
        assertThat(split.outLines()).containsExactly(REACTION_PATH + " [shard 11]");
    }

    @Test
    void splitOnePartOnlyIsAnErrorLine() {
        CliRun run = CliRun.of("decode", "--split", REACTION_PK_HEX);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).singleElement().asString().startsWith("error: expected 'PK SK'");
    }

    @Test
    void splitMalformedSortKeySaysWhichKey() {
        CliRun run = CliRun.of("decode", "--split",
                REACTION_PK_HEX + " " + REACTION_SK_HEX.substring(0, REACTION_SK_HEX.length() - 2));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).singleElement().asString().startsWith("error: sort key: ").contains("offset");
    }

    @Test
    void spaceWithoutSplitIsAnErrorLinePointingToSplit() {
        CliRun run = CliRun.of("decode", REACTION_PK_HEX + " " + REACTION_SK_HEX);

        assertThat(run.outLines()).singleElement().asString()
                .isEqualTo("error: expected one key but found a space at position 50; use --split for 'PK SK'");
    }

    @Test
    void base64EncodeThenDecodeRoundTrips() {
        String base64 = CliRun.of("encode", "--base64", REACTION_PATH).outLines().get(0);

        CliRun run = CliRun.of("decode", "b64:" + base64);

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).containsExactly(REACTION_PATH);
    }

    @Test
    void base64SplitRoundTrip() {
        String pkSk = CliRun.of("encode", "--split", "--base64", REACTION_PATH).outLines().get(0);

        String[] keys = pkSk.split(" ");
        assertThat(CliRun.of("decode", "--split", "b64:" + keys[0] + " b64:" + keys[1]).outLines())
                .containsExactly(REACTION_PATH);
    }

    @Test
    void urlSafeBase64WithoutPaddingIsAccepted() {
        String urlSafe = Base64.getUrlEncoder().withoutPadding().encodeToString(REACTION_KEY);

        assertThat(CliRun.of("decode", "b64:" + urlSafe).outLines()).containsExactly(REACTION_PATH);
    }

    @Test
    void corruptKeyErrorLineNamesTheOffset() {
        String truncated = REACTION_HEX.substring(0, REACTION_HEX.length() - 2);

        CliRun run = CliRun.of("decode", truncated);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).singleElement().asString().startsWith("error: ").contains("at offset ");
    }

    @Test
    void neitherHexNorBase64ErrorLineNamesTheCharacterPosition() {
        CliRun run = CliRun.of("decode", "7573!572");

        assertThat(run.outLines())
                .containsExactly("error: not hex: character '!' at position 4 (base64 keys need the prefix b64:)");
    }
}
