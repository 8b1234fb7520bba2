package dev.keypath.migrate;

import dev.keypath.dynamodb.BatchPolicy;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One migration of a string-keyed table into a key-path table, for an application's own job or the
 * {@code keypath migrate} command:
 *
 * <pre>{@code
 * Migration migration = Migration.builder()
 *         .client(dynamo).source("app-v1").target("app-v2").mapping(mapping)
 *         .segments(8).readCapacity(400).writeCapacity(400)
 *         .checkpoint(CheckpointStore.file(Path.of("migration.checkpoint.json")))
 *         .build();
 * MigrationPlan plan = migration.plan();            // dry run: counts, collisions, key sizes, capacity
 * MigrationRun run = migration.run();               // the copy; resumes from the checkpoint
 * MigrationVerification check = migration.verify(); // the target against the source as it is
 * }</pre>
 *
 * Each phase first checks that the target exists and is a key-path table ({@link TargetTableException} if not:
 * create it with {@code keypath create-table} or {@code KeyPathTable.bootstrap()}), then scans the source in
 * parallel segments, one thread each, within the read and write budgets: capacity units per second for all
 * segments together, reserved before each call and settled with what DynamoDB bills, so that every window of 30 s
 * holds at most the budget (a shorter one, at most one second's budget more), a resumed run's own reads included;
 * while the run waits on a budget, it spends it at 29/30 of its rate, with calls as large as a second of the budget
 * allows ({@code BatchWriteItem} calls of 25 items from 25 WCU/s on). Immutable and thread-safe; each call runs on
 * threads of its own and returns when they are done.
 */
public final class Migration {
    private final Settings settings;

    private Migration(Settings settings) {
        this.settings = settings;
    }

    /** A builder with 4 segments, pages of 500 items, no budgets and no checkpoint kept. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The dry run: reads the whole source (under the read budget), maps every item, writes nothing. Keeps every
     * mapped key path in memory to find collisions.
     *
     * @throws TargetTableException when the target is missing or not a key-path table
     */
    public MigrationPlan plan() {
        return new PlanPass(settings).plan();
    }

    /**
     * Copies the mapped items into the target: each segment reads a page, puts its mapped items with
     * {@code BatchWriteItem} (unprocessed items and throttled calls retried), then records the page's last
     * evaluated key in the checkpoint; so a run stopped anywhere resumes after the last acknowledged page and
     * re-puts at most one page per segment, overwriting the same items. Items no entity matches, or that cannot
     * move, stay behind and are counted.
     *
     * <p>Every moved item carries {@code _kp_src}, a digest of the source item it came from, and the run keeps
     * the key path of every item it writes (about 32 bytes an item; a resumed run first reads the keys the target
     * holds from earlier runs, with a consistent scan). A second source item of a key path already written, in
     * whatever page, segment or run, is a collision: it is not written, and is counted in
     * {@link MigrationRun#collisions()}; the first one stays.
     *
     * @throws TargetTableException          when the target is missing or not a key-path table
     * @throws CheckpointMismatchException   when the checkpoint belongs to another migration
     * @throws MigrationInterruptedException when the calling thread is interrupted
     */
    public MigrationRun run() {
        return new RunPass(settings).run();
    }

    /**
     * Compares the target with the source as it is (not through the mapping's conversion): counts, presence,
     * collisions, items that cannot move and checksums.
     *
     * @throws TargetTableException when the target is missing or not a key-path table
     */
    public MigrationVerification verify() {
        return new VerifyPass(settings).verify();
    }

    /** Everything a phase needs. */
    record Settings(DynamoDbClient client, String source, String target, MigrationMapping mapping, int segments,
                    int pageSize, double readCapacity, double writeCapacity, CheckpointStore checkpoint,
                    BatchPolicy batchPolicy, MigrationProgress progress, Duration progressInterval) {
    }

    /** Builds a {@link Migration}; not thread-safe. */
    public static final class Builder {
        private DynamoDbClient client;
        private String source;
        private String target;
        private MigrationMapping mapping;
        private int segments = 4;
        private int pageSize = 500;
        private double readCapacity;
        private double writeCapacity;
        private CheckpointStore checkpoint = CheckpointStore.inMemory();
        private BatchPolicy batchPolicy = BatchPolicy.DEFAULT;
        private MigrationProgress progress = MigrationProgress.NONE;
        private Duration progressInterval = Duration.ofSeconds(2);

        private Builder() {
        }

        /** The SDK client of both tables. Required. */
        public Builder client(DynamoDbClient client) {
            this.client = client;
            return this;
        }

        /** The string-keyed table. Required. */
        public Builder source(String table) {
            this.source = table;
            return this;
        }

        /** The key-path table. Required. */
        public Builder target(String table) {
            this.target = table;
            return this;
        }

        /** How items move. Required. */
        public Builder mapping(MigrationMapping mapping) {
            this.mapping = mapping;
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

        /**
         * Items per page of a run (default 500): the checkpoint's step, and at most what a resumed segment writes
         * again. A page is one {@code Scan} call (its {@code Limit}), or several smaller ones when a read budget
         * sizes the calls. Plans and verifications read pages of up to 1 MB, or as a read budget sizes them.
         */
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

        /** Where a run keeps its checkpoint (default: in memory, so a stopped run starts over). */
        public Builder checkpoint(CheckpointStore store) {
            this.checkpoint = Objects.requireNonNull(store, "store");
            return this;
        }

        /** How batch calls retry unprocessed items and throttling, and throttled scans wait (default: DEFAULT). */
        public Builder batchPolicy(BatchPolicy policy) {
            this.batchPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** Receives progress every {@code interval} during each phase. */
        public Builder progress(MigrationProgress listener, Duration interval) {
            this.progress = Objects.requireNonNull(listener, "listener");
            this.progressInterval = Objects.requireNonNull(interval, "interval");
            return this;
        }

        /**
         * The migration.
         *
         * @throws IllegalArgumentException when the client, a table or the mapping is missing, or the tables are one
         */
        public Migration build() {
            if (client == null || source == null || target == null || mapping == null) {
                throw new IllegalArgumentException("a migration needs a client, a source, a target and a mapping");
            }
            if (source.equals(target)) {
                throw new IllegalArgumentException("the source and target are both table " + source);
            }
            return new Migration(new Settings(client, source, target, mapping, segments, pageSize, readCapacity,
                    writeCapacity, checkpoint, batchPolicy, progress, progressInterval));
        }

        private static double budget(double unitsPerSecond) {
            if (!(unitsPerSecond >= 0) || Double.isInfinite(unitsPerSecond)) {
                throw new IllegalArgumentException("a capacity budget is 0 (none) or positive, not " + unitsPerSecond);
            }
            return unitsPerSecond;
        }
    }
}
