package dev.keypath.migrate;

import dev.keypath.dynamodb.SegmentedScan;
import dev.keypath.dynamodb.storage.StoredItemBatches;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Migration#run()}: checks the target, claims the key paths the target already holds from earlier runs of
 * this migration ({@link TargetKeys}), then per segment, page after page from the checkpoint on: read, map, claim
 * each key path ({@link WrittenKeys}: the second source item of one key path is a collision, not written), put,
 * record the page's last evaluated key.
 */
final class RunPass {
    private final Migration.Settings settings;
    private final StoredItemBatches batches;
    private final WrittenKeys claimed = new WrittenKeys();
    private final Examples<MigrationPlan.Collision> collisionExamples = new Examples<>();
    private Checkpoint checkpoint;

    RunPass(Migration.Settings settings) {
        this.settings = settings;
        this.batches = new StoredItemBatches(settings.client(), settings.batchPolicy());
    }

    MigrationRun run() {
        Tables tables = Tables.check(settings.client(), settings.source(), settings.target());
        Checkpoint begun = begin();
        boolean resumed = begun.scanned() > 0 || begun.segments().stream().anyMatch(s -> s.done());
        checkpoint = begun;
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        CapacityBudget writes = new CapacityBudget(settings.writeCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("run",
                SourceItems.approximate(settings.client(), settings.source()), settings.progress(),
                settings.progressInterval())) {
            TargetKeys.claim(settings, claimed, reads, ticker, timings);
            ticker.scanned.add(begun.scanned());
            ticker.moved.add(begun.written());
            SourceScan[] scans = new SourceScan[settings.segments()];
            Segments.run(settings.segments(), "run", new SegmentedScan.SegmentReader<Checkpoint.SegmentProgress,
                    Checkpoint.SegmentProgress>() {
                @Override
                public Checkpoint.SegmentProgress first(int segment) {
                    scans[segment] = new SourceScan(settings.client(), settings.source(), segment,
                            settings.segments(), false, settings.batchPolicy(), reads, ticker.reads, timings);
                    Checkpoint.SegmentProgress at = begun.segments().get(segment);
                    return at.done() ? null : at;
                }

                @Override
                public Checkpoint.SegmentProgress read(Checkpoint.SegmentProgress at) {
                    return page(scans[at.segment()], at, tables, writes, ticker, timings);
                }

                @Override
                public Checkpoint.SegmentProgress next(Checkpoint.SegmentProgress at,
                                                       Checkpoint.SegmentProgress after) {
                    return after.done() ? null : after;
                }
            }, (segment, after) -> save(after));
            Checkpoint end = current();
            long writtenNow = end.written() - begun.written();
            long unmatched = end.segments().stream().mapToLong(Checkpoint.SegmentProgress::unmatched).sum();
            long invalid = end.segments().stream().mapToLong(Checkpoint.SegmentProgress::invalid).sum();
            return new MigrationRun(end.scanned(), end.written(), unmatched, invalid, end.collisions(),
                    collisionExamples.list(), writtenNow, ticker.reads.total(), ticker.writes.total(),
                    ticker.reads.perSecond(), ticker.writes.perSecond(), ticker.elapsed(),
                    Duration.ofNanos(timings.scanNanos()), Duration.ofNanos(timings.writeNanos()),
                    Duration.ofNanos(timings.budgetNanos()), resumed);
        }
    }

