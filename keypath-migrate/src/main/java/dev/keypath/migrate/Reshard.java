package dev.keypath.migrate;

/**
 * Moves every stored item of one sharded item type from its former shard count to its new one
 * ({@code @Sharded(count = NEW, formerCount = OLD, ...)}), in place, for an application's own job or
 * {@code keypath migrate reshard}:
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
 * The run scans the table in parallel segments within the read and write budgets, as a {@link Migration} and a
 * {@link SchemaRewrite} do, and moves each item of the type that is not where the new layout keeps it (a calculated
 * item's shard for the new count; a random item in a shard at or beyond the new count) with one
 * {@code TransactWriteItems}: the copy put under the new partition key on condition that none is there, the stored
 * copy deleted on condition that it is unchanged as read. That is the move the tables make before a write by key
 * while the re-shard is declared, so a concurrent writer is never lost: when either condition fails, the item is read
 * again and moved from what it holds now, or left to the writer that moved it. A copy left in the former layout of an
 * item the new layout already holds is removed. A move keeps the item as stored: its version, timestamps and time to
 * live do not change. After each page the segment's position goes to the checkpoint; a run stopped anywhere resumes
 * after the last finished page. Run it once every instance of the application declares {@code formerCount}
 * (docs/HOT-PARTITIONS.md); remove {@code formerCount} after it has finished. Immutable and thread-safe.
 */
public final class Reshard {
    private final TypeRunBuilder.Settings settings;

    private Reshard(TypeRunBuilder.Settings settings) {
        this.settings = settings;
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
     * @throws TargetTableException          when the table is missing or not a key-path table
     * @throws CheckpointMismatchException   when the checkpoint belongs to another run
     * @throws RewriteConflictException      when an item kept changing under every attempt
     * @throws MigrationInterruptedException when the calling thread is interrupted
     */
    public ReshardRun run() {
        return new ReshardPass(settings).run();
    }

    /** Builds a {@link Reshard}; not thread-safe. */
    public static final class Builder extends TypeRunBuilder<Builder> {
        private Builder() {
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
            dev.keypath.dynamodb.storage.StoredShardMoves.counts(settings.schema()); // refuses a type not re-sharded
            return new Reshard(settings);
        }
    }
}
