package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyRange;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.SecondaryKeys;
import dev.keypath.dynamodb.internal.schema.ShardRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The physical partitions a query range reads. A range lies in the partition of its first element; when a type
 * that can be stored there is sharded, that partition is spread over shards 0 … N − 1 (N the largest count such a
 * type declares: shard numbers are the same bytes whatever the count), and the unsharded partition is read too when
 * an unsharded type can be stored there. A type can be stored there when its key path template's first namespace
 * is the range's and the query asks for it (or for every type). A global index's partitions follow the same rule
 * over the secondary key paths of the index ({@code @SecondaryKeyPath(sharded = ...)}). Pure.
 */
public final class QueryPartitions {
    private QueryPartitions() {
    }

    /**
     * The partition keys {@code range} reads on the table (or a local index, which shares the table's partitions),
     * in order: the unsharded partition first, when read, then the shards; one key, the range's own, when no type
     * that can be stored there is sharded.
     *
     * @param typeNames the stored names of the query's types, empty for every type
     */
    public static List<byte[]> of(SchemaRegistry registry, KeyRange range, Set<String> typeNames) {
        String namespace = range.from().namespace(0);
        int shards = 0;
        boolean unsharded = false;
        for (DefaultItemSchema<?> s : registry.schemas()) {
            if (!s.keyPathTemplate().namespace(0).equals(namespace)
                    || !typeNames.isEmpty() && !typeNames.contains(s.typeName())) {
                continue;
            }
            ShardRule rule = s.shards();
            if (rule == null) {
                unsharded = true;
            } else {
                shards = Math.max(shards, rule.count());
            }
        }
        return partitions(range.partitionKey(), shards, unsharded);
    }

    /**
     * The partition keys {@code range} reads on the global index {@code index}, in the same order as {@link #of}:
     * shards by the largest count among the index's secondary key paths that can hold the range (first namespace,
     * and the query's types), the unsharded partition too when one of them is not sharded.
     */
    public static List<byte[]> ofIndex(SchemaRegistry registry, String index, KeyRange range, Set<String> typeNames) {
        String namespace = range.from().namespace(0);
        int shards = 0;
        boolean unsharded = false;
        for (DefaultItemSchema<?> s : registry.schemas()) {
            if (!typeNames.isEmpty() && !typeNames.contains(s.typeName())) {
                continue;
            }
            for (DefaultItemSchema.SecondaryKey k : s.secondaryKeys()) {
                if (k.index().equals(index) && SecondaryKeys.template(k).namespace(0).equals(namespace)) {
                    unsharded |= k.shards() == null;
                    shards = k.shards() == null ? shards : Math.max(shards, k.shards().count());
                }
            }
        }
        return partitions(range.partitionKey(), shards, unsharded);
    }

    private static List<byte[]> partitions(byte[] pk, int shards, boolean unsharded) {
        if (shards == 0) {
            return List.of(pk);
        }
        List<byte[]> partitions = new ArrayList<>(shards + 1);
        if (unsharded) {
            partitions.add(pk);
        }
        for (int shard = 0; shard < shards; shard++) {
            partitions.add(ShardKeys.encode(pk, shard));
        }
        return partitions;
    }

    /**
     * The former layout's partitions {@code range} reads while a type that can be stored there is being re-sharded
     * ({@code @Sharded(formerCount)}): shards 0 … F − 1, F the largest former count, and the range's own unsharded
     * partition first when a type moves from it ({@code formerCount = 1}); empty when none is. A sharded query reads
     * these before the new layout's ({@link #of}) in each round, so an item moved meanwhile is found in one of them.
     */
    public static List<byte[]> former(SchemaRegistry registry, KeyRange range, Set<String> typeNames) {
        String namespace = range.from().namespace(0);
        int shards = 0;
        boolean unsharded = false;
        for (DefaultItemSchema<?> s : registry.schemas()) {
            if (s.keyPathTemplate().namespace(0).equals(namespace)
                    && (typeNames.isEmpty() || typeNames.contains(s.typeName()))
                    && s.shards() != null && s.shards().resharding()) {
                if (s.shards().former().unsharded()) {
                    unsharded = true;
                } else {
                    shards = Math.max(shards, s.shards().former().count());
                }
            }
        }
        byte[] pk = range.partitionKey();
        List<byte[]> partitions = new ArrayList<>(shards + 1);
        if (unsharded) {
            partitions.add(pk);
        }
        for (int shard = 0; shard < shards; shard++) {
            partitions.add(ShardKeys.encode(pk, shard));
        }
        return partitions;
    }

    /**
     * Every physical partition {@code range} may hold items in, of both layouts while a re-shard runs: for a
     * subtree delete, which reads each partition once.
     */
    public static List<byte[]> all(SchemaRegistry registry, KeyRange range, Set<String> typeNames) {
        List<byte[]> partitions = new ArrayList<>(of(registry, range, typeNames));
        for (byte[] former : former(registry, range, typeNames)) {
            if (partitions.stream().noneMatch(p -> Arrays.equals(p, former))) {
                partitions.add(former);
            }
        }
        return partitions;
    }

    /** Whether a range of a type sharded by {@code registry}'s types reads more than one partition. */
    public static boolean sharded(List<byte[]> partitions) {
        return partitions.size() > 1 || ShardKeys.isSharded(partitions.get(0));
    }
}
