package dev.keypath;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * A partition key read back by {@link ShardKeys#decode}: the partition's element as a one-element key path, and its
 * shard if the key is sharded.
 *
 * @param partition the first element of the key path, as a path of one element
 * @param shard     the shard number, or empty for an unsharded partition key
 */
public record ShardedPartition(KeyPath partition, OptionalInt shard) {
    /** Checks that the partition is one element with an id. */
    public ShardedPartition {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(shard, "shard");
        if (partition.size() != 1) {
            throw new IllegalArgumentException("a partition is one element, not " + partition);
        }
    }
}
