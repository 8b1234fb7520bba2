package dev.keypath.migrate;

import dev.keypath.dynamodb.UnreadableItemException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link SchemaRewrite#run()}: checks the table, then, as a {@link ResumableRun} over it, page after page:
 * upgrade each item of the type at an older version ({@link ItemUpgrader}, each write's units reserved from the
 * write budget and settled with what DynamoDB reports), record the page's last evaluated key. The checkpoint
 * ({@link Checkpoint}, with the table as source and target) counts upgraded items as written, items of other types
 * as unmatched, and items that cannot be upgraded (a newer version, a change that fails on them) as invalid.
 */
final class RewritePass {
    private final TypeRunBuilder.Settings settings;
    private final ItemUpgrader upgrader;
    private final AtomicLong conflicts = new AtomicLong();
    private final Examples<String> unreadable = new Examples<>();

    RewritePass(TypeRunBuilder.Settings settings) {
        this.settings = settings;
        this.upgrader = new ItemUpgrader(settings);
    }

    /** What the checkpoint's fingerprint holds: the type and the version items are rewritten at. */
    private String fingerprint() {
        return "rewrite " + settings.schema().typeName() + " to version " + settings.schema().schemaVersion();
    }

    RewriteRun run() {
        Tables.check(settings.client(), settings.table(), settings.table());
        ResumableRun resumable = new ResumableRun(settings.client(), settings.table(), settings.segments(),
                settings.pageSize(), settings.batchPolicy(), settings.checkpoint());
        Checkpoint begun = resumable.begin(Checkpoint.start(settings.table(), settings.table(), fingerprint(),
                settings.segments()), this::mismatch);
        boolean resumed = ResumableRun.resumed(begun);
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        CapacityBudget writes = new CapacityBudget(settings.writeCapacity());
        Timings timings = new Timings();
        long start = System.nanoTime();
        Checkpoint end = resumable.run("rewrite", begun, reads, new CapacityMeter(), timings,
                items -> page(items, writes, timings));
        return new RewriteRun(settings.schema().typeName(), settings.schema().schemaVersion(), end.scanned(),
                end.written(), end.written() - begun.written(), ResumableRun.unmatched(end),
                ResumableRun.invalid(end), unreadable.list(), conflicts.get(), ResumableRun.readUnits(end),
                ResumableRun.writeUnits(end), Duration.ofNanos(System.nanoTime() - start), resumed);
    }

    /** What is wrong with a stored checkpoint for this rewrite, or null. */
    private String mismatch(Checkpoint stored) {
        if (!stored.source().equals(settings.table()) || !stored.target().equals(settings.table())
                || !stored.mapping().equals(fingerprint())) {
            return "the checkpoint is of another run (" + stored.mapping() + " of " + stored.target() + "), not of "
                    + fingerprint() + " of " + settings.table();
        }
        return null;
    }

    /** Upgrades each item of the type at an older version in one page. */
    private ResumableRun.PageResult page(List<Map<String, AttributeValue>> items, CapacityBudget writes,
                                         Timings timings) {
        long upgraded = 0;
        long other = 0;
        long invalid = 0;
        double pageWrites = 0;
        for (Map<String, AttributeValue> item : items) {
            if (!StoredUpgrade.isOf(settings.schema(), item)) {
                other++;
                continue;
            }
            double reserved = ItemSize.writeUnits(ItemSize.of(item));
            try {
                if (settings.schema().upgrade(item) == item) {
                    continue; // current: nothing to write, nothing to reserve
                }
                timings.budget(writes.acquire(reserved));
                long begin = System.nanoTime();
                ItemUpgrader.Result r = upgrader.upgrade(item);
                timings.write(System.nanoTime() - begin);
                writes.settle(reserved, r.units());
                pageWrites += r.units();
                conflicts.addAndGet(r.conflicts());
                if (r.outcome() == SchemaRewrite.UpgradeOutcome.UPGRADED) {
                    upgraded++;
                }
            } catch (UnreadableItemException e) {
                invalid++;
                unreadable.offer(e.getMessage());
            }
        }
        return new ResumableRun.PageResult(upgraded, other, invalid, 0, pageWrites);
    }
}
