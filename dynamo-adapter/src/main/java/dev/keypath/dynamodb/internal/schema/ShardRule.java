package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.ShardKeys;
import dev.keypath.ShardSpec;
import dev.keypath.dynamodb.KeyPathMismatchException;
import dev.keypath.dynamodb.RandomShardException;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.annotation.Sharded;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How the partition of one key path template (an item type's, or a secondary key path's) is spread over shards
 * ({@link Sharded}): the core's {@link ShardSpec}, with the named ids found by their place among the template's
 * variables, so a key path's shard needs no map. Writes the partition key of a key path in its shard
 * ({@link ShardKeys}). The former layout of a re-shard from one partition ({@code formerCount = 1}) is the
 * {@linkplain #unsharded() unsharded} rule: each key path's own partition key, as stored before the type was
 * sharded. Immutable and thread-safe.
 */
public final class ShardRule {
    private final ShardSpec spec;
    private final KeyLayout layout;
    /** For each named id, its index in the template's variables (the order {@link KeyLayout#match} gives). */
    private final int[] variables;
    /** The layout the items are being moved from ({@code formerCount}), or null when no re-shard runs. */
    private final ShardRule former;
    /** The text the table's layout record and its messages name an unsharded layout by. */
    public static final String UNSHARDED = "unsharded";

    private ShardRule(ShardSpec spec, KeyLayout layout, int[] variables, ShardRule former) {
        this.spec = spec;
        this.layout = layout;
        this.variables = variables;
        this.former = former;
    }

    /**
     * The rule {@code sharded} declares for {@code layout}'s template; null when {@code sharded} is null.
     *
     * @param where names the declaration in errors ({@code @Sharded of com.example.Event})
     * @throws ShardDeclarationException naming {@code where} and the problem
     */
    static ShardRule declared(Sharded sharded, KeyLayout layout, String where) {
        if (sharded == null) {
            return null;
        }
        int count = sharded.count();
        if (count < 1 || count > ShardKeys.MAX_SHARDS) {
            throw new ShardDeclarationException(where + ": a shard count is 1 to " + ShardKeys.MAX_SHARDS + ", not "
                    + count);
        }
        int formerCount = sharded.formerCount();
        if (formerCount != 0 && (formerCount < 1 || formerCount > ShardKeys.MAX_SHARDS)) {
            throw new ShardDeclarationException(where + ": the former shard count of a re-shard is 1 to "
                    + ShardKeys.MAX_SHARDS + " (or 0 when none runs), not " + formerCount);
        }
        if (formerCount == count) {
            throw new ShardDeclarationException(where + ": formerCount = " + formerCount + " is the count itself, so "
                    + "nothing would move; remove formerCount once a re-shard has finished");
        }
        if (formerCount != 0 && count == 1) {
            throw new ShardDeclarationException(where + ": a re-shard moves items into 2 or more shards; moving "
                    + "them back to one partition (count = 1, formerCount = " + formerCount + ") is not supported: "
                    + "keep @Sharded(count = " + formerCount + ", ...)");
        }
        ShardRule rule = layout(sharded, count, layout, where, null);
        if (formerCount == 0) {
            return rule;
        }
        // formerCount = 1: the items are stored as they were before @Sharded, each in its key path's own partition
        ShardRule former = formerCount == 1 ? new ShardRule(null, layout, new int[0], null)
                : layout(sharded, formerCount, layout, where, null);
        return layout(sharded, count, layout, where, former);
    }

    /** The rule of {@code sharded}'s choice over {@code count} shards, moving from {@code former} (or null). */
    private static ShardRule layout(Sharded sharded, int count, KeyLayout layout, String where, ShardRule former) {
        List<String> by = List.of(sharded.by());
        if (sharded.random()) {
            if (!by.isEmpty()) {
                throw new ShardDeclarationException(where + ": a random shard is calculated from no ids; remove "
                        + "by = " + by + " or random = true");
            }
            return new ShardRule(ShardSpec.random(count), layout, new int[0], former);
        }
        if (by.isEmpty()) {
            throw new ShardDeclarationException(where + ": name the key path variables the shard is calculated "
                    + "from (by = \"...\"), or declare random = true for append-only data");
        }
        KeyPathTemplate template = layout.source();
        List<String> known = template.variables();
        int[] variables = new int[by.size()];
        boolean below = false;
        for (int i = 0; i < by.size(); i++) {
            String name = by.get(i);
            variables[i] = known.indexOf(name);
            if (variables[i] < 0) {
                throw new ShardDeclarationException(where + ": '" + name + "' is not a variable of " + template
                        + " (its variables: " + known + ")");
            }
            if (by.indexOf(name) != i) {
                throw new ShardDeclarationException(where + ": '" + name + "' is named twice");
            }
            below |= template.indexOf(name) > 0;
        }
        if (!below) {
            throw new ShardDeclarationException(where + ": the shard is calculated from " + by + ", ids of the "
                    + "first element of " + template + " only, which every item of a partition shares, so the "
                    + "partition would not be spread; name an id below the first element");
        }
        return new ShardRule(ShardSpec.calculated(count, by.toArray(String[]::new)), layout, variables, former);
    }

    /** The core's description: count and choice; null for the {@linkplain #unsharded() unsharded} layout. */
    public ShardSpec spec() {
        return spec;
    }

    /**
     * Whether this is the layout of a type's items before it was sharded ({@code formerCount = 1}): each item in
     * its key path's own partition key, not in a shard.
     */
    public boolean unsharded() {
        return spec == null;
    }

    /** The number of shards; 1 for the {@linkplain #unsharded() unsharded} layout. */
    public int count() {
        return spec == null ? 1 : spec.count();
    }

    /**
     * This layout as the table's layout record and its messages name it: {@code calculated(16, [eventId])},
     * {@code random(8)} or {@value #UNSHARDED}; the layout a re-shard moves to, not its former one.
     */
    public String layoutName() {
        return spec == null ? UNSHARDED : spec.toString();
    }

    /**
     * The rule a table writes with before the switch of a re-shard: the former layout alone, as a declaration of
     * it without {@code formerCount} would give, or null when that layout is unsharded; this rule when no re-shard
     * runs.
     */
    public ShardRule writingFormer() {
        if (former == null) {
            return this;
        }
        return former.unsharded() ? null : former;
    }

    /** The layout the items are being moved from while a re-shard runs ({@code formerCount}), or null. */
    public ShardRule former() {
        return former;
    }

    /** Whether a re-shard runs: items may still be in the {@linkplain #former() former} layout. */
    public boolean resharding() {
        return former != null;
    }

    /**
     * The shards a query reads: 0 … this count − 1, or of both layouts while a re-shard runs (shard numbers are the
     * same bytes whatever the count).
     */
    public int readCount() {
        return former == null || former.unsharded() ? count() : Math.max(count(), former.count());
    }

    /**
     * Whether a partition key of shard {@code shard} is where this layout may store an item: a shard below the count
     * (a calculated item's own shard is checked by key path, {@link #partitionKey}).
     */
    public boolean holdsShard(int shard) {
        return spec != null && shard >= 0 && shard < count();
    }

    /**
     * Whether this layout keeps the item at {@code path} under the stored partition key {@code storedPk}: its own
     * partition key for the unsharded layout, its calculated shard's, or for a random shard any shard below the
     * count.
     */
    public boolean holds(byte[] storedPk, KeyPath path, String typeName) {
        if (spec == null) {
            return Arrays.equals(storedPk, path.partitionKey());
        }
        if (random()) {
            if (!ShardKeys.isSharded(storedPk)) {
                return false;
            }
            OptionalInt shard = ShardKeys.decode(storedPk).shard();
            return shard.isPresent() && holdsShard(shard.getAsInt());
        }
        return Arrays.equals(storedPk, ShardKeys.encode(path, shardOf(path, typeName)));
    }

    /** Whether each put draws its shard at random. */
    public boolean random() {
        return spec != null && spec.choice() == ShardSpec.Choice.RANDOM;
    }

    /**
     * The partition key of {@code path}, an item of this template, in its calculated shard; a
     * {@link RandomShardException} for a random shard, which no key path tells.
     */
    public byte[] partitionKey(KeyPath path, String typeName) {
        if (spec == null) {
            return path.partitionKey();
        }
        if (random()) {
            throw new RandomShardException("Key path " + path + " of " + typeName + " is in a shard drawn at random "
                    + "when it was put (@Sharded(random = true)), so it cannot be read or written by key path; read "
                    + "it with a query of its parent, remove it with deleteSubtree or a time to live", path);
        }
        return ShardKeys.encode(path, shardOf(path, typeName));
    }

    /** The partition key a put stores {@code path} under: its calculated shard, or one drawn now. */
    public byte[] partitionKeyForPut(KeyPath path, String typeName) {
        if (spec == null) {
            return path.partitionKey();
        }
        int shard = random() ? spec.randomShard(ThreadLocalRandom.current()) : shardOf(path, typeName);
        return ShardKeys.encode(path, shard);
    }

    /** The calculated shard of {@code path}. */
    int shardOf(KeyPath path, String typeName) {
        KeyId[] ids = layout.match(path);
        if (ids == null) {
            throw new KeyPathMismatchException("Key path " + path + " is not of " + typeName + "'s template "
                    + layout.source() + ", so its shard cannot be calculated", path, typeName, layout.source());
        }
        List<KeyId> named = new ArrayList<>(variables.length);
        for (int v : variables) {
            named.add(ids[v]);
        }
        return spec.shardOf(named);
    }

    @Override
    public String toString() {
        return layoutName();
    }
}
