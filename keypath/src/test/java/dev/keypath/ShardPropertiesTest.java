package dev.keypath;

import static dev.keypath.Properties.qt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.Generate.range;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Sharded partition keys on generated paths: the shard and the path read back, a sharded key is never a key path nor
 * an unsharded partition key, keys of one parent in one shard still sort as their paths, and calculated shards stay
 * in range.
 */
class ShardPropertiesTest {
    @Test
    void theShardAndThePathReadBack() {
        qt().forAll(PathGenerators.paths(), range(0, ShardKeys.MAX_SHARDS - 1)).checkAssert((path, shard) -> {
            byte[] pk = ShardKeys.encode(path, shard);
            assertThat(pk).hasSize(path.partitionKey().length + 4);
            assertThat(ShardKeys.isSharded(pk)).isTrue();
            assertThat(ShardKeys.decode(pk)).isEqualTo(new ShardedPartition(path.prefix(1), OptionalInt.of(shard)));
            assertThat(ShardKeys.keyPath(pk, path.sortKey())).isEqualTo(path);
            assertThat(ShardKeys.decode(path.partitionKey()).shard()).isEmpty();
            assertThat(ShardKeys.keyPath(path.partitionKey(), path.sortKey())).isEqualTo(path);
        });
    }

    @Test
    void aShardedKeyIsNeitherAKeyPathNorAnUnshardedPartitionKey() {
        qt().forAll(PathGenerators.paths(), PathGenerators.paths(), range(0, ShardKeys.MAX_SHARDS - 1))
                .checkAssert((a, b, shard) -> {
                    byte[] sharded = ShardKeys.encode(a, shard);
                    assertThat(Arrays.equals(sharded, b.partitionKey())).isFalse();
                    assertThat(ShardKeys.isSharded(b.partitionKey())).isFalse();
                    assertThatThrownBy(() -> KeyPath.decode(sharded)).isInstanceOf(KeyPathFormatException.class);
                });
    }

    @Test
    void keysOfOneParentInOneShardSortAsTheirPaths() {
        KeyPath parent = KeyPath.of("day", "2026-11-27");
        qt().forAll(PathGenerators.crowdedPaths(parent), PathGenerators.crowdedPaths(parent), range(0, 63))
                .checkAssert((x, y, shard) -> {
                    byte[] xpk = ShardKeys.encode(x, shard);
                    byte[] ypk = ShardKeys.encode(y, shard);
                    assertThat(xpk).isEqualTo(ypk);
                    int stored = Arrays.compareUnsigned(xpk, ypk) != 0 ? Arrays.compareUnsigned(xpk, ypk)
                            : Arrays.compareUnsigned(x.sortKey(), y.sortKey());
                    assertThat(Integer.signum(stored)).isEqualTo(Integer.signum(x.compareTo(y)));
                });
    }

    @Test
    void calculatedShardsAreInRangeAndStable() {
        qt().forAll(PathGenerators.ids(), PathGenerators.ids(), range(1, ShardKeys.MAX_SHARDS))
                .checkAssert((a, b, count) -> {
                    int shard = ShardKeys.calculatedShard(count, List.of(a, b));
                    assertThat(shard).isBetween(0, count - 1);
                    assertThat(ShardKeys.calculatedShard(count, List.of(KeyPath.parse(KeyPath.of("x", a).toString())
                            .id(0), b))).as("the id parsed back from its text").isEqualTo(shard);
                    assertThat(ShardSpec.calculated(count, "a", "b").shardOf(List.of(a, b))).isEqualTo(shard);
                });
    }

    @Test
    void aUuidIdHashesAsItsSixteenBytes() {
        qt().forAll(range(Integer.MIN_VALUE, Integer.MAX_VALUE), range(Integer.MIN_VALUE, Integer.MAX_VALUE))
                .checkAssert((hi, lo) -> {
                    UUID u = new UUID((long) hi << 17 ^ lo, (long) lo << 23 ^ hi);
                    KeyId bytes = KeyId.of(KeyId.of(u).asBytes());
                    assertThat(ShardKeys.calculatedShard(64, List.of(KeyId.of(u))))
                            .isEqualTo(ShardKeys.calculatedShard(64, List.of(bytes)));
                });
    }
}
