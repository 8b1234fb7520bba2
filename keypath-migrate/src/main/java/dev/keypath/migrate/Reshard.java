package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredLayouts;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Moves every stored item of one sharded item type from its former shard count to its new one
 * ({@code @Sharded(count = NEW, formerCount = OLD, ...)}; {@code formerCount = 1} for a type stored before it was
 * sharded), in place, for an application's own job or {@code keypath migrate reshard}:
 *
 * <pre>{@code
 * Reshard reshard = Reshard.builder()
 *         .client(dynamo).table("app").type(table.schema(Event.class))
 *         .segments(8).readCapacity(200).writeCapacity(200)
 *         .checkpoint(CheckpointStore.file(Path.of("reshard.checkpoint.json")))
 *         .build();
 * ReshardRun run = reshard.run();                     // resumes from the checkpoint
 * }</pre>
 *
 * The run first announces, in the table's layout record (docs/FORMAT.md, section 12), the switch to the new layout:
 * from now + twice the longest refresh interval the record holds + the {@linkplain Builder#clockMargin clock margin},
 * every instance of the application writes the new layout (until then they write the former one), none writes the
 * type within the margin around it, and an instance that declares the former layout alone refuses its writes. It
 * waits until the margin has passed, then scans the table in parallel segments within the read and write budgets, as
 * a {@link Migration} and a {@link SchemaRewrite} do, and moves each item of the type that is not where the new
 * layout keeps it (a calculated item's shard for the new count; a random item in a shard at or beyond the new count)
 * with one {@code TransactWriteItems}: the copy put under the new partition key on condition that none is there, the
 * stored copy deleted on condition that it is unchanged as read. That is the move the tables make before a write by
 * key after the switch, so a concurrent writer is never lost: when either condition fails, the item is read again
 * and moved from what it holds now, or left to the writer that moved it. A copy left in the former layout of an item
 * the new layout already holds is removed. A move keeps the item as stored: its version, timestamps and time to
 * live do not change. After each page the segment's position goes to the checkpoint; a run stopped anywhere resumes
 * after the last finished page, the switch announced already. Once the pass is complete, no copy is left in the
 * former layout, and the run records the re-shard as finished. Run it once every instance of the application
 * declares {@code formerCount} (docs/HOT-PARTITIONS.md); remove {@code formerCount} after it has finished. Immutable
 * and thread-safe.
 */
public final class Reshard {
    /** How far apart clocks may be, plus the longest time a write takes to reach DynamoDB, unless set. */
    static final Duration DEFAULT_CLOCK_MARGIN = Duration.ofSeconds(2);

    private final TypeRunBuilder.Settings settings;
    private final Duration clockMargin;

    private Reshard(TypeRunBuilder.Settings settings, Duration clockMargin) {
        this.settings = settings;
        this.clockMargin = clockMargin;
    }

    /** A builder with 4 segments, pages of 500 items, no budgets, no checkpoint kept and 20 attempts per item. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Moves every item of the type not yet in the new layout.
     *
     * @throws dev.keypath.dynamodb.ShardDeclarationException when the type declares no re-shard
     *                                       ({@code formerCount})
     * @throws dev.keypath.dynamodb.TableLayoutMismatchException when the table's layout record holds another
     *                                       layout or re-shard for the type
     * @throws TargetTableException          when the table is missing or not a key-path table
     * @throws CheckpointMismatchException   when the checkpoint belongs to another run
     * @throws RewriteConflictException      when an item kept changing under every attempt
     * @throws MigrationInterruptedException when the calling thread is interrupted, waiting for the switch included
     */
    public ReshardRun run() {
        return new ReshardPass(settings, clockMargin).run();
    }

    /**
     * The first step of a run, for a job that scans the table itself (keypath-spark): checks the table, announces the
     * switch to the new layout in its layout record (a run resumed finds it announced already) and waits until the
     * switch and its margin have passed. Returns the switch's instant.
     *
     * @throws dev.keypath.dynamodb.TableLayoutMismatchException when the layout record holds another layout or
     *                                       re-shard for the type
     * @throws TargetTableException          when the table is missing or not a key-path table
     * @throws MigrationInterruptedException when the calling thread is interrupted while it waits
     */
    public Instant announceSwitch() {
        Tables.check(settings.client(), settings.table(), settings.table());
        return ReshardPass.announceAndWait(settings, clockMargin).switchAt();
    }

    /**
     * Moves one stored item, as a scan of the table read it, into the new layout with the run's conditional
     * transaction (not read again first), after {@link #announceSwitch()}: for a job that scans the table itself. An
     * item of another type, or already where the new layout keeps it, is left alone ({@link MoveOutcome#IN_PLACE}).
     *
     * @throws RewriteConflictException when it kept changing under every attempt
     */
    public ItemMove move(Map<String, AttributeValue> stored) {
        return new ItemShardMover(settings).move(stored);
    }

    /**
     * Whether one stored item, as a scan read it, is where the new layout keeps it (or of another type). Reads
     * nothing: for a job's verification of its re-shard.
     */
    public boolean isInPlace(Map<String, AttributeValue> stored) {
        return !StoredUpgrade.isOf(settings.schema(), stored)
                || StoredShardMoves.newPartitionKey(settings.schema(), stored) == null;
    }

    /**
     * The last step of a run, once a complete pass after {@link #announceSwitch()} has moved every item: records the
     * re-shard as finished in the table's layout record.
     */
    public void finish() {
        StoredLayouts.finish(settings.client(), settings.table(), settings.schema());
    }

    /** What {@link #move(Map)} did to one item. */
    public enum MoveOutcome {
        /** moved into the new layout */
        MOVED,
        /** a former copy of an item the new layout already held, removed */
        LEFTOVER_REMOVED,
        /** of another type, already in place, moved by a writer meanwhile, or deleted: nothing written */
        IN_PLACE
    }

    /**
     * What {@link #move(Map)} did to one item. Immutable.
     *
     * @param outcome    moved, a leftover removed, or left alone
     * @param conflicts  moves that found the item changed or moved by a writer, after which it was read again
     * @param writeUnits the write capacity consumed
     */
    public record ItemMove(MoveOutcome outcome, int conflicts, double writeUnits) {
    }

    /** Builds a {@link Reshard}; not thread-safe. */
    public static final class Builder extends TypeRunBuilder<Builder> {
        private Duration clockMargin = DEFAULT_CLOCK_MARGIN;

        private Builder() {
        }

        /**
         * How far apart the clocks of the application's instances and of this run may be, plus the longest time a
         * write request takes to reach DynamoDB (default 2 seconds): no instance writes the type during this margin
         * on either side of the switch, and the run moves nothing before it has passed. 0 to 1 hour.
         */
        public Builder clockMargin(Duration margin) {
            if (margin == null || margin.isNegative() || margin.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("a clock margin is 0 to 1 hour, not " + margin);
            }
            this.clockMargin = margin;
            return this;
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * The re-shard.
         *
         * @throws IllegalArgumentException when the client, the table or the type is missing
         * @throws dev.keypath.dynamodb.ShardDeclarationException when the type declares no re-shard
         */
        public Reshard build() {
            TypeRunBuilder.Settings settings = settings("a re-shard");
            StoredShardMoves.counts(settings.schema()); // refuses a type not re-sharded
            return new Reshard(settings, clockMargin);
        }
    }
}
