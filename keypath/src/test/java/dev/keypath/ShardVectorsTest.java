package dev.keypath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The vectors of docs/FORMAT.md, section 14: sharded partition keys byte for byte, the hash input and the calculated
 * shards (computed independently by the Python snippet published there), and the refusals.
 */
class ShardVectorsTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final KeyPath USER = KeyPath.of("user", UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a"));

    @Test
    void shardedPartitionKeys() {
        assertThat(HEX.formatHex(USER.partitionKey())).isEqualTo("75736572014c9d36e56b194e6a828c226ed667458a00208201");
        String[][] vectors = {
                {"0", "75736572014c9d36e56b194e6a828c226ed667458a0100000020820113"},
                {"1", "75736572014c9d36e56b194e6a828c226ed667458a0100010020820113"},
                {"255", "75736572014c9d36e56b194e6a828c226ed667458a0100ff0020820113"},
                {"256", "75736572014c9d36e56b194e6a828c226ed667458a0101000020820113"},
                {"65535", "75736572014c9d36e56b194e6a828c226ed667458a01ffff0020820113"},
        };
        for (String[] v : vectors) {
            int shard = Integer.parseInt(v[0]);
            byte[] sharded = ShardKeys.encode(USER.then("post", 1234), shard);
            assertThat(HEX.formatHex(sharded)).as("shard %d", shard).isEqualTo(v[1]);
            assertThat(ShardKeys.encode(USER.partitionKey(), shard)).isEqualTo(sharded);
            assertThat(ShardKeys.isSharded(sharded)).isTrue();
            assertThat(ShardKeys.decode(sharded)).isEqualTo(new ShardedPartition(USER, OptionalInt.of(shard)));
        }
        KeyPath day = KeyPath.of("day", "2026-11-27");
        assertThat(HEX.formatHex(day.partitionKey())).isEqualTo("64617901323032362d31312d3237001850");
        assertThat(HEX.formatHex(ShardKeys.encode(day, 7))).isEqualTo("64617901323032362d31312d323701000700185013");
    }

    @Test
    void shardedIndexPartitionKeys() {
        KeyPath status = KeyPath.of("status", "open").then("order", 1234);
        assertThat(HEX.formatHex(status.partitionKey())).isEqualTo("737461747573016f70656e003020");
        int[][] shards = {{4, 1}, {16, 9}, {64, 25}};
        String[] keys = {"737461747573016f70656e01000100302013", "737461747573016f70656e01000900302013",
                "737461747573016f70656e01001900302013"};
        for (int i = 0; i < shards.length; i++) {
            int shard = ShardKeys.calculatedShard(shards[i][0], List.of(KeyId.of(1234)));
            assertThat(shard).isEqualTo(shards[i][1]);
            assertThat(HEX.formatHex(ShardKeys.encode(status, shard))).isEqualTo(keys[i]);
        }
    }

    @Test
    void anUnshardedKeyDecodesWithoutAShard() {
        assertThat(ShardKeys.isSharded(USER.partitionKey())).isFalse();
        assertThat(ShardKeys.decode(USER.partitionKey())).isEqualTo(new ShardedPartition(USER, OptionalInt.empty()));
    }

    @Test
    void anUnshardedKeyWhoseLastVarintEndsIn13IsNotSharded() {
        // a 304-byte string id: metadata varint 304 << 3 = 0x980 = 80 13, whose last byte is the shard's 0x13
        KeyPath longId = KeyPath.of("s", "x".repeat(304));
        byte[] pk = longId.partitionKey();
        assertThat(HEX.formatHex(pk, pk.length - 3, pk.length)).isEqualTo("088013");
        assertThat(ShardKeys.isSharded(pk)).isFalse();
        assertThat(ShardKeys.decode(pk).shard()).isEmpty();
        assertThat(ShardKeys.decode(ShardKeys.encode(longId, 3))).isEqualTo(new ShardedPartition(longId, OptionalInt.of(3)));
    }

    @Test
    void theKeyPathOfAShardedItemIsItsUnshardedPath() {
        KeyPath post = USER.then("post", 1234).then("comment", 1678901234L);
        assertThat(ShardKeys.keyPath(ShardKeys.encode(post, 42), post.sortKey())).isEqualTo(post);
        assertThat(ShardKeys.keyPath(post.partitionKey(), post.sortKey())).isEqualTo(post);
        assertThat(ShardKeys.keyPath(ShardKeys.encode(USER, 0), USER.sortKey())).isEqualTo(USER);
    }

    @Test
    void aShardedKeyIsNeverAKeyPath() {
        assertThatThrownBy(() -> KeyPath.decode(ShardKeys.encode(USER, 1))).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("type 3");
    }

    @Test
    void hashInputsAndCalculatedShards() {
        UUID uuid = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
        Object[][] vectors = {
                // ids, hash input, first 8 bytes of its SHA-256, shards for 2, 4, 16, 64, 1000, 65536 shards
                {List.of(KeyId.of(1234)), "0904d2", new int[] {1, 1, 9, 25, 489, 62873}},
                {List.of(KeyId.of(0)), "07ff", new int[] {1, 1, 9, 41, 337, 24617}},
                {List.of(KeyId.of(-1)), "07fe", new int[] {1, 1, 5, 37, 245, 47525}},
                {List.of(KeyId.of(uuid)), "4c9d36e56b194e6a828c226ed667458a", new int[] {0, 0, 0, 0, 248, 4864}},
                {List.of(KeyId.of("event")), "6576656e74", new int[] {0, 0, 8, 56, 792, 57464}},
                {List.of(KeyId.of(new byte[] {0, 1, 2})), "020102020203", new int[] {0, 2, 14, 46, 766, 8110}},
                {List.of(KeyId.of("2026-11-27"), KeyId.of(42)), "323032362d31312d323701082a",
                        new int[] {0, 0, 4, 4, 388, 39236}},
        };
        int[] counts = {2, 4, 16, 64, 1000, 65536};
        for (Object[] v : vectors) {
            @SuppressWarnings("unchecked")
            List<KeyId> ids = (List<KeyId>) v[0];
            assertThat(HEX.formatHex(ShardKeys.hashInput(ids))).as("input of %s", ids).isEqualTo(v[1]);
            int[] shards = (int[]) v[2];
            for (int i = 0; i < counts.length; i++) {
                assertThat(ShardKeys.calculatedShard(counts[i], ids)).as("%s among %d", ids, counts[i])
                        .isEqualTo(shards[i]);
            }
        }
        assertThat(ShardKeys.calculatedShard(1, List.of(KeyId.of(1234)))).isZero();
    }

    @Test
    void theSpecHashesItsNamedIdsInOrder() {
        ShardSpec spec = ShardSpec.calculated(1000, "day", "event");
        assertThat(spec.shardOf(List.of(KeyId.of("2026-11-27"), KeyId.of(42)))).isEqualTo(388);
        assertThat(spec.idNames()).containsExactly("day", "event");
        assertThat(spec).hasToString("calculated(1000, [day, event])").isEqualTo(ShardSpec.calculated(1000, "day", "event"))
                .isNotEqualTo(ShardSpec.calculated(1000, "event", "day"));
        assertThat(ShardSpec.random(4)).hasToString("random(4)").isEqualTo(ShardSpec.random(4));
        assertThat(ShardSpec.random(4).idNames()).isEmpty();
    }

    @Test
    void refusals() {
        assertThatThrownBy(() -> ShardKeys.encode(USER, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a shard number is 0 … 65535, not -1");
        assertThatThrownBy(() -> ShardKeys.encode(USER, 65536)).hasMessage("a shard number is 0 … 65535, not 65536");
        assertThatThrownBy(() -> ShardSpec.random(0)).hasMessage("a shard count is 1 … 65536, not 0");
        assertThatThrownBy(() -> ShardSpec.calculated(65537, "id")).hasMessage("a shard count is 1 … 65536, not 65537");
        assertThatThrownBy(() -> ShardSpec.calculated(4)).hasMessage("a calculated shard needs at least one named id");
        assertThatThrownBy(() -> ShardSpec.calculated(4, "a", "a")).hasMessage("id 'a' is named twice for the shard");
        assertThatThrownBy(() -> ShardSpec.calculated(4, " ")).hasMessage("id name 1 of the shard is blank");
        assertThatThrownBy(() -> ShardSpec.random(4).shardOf(List.of(KeyId.of(1))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("random(4)");
        assertThatThrownBy(() -> ShardSpec.calculated(4, "a").shardOf(List.of(KeyId.of(1), KeyId.of(2))))
                .hasMessage("the shard is calculated from 1 ids [a], not 2");
        assertThatThrownBy(() -> ShardKeys.calculatedShard(4, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ShardKeys.encode(USER.then("post", 1).encode(), 0))
                .isInstanceOf(KeyPathFormatException.class).hasMessageContaining("one element, not 2");
    }

    @Test
    void malformedShardedKeysAreRefusedWithTheirOffset() {
        byte[] sharded = ShardKeys.encode(USER, 1);
        byte[] noSeparator = sharded.clone();
        noSeparator[21] = 0x03;
        assertThatThrownBy(() -> ShardKeys.decode(noSeparator)).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("expected separator 0x01 before the shard");
        byte[] badRest = sharded.clone();
        badRest[0] = 0x31; // a namespace starting with a digit
        assertThatThrownBy(() -> ShardKeys.decode(badRest)).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("sharded partition key");
        assertThatThrownBy(() -> ShardKeys.decode(HEX.parseHex("0113"))).isInstanceOf(KeyPathFormatException.class);
        assertThatThrownBy(() -> ShardKeys.decode(HEX.parseHex("61010000000013")))
                .isInstanceOf(KeyPathFormatException.class);
        byte[] twoElements = USER.then("post", 1).encode();
        assertThatThrownBy(() -> ShardKeys.decode(twoElements)).isInstanceOf(KeyPathFormatException.class)
                .hasMessageContaining("one element, not 2");
    }
}
