package dev.keypath.migrate;

import dev.keypath.dynamodb.SegmentedScan;
import dev.keypath.dynamodb.UnreadableItemException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link SchemaRewrite#run()}: checks the table, then per segment, page after page from the checkpoint on: read,
 * upgrade each item of the type at an older version ({@link ItemUpgrader}, each write's units reserved from the
 * write budget and settled with what DynamoDB reports), record the page's last evaluated key. The checkpoint
 * ({@link Checkpoint}, with the table as source and target) counts upgraded items as written, items of other types
 * as unmatched, and items that cannot be upgraded (a newer version, a change that fails on them) as invalid.
 */
final class RewritePass {
    private final SchemaRewrite.Settings settings;
    private final ItemUpgrader upgrader;
    private final AtomicLong conflicts = new AtomicLong();
    private final Examples<String> unreadable = new Examples<>();
    private Checkpoint checkpoint;

    RewritePass(SchemaRewrite.Settings settings) {
        this.settings = settings;
        this.upgrader = new ItemUpgrader(settings);
    }

    /** What the checkpoint's fingerprint holds: the type and the version items are rewritten at. */
    private String fingerprint() {
        return "rewrite " + settings.schema().typeName() + " to version " + settings.schema().schemaVersion();
    }

    RewriteRun run() {
        Tables.check(settings.client(), settings.table(), settings.table());
        Checkpoint begun = begin();
        boolean resumed = begun.scanned() > 0 || begun.segments().stream().anyMatch(Checkpoint.SegmentProgress::done);
        checkpoint = begun;
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        CapacityBudget writes = new CapacityBudget(settings.writeCapacity());
        CapacityMeter readMeter = new CapacityMeter();
        Timings timings = new Timings();
        long start = System.nanoTime();
        SourceScan[] scans = new SourceScan[settings.segments()];
        Segments.run(settings.segments(), "rewrite", new SegmentedScan.SegmentReader<Checkpoint.SegmentProgress,
                Checkpoint.SegmentProgress>() {
            @Override
            public Checkpoint.SegmentProgress first(int segment) {
                scans[segment] = new SourceScan(settings.client(), settings.table(), segment, settings.segments(),
                        false, settings.batchPolicy(), reads, readMeter, timings);
                Checkpoint.SegmentProgress at = begun.segments().get(segment);
                return at.done() ? null : at;
            }

            @Override
            public Checkpoint.SegmentProgress read(Checkpoint.SegmentProgress at) {
                return page(scans[at.segment()], at, writes, timings);
            }

            @Override
            public Checkpoint.SegmentProgress next(Checkpoint.SegmentProgress at, Checkpoint.SegmentProgress after) {
                return after.done() ? null : after;
            }
        }, (segment, after) -> save(after));
        Checkpoint end = current();
        long unmatched = end.segments().stream().mapToLong(Checkpoint.SegmentProgress::unmatched).sum();
        long invalid = end.segments().stream().mapToLong(Checkpoint.SegmentProgress::invalid).sum();
        double readUnits = end.segments().stream().mapToDouble(Checkpoint.SegmentProgress::readUnits).sum();
        double writeUnits = end.segments().stream().mapToDouble(Checkpoint.SegmentProgress::writeUnits).sum();
        return new RewriteRun(settings.schema().typeName(), settings.schema().schemaVersion(), end.scanned(),
                end.written(), end.written() - begun.written(), unmatched, invalid, unreadable.list(), conflicts.get(),
                readUnits, writeUnits, Duration.ofNanos(System.nanoTime() - start), resumed);
    }

    /** The checkpoint to start from: the stored one if it is this rewrite's, else a fresh one (saved). */
    private Checkpoint begin() {
        Checkpoint stored = settings.checkpoint().load().orElse(null);
        if (stored == null) {
            Checkpoint fresh = Checkpoint.start(settings.table(), settings.table(), fingerprint(), settings.segments());
            settings.checkpoint().save(fresh);
            return fresh;
        }
        if (!stored.source().equals(settings.table()) || !stored.target().equals(settings.table())
                || !stored.mapping().equals(fingerprint())) {
            throw new CheckpointMismatchException("the checkpoint is of another run (" + stored.mapping() + " of "
                    + stored.target() + "), not of " + fingerprint() + " of " + settings.table());
        }
        if (stored.segments().size() != settings.segments()) {
            throw new CheckpointMismatchException("the checkpoint has " + stored.segments().size()
                    + " segments; resume with --segments " + stored.segments().size());
        }
        return stored;
    }

    private Checkpoint.SegmentProgress page(SourceScan scan, Checkpoint.SegmentProgress at, CapacityBudget writes,
                                            Timings timings) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> lastKey = at.lastKey();
        double pageReads = 0;
        boolean done = false;
        while (items.size() < settings.pageSize()) {
            SourceScan.Page read = scan.next(lastKey, settings.pageSize() - items.size());
            items.addAll(read.items());
            pageReads += read.units();
            if (read.last()) {
                done = true;
                break;
            }
            lastKey = read.lastKey();
        }
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
        return new Checkpoint.SegmentProgress(at.segment(), done, done ? Map.of() : lastKey,
                at.scanned() + items.size(), at.written() + upgraded, at.unmatched() + other, at.invalid() + invalid,
                at.collisions(), at.readUnits() + pageReads, at.writeUnits() + pageWrites);
    }

    private synchronized void save(Checkpoint.SegmentProgress progress) {
        checkpoint = checkpoint.with(progress);
        settings.checkpoint().save(checkpoint);
    }

    private synchronized Checkpoint current() {
        return checkpoint;
    }
}
