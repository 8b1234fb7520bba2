package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.storage.CurrentStoredForm;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Rewrites every stored item of one item type in its current form, in place, for an application's own job or
 * {@code keypath migrate rewrite}: at the type's current version ({@code @ItemType(version)}), and stored as a put of
 * this code would store the object it reads as
 * ({@link CurrentStoredForm}: an older build's {@code NULL}s for null fields left out,
 * its sets stored as lists stored as sets, missing index keys added):
 *
 * <pre>{@code
 * SchemaRewrite rewrite = SchemaRewrite.builder()
 *         .client(dynamo).table("app").type(table.schema(Member.class))
 *         .segments(8).readCapacity(200).writeCapacity(200)
 *         .checkpoint(CheckpointStore.file(Path.of("rewrite.checkpoint.json")))
 *         .progress(p -> log.info(p.line()), Duration.ofSeconds(10))
 *         .build();
 * RewriteRun run = rewrite.run();                       // resumes from the checkpoint
 * UpgradeOutcome one = rewrite.upgrade(keyPath);        // one item now, e.g. after reading it
 * }</pre>
 *
 * The run scans the table in parallel segments within the read and write budgets (as a {@link Migration} does), and
 * rewrites each item of the type that is not in its current form with one conditional {@code UpdateItem} that writes
 * only the attributes that differ, on condition that they and the item's version still hold what was read: a
 * concurrent writer's change is never overwritten (the item is read again and rewritten from what it holds now), and
 * attributes that are already as this code stores them are not written at all. Its report counts every item it
 * scanned once ({@link RewriteRun}). After each page the segment's position goes to the checkpoint; a run stopped
 * anywhere resumes after the last finished page, and an item it rewrote again is found current and left alone. Run it
 * once every instance of the application reads the current version (after the rolling deploy's setting is flipped).
 * Immutable and thread-safe.
 */
public final class SchemaRewrite {
    /** What {@link #upgrade(KeyPath)} found. */
    public enum UpgradeOutcome {
        /** The item was not in its current form (an older version, or an older build's form) and now is. */
        UPGRADED,
        /** The item was already in its current form. */
        CURRENT,
        /** There is no item of the type at the key path. */
        ABSENT
    }

    private final TypeRunBuilder.Settings settings;
    private final MigrationProgress progress;
    private final Duration progressInterval;

    private SchemaRewrite(TypeRunBuilder.Settings settings, MigrationProgress progress, Duration progressInterval) {
        this.settings = settings;
        this.progress = progress;
        this.progressInterval = progressInterval;
    }

    /**
     * A builder with 4 segments, pages of 500 items, no budgets, no checkpoint kept, 20 attempts per item and no
     * progress reports.
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Rewrites every item of the type in the table that is not in its current form.
     *
     * @throws IllegalArgumentException      when the type's schema is a table's that writes the previous version
     *                                       ({@code writePreviousVersion}); nothing is read
     * @throws TargetTableException          when the table is missing or not a key-path table
     * @throws CheckpointMismatchException   when the checkpoint belongs to another run
     * @throws RewriteConflictException      when an item kept changing under every attempt
     * @throws MigrationInterruptedException when the calling thread is interrupted
     */
    public RewriteRun run() {
        return new RewritePass(settings, progress, progressInterval).run();
    }

    /**
     * Rewrites the one item at {@code keyPath} (read consistently) in its current form, under the same condition as a
     * run: upgrade on write, for an application that meets an item of an older version.
     *
     * @throws dev.keypath.dynamodb.UnreadableItemException when the item is of a newer version or cannot be upgraded
     * @throws RewriteConflictException when it kept changing under every attempt
     */
    public UpgradeOutcome upgrade(KeyPath keyPath) {
        return new ItemUpgrader(settings).upgrade(keyPath);
    }

    /**
     * Rewrites one stored item, as a scan of the table read it, in its current form under the same condition as a
     * run (not read again first): for a job that scans the table itself (keypath-spark). An item stored under none
     * of the type's names is left alone ({@link UpgradeOutcome#ABSENT}).
     *
     * @throws dev.keypath.dynamodb.UnreadableItemException when the item is of a newer version or cannot be upgraded
     * @throws RewriteConflictException when it kept changing under every attempt
     */
    public ItemRewrite rewrite(Map<String, AttributeValue> stored) {
        if (!StoredUpgrade.isOf(settings.schema(), stored)) {
            return new ItemRewrite(UpgradeOutcome.ABSENT, 0, 0);
        }
        Map<String, AttributeValue> current = CurrentStoredForm.of(settings.schema(), stored);
        if (current == stored) {
            return new ItemRewrite(UpgradeOutcome.CURRENT, 0, 0);
        }
        ItemUpgrader.Result r = new ItemUpgrader(settings).upgrade(stored, current);
        return new ItemRewrite(r.outcome(), r.conflicts(), r.units());
    }

    /**
     * Whether one stored item, as a scan read it, needs no rewrite: of another type, or of this one in its current
     * form. Reads nothing: for a job's verification of its rewrite.
     */
    public boolean isCurrent(Map<String, AttributeValue> stored) {
        return !StoredUpgrade.isOf(settings.schema(), stored) || CurrentStoredForm.of(settings.schema(), stored)
                .equals(stored);
    }

    /**
     * What {@link #rewrite(Map)} did to one item. Immutable.
     *
     * @param outcome    rewritten, found current (by this rewrite or another writer's), or gone (deleted meanwhile, or
     *                   not of the type)
     * @param conflicts  writes that met another writer's change, after which the item was rewritten from what it held
     * @param writeUnits the write capacity consumed
     */
    public record ItemRewrite(UpgradeOutcome outcome, int conflicts, double writeUnits) {
    }

    /** Builds a {@link SchemaRewrite}; not thread-safe. */
    public static final class Builder extends TypeRunBuilder<Builder> {
        private MigrationProgress progress = MigrationProgress.NONE;
        private Duration progressInterval = Duration.ofSeconds(2);

        private Builder() {
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * Receives the run's progress every {@code interval} (phase {@code rewrite}: items scanned, of DynamoDB's
         * estimate of the table's items, and items rewritten), on a thread of its own, and once more when the run
         * ends.
         */
        public Builder progress(MigrationProgress listener, Duration interval) {
            this.progress = Objects.requireNonNull(listener, "listener");
            this.progressInterval = Objects.requireNonNull(interval, "interval");
            return this;
        }

        /**
         * The rewrite.
         *
         * @throws IllegalArgumentException when the client, the table or the type is missing
         */
        public SchemaRewrite build() {
            return new SchemaRewrite(settings("a schema rewrite"), progress, progressInterval);
        }
    }
}
