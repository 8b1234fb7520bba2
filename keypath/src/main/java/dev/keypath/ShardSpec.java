package dev.keypath;

import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How a partition is spread over shards: their count, and how an item's shard is chosen, <em>calculated</em> from
 * named ids (so a point read or write goes to one shard) or <em>random</em> (for append-only data read back as a
 * whole). The shard number goes into the partition key only ({@link ShardKeys}); key paths are unchanged. Immutable
 * and thread-safe.
 */
public final class ShardSpec {
    /** How an item's shard is chosen. */
    public enum Choice {
        /** From the named ids' key bytes: {@link ShardKeys#calculatedShard}. */
        CALCULATED,
        /** Uniformly at random, for each write. */
        RANDOM
    }

    private final int count;
    private final Choice choice;
    private final List<String> idNames;

    private ShardSpec(int count, Choice choice, List<String> idNames) {
        ShardKeys.checkCount(count);
        this.count = count;
        this.choice = choice;
        this.idNames = idNames;
    }

    /**
     * {@code count} shards, an item's shard calculated from the ids named {@code idNames} (template slot names, in
     * the order their values are hashed).
     *
     * @throws IllegalArgumentException if {@code count} is not 1 … 65,536, no id is named, or a name is blank or
     *                                  named twice
     */
    public static ShardSpec calculated(int count, String... idNames) {
        Objects.requireNonNull(idNames, "idNames");
        List<String> names = List.of(idNames);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a calculated shard needs at least one named id");
        }
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).isBlank()) {
                throw new IllegalArgumentException("id name " + (i + 1) + " of the shard is blank");
            }
            if (names.indexOf(names.get(i)) != i) {
                throw new IllegalArgumentException("id '" + names.get(i) + "' is named twice for the shard");
            }
        }
        return new ShardSpec(count, Choice.CALCULATED, names);
    }

    /**
     * {@code count} shards, each write's shard chosen at random.
     *
     * @throws IllegalArgumentException if {@code count} is not 1 … 65,536
     */
    public static ShardSpec random(int count) {
        return new ShardSpec(count, Choice.RANDOM, List.of());
    }

    /** The number of shards: shard numbers are 0 … count − 1. */
    public int count() {
        return count;
    }

    /** How an item's shard is chosen. */
    public Choice choice() {
        return choice;
    }

    /** The ids a calculated shard is hashed from, in order; empty for a random shard. */
    public List<String> idNames() {
        return idNames;
    }

    /**
     * The calculated shard of an item whose named ids have the values {@code ids}, in {@link #idNames()}'s order.
     *
     * @throws IllegalStateException    if the shard is random
     * @throws IllegalArgumentException if the number of ids differs from the number of names
     */
    public int shardOf(List<KeyId> ids) {
        if (choice != Choice.CALCULATED) {
            throw new IllegalStateException("a random shard is not calculated from ids: " + this);
        }
        if (ids.size() != idNames.size()) {
            throw new IllegalArgumentException("the shard is calculated from " + idNames.size() + " ids " + idNames
                    + ", not " + ids.size());
        }
        return ShardKeys.calculatedShard(count, ids);
    }

    /** A shard drawn from {@code random}, uniform over 0 … count − 1 (for a random shard at each write). */
    public int randomShard(RandomGenerator random) {
        return random.nextInt(count);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShardSpec s && s.count == count && s.choice == choice && s.idNames.equals(idNames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, choice, idNames);
    }

    /** {@code calculated(16, [eventId])} or {@code random(4)}. */
    @Override
    public String toString() {
        return choice == Choice.CALCULATED ? "calculated(" + count + ", " + idNames + ")" : "random(" + count + ")";
    }
}
