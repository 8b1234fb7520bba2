package dev.keypath.migrate;

import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.storage.CurrentStoredForm;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link SchemaRewrite#run()}: checks the table, then, as a {@link ResumableRun} over it, page after page: bring each
 * item of the type to its current form ({@link CurrentStoredForm}: the current version, and the attributes a put
 * of this code would store) with {@link ItemUpgrader}, each write's units reserved from the write budget and settled
 * with what DynamoDB reports; record the page's last evaluated key. The checkpoint ({@link Checkpoint}, with the
 * table as source and target) counts every item scanned once: rewritten as written, already current as unchanged,
 * deleted before the write as gone, items of other types as unmatched, and items that cannot be rewritten (a newer
 * version, a change that fails on them, a value that does not fit its field) as invalid. The progress listener hears
 * the items done and rewritten every interval, and once more at the end.
 */
final class RewritePass {
    private final TypeRunBuilder.Settings settings;
    private final MigrationProgress progress;
    private final Duration interval;
    private final ItemUpgrader upgrader;
    private final AtomicLong conflicts = new AtomicLong();
    private final Examples<String> unreadable = new Examples<>();

    RewritePass(TypeRunBuilder.Settings settings, MigrationProgress progress, Duration interval) {
        this.settings = settings;
        this.progress = progress;
        this.interval = interval;
        this.upgrader = new ItemUpgrader(settings);
    }

    /** What the checkpoint's fingerprint holds: the type and the version items are rewritten at. */
    private String fingerprint() {
        return "rewrite " + settings.schema().typeName() + " to version " + settings.schema().schemaVersion();
    }

    RewriteRun run() {
        CurrentStoredForm.checkWritesCurrentVersion(settings.schema());
        Tables.check(settings.client(), settings.table(), settings.table());
        ResumableRun resumable = new ResumableRun(settings.client(), settings.table(), settings.segments(),
                settings.pageSize(), settings.batchPolicy(), settings.checkpoint());
        Checkpoint begun = resumable.begin(Checkpoint.start(settings.table(), settings.table(), fingerprint(),
                settings.segments()), this::mismatch);
        boolean resumed = ResumableRun.resumed(begun);
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        CapacityBudget writes = new CapacityBudget(settings.writeCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("rewrite",
                SourceItems.approximate(settings.client(), settings.table()), progress, interval)) {
            ticker.scanned.add(begun.scanned());
            ticker.moved.add(begun.written());
            Checkpoint end = resumable.run("rewrite", begun, reads, ticker.reads, timings,
                    items -> page(items, writes, ticker, timings));
            progress.report(ticker.snapshot());
            return new RewriteRun(settings.schema().typeName(), settings.schema().schemaVersion(), end.scanned(),
                    end.written(), end.written() - begun.written(), ResumableRun.unchanged(end),
                    ResumableRun.unmatched(end), ResumableRun.invalid(end), ResumableRun.gone(end), unreadable.list(),
                    conflicts.get(), ResumableRun.readUnits(end), ResumableRun.writeUnits(end), ticker.elapsed(),
                    resumed);
        }
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

    /** Brings each item of the type in one page to its current form; counts every item once. */
    private ResumableRun.PageResult page(List<Map<String, AttributeValue>> items, CapacityBudget writes,
                                         ProgressTicker ticker, Timings timings) {
        long rewritten = 0;
        long unchanged = 0;
        long gone = 0;
        long other = 0;
        long invalid = 0;
        double pageWrites = 0;
        for (Map<String, AttributeValue> item : items) {
            if (!StoredUpgrade.isOf(settings.schema(), item)) {
                other++;
                continue;
            }
            try {
                Map<String, AttributeValue> current = CurrentStoredForm.of(settings.schema(), item);
                if (current == item) {
                    unchanged++; // nothing to write, nothing to reserve
                    continue;
                }
                double reserved = ItemSize.writeUnits(ItemSize.of(item));
                timings.budget(writes.acquire(reserved));
                long begin = System.nanoTime();
                ItemUpgrader.Result r = upgrader.upgrade(item, current);
                timings.write(System.nanoTime() - begin);
                writes.settle(reserved, r.units());
                pageWrites += r.units();
                ticker.writes.add(r.units());
                conflicts.addAndGet(r.conflicts());
                switch (r.outcome()) {
                    case UPGRADED -> rewritten++;
                    case CURRENT -> unchanged++; // another writer brought it to its current form first
                    case ABSENT -> gone++;
                }
            } catch (UnreadableItemException e) {
                invalid++;
                unreadable.offer(e.getMessage());
            }
        }
        ticker.scanned.add(items.size());
        ticker.moved.add(rewritten);
        return new ResumableRun.PageResult(rewritten, other, invalid, 0, pageWrites, unchanged, gone);
    }
}
