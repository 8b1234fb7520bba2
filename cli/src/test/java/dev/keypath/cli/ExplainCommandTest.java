package dev.keypath.cli;

import static dev.keypath.cli.CliRun.REACTION_HEX;
import static dev.keypath.cli.CliRun.REACTION_PATH;
import static dev.keypath.cli.CliRun.REACTION_SK_HEX;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathExplainer;
import dev.keypath.ShardKeys;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ExplainCommandTest {

    @Test
    void pathPrintsTheExplainersLayoutWithSortByteAnnotations() {
        CliRun run = CliRun.of("explain", REACTION_PATH);

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(KeyPathExplainer.explain(KeyPath.parse(REACTION_PATH)));
        assertThat(run.out())
                .contains("whole key: 63 bytes; DynamoDB pk 25 bytes + sk 38 bytes")
                .contains("09 04 d2").contains("sort byte 09 = positive, 2 magnitude bytes")
                .contains("0b 64 11 ff f2").contains("sort byte 0b = positive, 4 magnitude bytes")
                .contains("08 2a").contains("sort byte 08 = positive, 1 magnitude byte");
    }

    @Test
    void hexExplainsTheSameBytesAsThePath() {
        CliRun run = CliRun.of("explain", REACTION_HEX);

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines().get(0)).isEqualTo(REACTION_PATH);
        assertThat(run.outLines().get(1)).isEqualTo("63 bytes");
        assertThat(run.out()).contains("terminator (metadata follows)").contains("metadata 8: integer, 2 bytes");
    }

    @Test
    void sortKeyAloneIsExplainedToo() {
        CliRun run = CliRun.of("explain", REACTION_SK_HEX);

        assertThat(run.outLines().get(0)).isEqualTo("/post-1234/comment-1678901234/react-42");
        assertThat(run.outLines().get(1)).isEqualTo("38 bytes");
    }

    @Test
    void aShardedPartitionKeyIsExplainedWithItsShardAndWhereItsBytesAre() {
        KeyPath path = KeyPath.parse(REACTION_PATH);
        String shardedPk = HexFormat.of().formatHex(ShardKeys.encode(path, 258));

        CliRun run = CliRun.of("explain", shardedPk);

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.outLines().get(0)).isEqualTo(path.prefix(1) + " [shard 258]");
        assertThat(run.outLines().get(1)).isEqualTo("29 bytes: a sharded partition key (FORMAT.md, section 14)");
        assertThat(run.out()).contains("shard 258: bytes 22-23 = 01 02, after the separator 01 at 21")
                .contains("shard metadata 13 at 28 (type 3, 2 bytes)")
                .contains(KeyPathExplainer.explain(path.partitionKey()));
    }

    @Test
    void negativeIntegerShowsInvertedBits() {
        assertThat(CliRun.of("explain", "/t-1/n--2").out()).contains("07 fd").contains("zero or negative").contains("bits inverted");
    }

    @Test
    void stdinLayoutsAreSeparatedByOneEmptyLineAndBadInputIsOneErrorLine() {
        CliRun run = CliRun.withStdin("/a-1\nnot!hex\n/b-2\n", "explain", "-");
        String a = KeyPathExplainer.explain(KeyPath.parse("/a-1"));
        String b = KeyPathExplainer.explain(KeyPath.parse("/b-2"));
        String nl = System.lineSeparator();

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEqualTo(a + nl + "error: not hex: character 'n' at position 0 (base64 keys need the prefix b64:)" + nl + nl + b);
    }
}