    /** The checkpoint to start from: the stored one if it is this migration's, else a fresh one (saved). */
    private Checkpoint begin() {
        String fingerprint = settings.mapping().fingerprint();
        Checkpoint stored = settings.checkpoint().load().orElse(null);
        if (stored == null) {
            Checkpoint fresh = Checkpoint.start(settings.source(), settings.target(), fingerprint, settings.segments());
            settings.checkpoint().save(fresh);
            return fresh;
        }
        if (!stored.source().equals(settings.source()) || !stored.target().equals(settings.target())) {
            throw new CheckpointMismatchException("the checkpoint is of a migration from " + stored.source() + " to "
                    + stored.target() + ", not from " + settings.source() + " to " + settings.target());
        }
        if (!stored.mapping().equals(fingerprint)) {
            throw new CheckpointMismatchException("the checkpoint was made with another mapping (fingerprint "
                    + stored.mapping() + ", this one " + fingerprint + ")");
        }
        if (stored.segments().size() != settings.segments()) {
            throw new CheckpointMismatchException("the checkpoint has " + stored.segments().size()
                    + " segments; resume with --segments " + stored.segments().size());
        }
        return stored;
    }

    /**
     * Reads up to a page of items after {@code at} (one or more scan calls, as the read budget sizes them), maps
     * them, claims and writes the moved ones; the segment's progress after it.
     */
    private Checkpoint.SegmentProgress page(SourceScan scan, Checkpoint.SegmentProgress at, Tables tables,
                                            CapacityBudget writes, ProgressTicker ticker, Timings timings) {
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
        List<Map<String, AttributeValue>> puts = new ArrayList<>();
        long unmatched = 0;
        long invalid = 0;
        long collisions = 0;
        for (Map<String, AttributeValue> item : items) {
            ItemOutcome outcome = settings.mapping().map(item, tables);
            if (outcome instanceof ItemOutcome.Mapped m) {
                if (claimed.claim(m.item()) == WrittenKeys.Claim.OTHER) {
                    collisions++;
                    collisionExamples.offer(new MigrationPlan.Collision(m.keyPath().toString(),
                            "another source item", m.sourceKey()));
                    ticker.scanned.increment();
                } else {
                    puts.add(m.item());
                }
            } else {
                if (outcome instanceof ItemOutcome.Invalid) {
                    invalid++;
                } else {
                    unmatched++;
                }
                ticker.scanned.increment();
            }
        }
        double pageWrites = write(puts, writes, ticker, timings);
        return new Checkpoint.SegmentProgress(at.segment(), done, done ? Map.of() : lastKey,
                at.scanned() + items.size(), at.written() + puts.size(), at.unmatched() + unmatched,
                at.invalid() + invalid, at.collisions() + collisions, at.readUnits() + pageReads,
                at.writeUnits() + pageWrites);
    }

    /**
     * Puts {@code items} with {@code BatchWriteItem} calls of at most 25 items, fewer when the write budget sizes a
     * call smaller; each call's units (one per started KB of each item) are reserved before it and settled with
     * what DynamoDB reports. The write units consumed.
     */
    private double write(List<Map<String, AttributeValue>> items, CapacityBudget writes, ProgressTicker ticker,
                         Timings timings) {
        double consumed = 0;
        int from = 0;
        while (from < items.size()) {
            int to = from;
            double units = 0;
            while (to < items.size() && to - from < StoredItemLayout.BATCH_WRITE_LIMIT) {
                double next = ItemSize.writeUnits(ItemSize.of(items.get(to)));
                if (to > from && units + next > writes.callUnits()) {
                    break;
                }
                units += next;
                to++;
            }
            timings.budget(writes.acquire(units));
            List<Map<String, AttributeValue>> batch = items.subList(from, to);
            double[] callUnits = {0};
            long start = System.nanoTime();
            batches.put(settings.target(), batch, c -> {
                double u = c.capacityUnits() == null ? 0 : c.capacityUnits();
                callUnits[0] += u;
                ticker.writes.add(u);
            });
            timings.write(System.nanoTime() - start);
            writes.settle(units, callUnits[0]);
            consumed += callUnits[0];
            ticker.scanned.add(batch.size());
            ticker.moved.add(batch.size());
            from = to;
        }
        return consumed;
    }

    private synchronized void save(Checkpoint.SegmentProgress progress) {
        checkpoint = checkpoint.with(progress);
        settings.checkpoint().save(checkpoint);
    }

    private synchronized Checkpoint current() {
        return checkpoint;
    }
}
