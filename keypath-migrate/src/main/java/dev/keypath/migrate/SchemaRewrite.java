package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemSchema;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Rewrites every stored item of one item type at the type's current version ({@code @ItemType(version)}), in place,
 * for an application's own job or {@code keypath migrate rewrite}:
 *
 * <pre>{@code
 * SchemaRewrite rewrite = SchemaRewrite.builder()
 *         .client(dynamo).table("app").type(table.schema(Member.class))
 *         .segments(8).readCapacity(200).writeCapacity(200)
 *         .checkpoint(CheckpointStore.file(Path.of("rewrite.checkpoint.json")))
 *         .build();
 * RewriteRun run = rewrite.run();                       // resumes from the checkpoint
 * UpgradeOutcome one = rewrite.upgrade(keyPath);        // one item now, e.g. after reading it
 * }</pre>
 *
 * The run scans the table in parallel segments within the read and write budgets (as a {@link Migration} does), and
 * upgrades each item of the type at an older version with one conditional {@code UpdateItem} that writes only the
 * attributes the upgrade changes, on condition that they and the item's version still hold what was read: a
 * concurrent writer's change is never overwritten (the item is read again and upgraded from what it holds now), and
 * attributes the upgrade leaves alone are not written at all. After each page the segment's position goes to the
 * checkpoint; a run stopped anywhere resumes after the last finished page, and an item it upgraded again is found
 * current and left alone. Run it once every instance of the application reads the current version (after the
 * rolling deploy's setting is flipped). Immutable and thread-safe.
 */
public final class SchemaRewrite {
    /** What {@link #upgrade(KeyPath)} found. */
    public enum UpgradeOutcome {
        /** The item was at an older version and is now stored at the current one. */
        UPGRADED,
        /** The item was already at the current version. */
        CURRENT,
        /** There is no item of the type at the key path. */
        ABSENT
    }

    /** Everything a run needs. */
    record Settings(DynamoDbClient client, String table, ItemSchema<?> schema, int segments, int pageSize,
                    double readCapacity, double writeCapacity, CheckpointStore checkpoint, BatchPolicy batchPolicy,
                    int attempts) {
    }

    private final Settings settings;

    private SchemaRewrite(Settings settings) {
        this.settings = settings;
    }

    /** A builder with 4 segments, pages of 500 items, no budgets, no checkpoint kept and 20 attempts per item. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Upgrades every item of the type in the table; each stored at an older version is rewritten at the current one.
     *
     * @throws TargetTableException          when the table is missing or not a key-path table
     * @throws CheckpointMismatchException   when the checkpoint belongs to another run
     * @throws RewriteConflictException      when an item kept changing under every attempt
     * @throws MigrationInterruptedException when the calling thread is interrupted
     */
    public RewriteRun run() {
        return new RewritePass(settings).run();
    }

    /**
     * Upgrades the one item at {@code keyPath} (read consistently), under the same condition as a run: upgrade on
     * write, for an application that meets an item of an older version.
     *
     * @throws dev.keypath.dynamodb.UnreadableItemException when the item is of a newer version or cannot be upgraded
     * @throws RewriteConflictException when it kept changing under every attempt
     */
    public UpgradeOutcome upgrade(KeyPath keyPath) {
        return new ItemUpgrader(settings).upgrade(keyPath);
    }

    /** Builds a {@link SchemaRewrite}; not thread-safe. */
    public static final class Builder {
        private DynamoDbClient client;
        private String table;
        private ItemSchema<?> schema;
        private int segments = 4;
        private int pageSize = 500;
        private double readCapacity;
        private double writeCapacity;
        private CheckpointStore checkpoint = CheckpointStore.inMemory();
        private BatchPolicy batchPolicy = BatchPolicy.DEFAULT;
        private int attempts = 20;

        private Builder() {
        }

        /** The SDK client. Required. */
        public Builder client(DynamoDbClient client) {
            this.client = client;
            return this;
        }

        /** The key-path table. Required. */
        public Builder table(String table) {
            this.table = table;
            return this;
        }

        /** The item type rewritten, by its schema ({@code table.schema(Type.class)}). Required. */
        public Builder type(ItemSchema<?> schema) {
            this.schema = schema;
            return this;
        }

        /** Parallel scan segments, one thread each (1 to 1,000,000; default 4). */
        public Builder segments(int segments) {
            if (segments < 1 || segments > 1_000_000) {
                throw new IllegalArgumentException("segments must be 1 to 1000000, not " + segments);
            }
            this.segments = segments;
            return this;
        }

        /** Items per page (default 500): the checkpoint's step. */
        public Builder pageSize(int items) {
            if (items < 1) {
                throw new IllegalArgumentException("page size must be positive, not " + items);
            }
            this.pageSize = items;
            return this;
        }

        /** Read capacity units per second for all segments together; 0 (the default) for no limit. */
        public Builder readCapacity(double unitsPerSecond) {
            this.readCapacity = budget(unitsPerSecond);
            return this;
        }

        /** Write capacity units per second for all segments together; 0 (the default) for no limit. */
        public Builder writeCapacity(double unitsPerSecond) {
            this.writeCapacity = budget(unitsPerSecond);
            return this;
        }

        /** Where the run keeps its checkpoint (default: in memory, so a stopped run starts over). */
        public Builder checkpoint(CheckpointStore store) {
            this.checkpoint = Objects.requireNonNull(store, "store");
            return this;
        }

        /** How throttled scans wait (default: DEFAULT). */
        public Builder batchPolicy(BatchPolicy policy) {
            this.batchPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** How often one item is read again and upgraded when concurrent writes keep failing the condition. */
        public Builder attempts(int attempts) {
            if (attempts < 1) {
                throw new IllegalArgumentException("attempts must be positive, not " + attempts);
            }
            this.attempts = attempts;
            return this;
        }

        /**
         * The rewrite.
         *
         * @throws IllegalArgumentException when the client, the table or the type is missing
         */
        public SchemaRewrite build() {
            if (client == null || table == null || schema == null) {
                throw new IllegalArgumentException("a schema rewrite needs a client, a table and a type");
            }
            return new SchemaRewrite(new Settings(client, table, schema, segments, pageSize, readCapacity,
                    writeCapacity, checkpoint, batchPolicy, attempts));
        }

        private static double budget(double unitsPerSecond) {
            if (!(unitsPerSecond >= 0) || Double.isInfinite(unitsPerSecond)) {
                throw new IllegalArgumentException("a capacity budget is 0 (none) or positive, not " + unitsPerSecond);
            }
            return unitsPerSecond;
        }
    }
}
