package dev.keypath.migrate;

import dev.keypath.KeyPath;

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

    private final TypeRunBuilder.Settings settings;

    private SchemaRewrite(TypeRunBuilder.Settings settings) {
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
    public static final class Builder extends TypeRunBuilder<Builder> {
        private Builder() {
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * The rewrite.
         *
         * @throws IllegalArgumentException when the client, the table or the type is missing
         */
        public SchemaRewrite build() {
            return new SchemaRewrite(settings("a schema rewrite"));
        }
    }
}
