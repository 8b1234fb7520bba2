package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.client.SyncDriver;
import dev.keypath.dynamodb.internal.operation.ItemBatches;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@link Migration#run()}: per segment, page after page from the checkpoint on: map, put, record the page's last
 * evaluated key.
 */
final class RunPass {
    /** Items per {@code BatchWriteItem}. */
    private static final int BATCH = 25;

    private final Migration.Settings settings;
    private final SyncDriver driver;
    private Checkpoint checkpoint;

    RunPass(Migration.Settings settings) {
        this.settings = settings;
        this.driver = new SyncDriver(settings.client());
    }

    MigrationRun run() {
        Checkpoint begun = begin();
        boolean resumed = begun.scanned() > 0 || begun.segments().stream().anyMatch(s -> s.done());
        checkpoint = begun;
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        CapacityBudget writes = new CapacityBudget(settings.writeCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("run",
                SourceItems.approximate(settings.client(), settings.source()), settings.progress(),
                settings.progressInterval())) {
            ticker.scanned.add(begun.scanned());
            ticker.moved.add(begun.written());
            Segments.run(settings.segments(), "run", segment -> {
                SourceScan scan = new SourceScan(settings.client(), settings.source(), segment, settings.segments(),
                        settings.pageSize(), settings.batchPolicy(), reads, ticker.reads, timings);
                Checkpoint.SegmentProgress at = begun.segments().get(segment);
                while (!at.done()) {
                    at = page(scan, at, writes, ticker, timings);
                    save(at);
                }
            });
            Checkpoint end = current();
            long writtenNow = end.written() - begun.written();
            long unmatched = end.segments().stream().mapToLong(Checkpoint.SegmentProgress::unmatched).sum();
            long invalid = end.segments().stream().mapToLong(Checkpoint.SegmentProgress::invalid).sum();
            return new MigrationRun(end.scanned(), end.written(), unmatched, invalid, writtenNow, ticker.reads.total(),
                    ticker.writes.total(), ticker.reads.perSecond(), ticker.writes.perSecond(), ticker.elapsed(),
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

    /** Reads, maps and writes one page after {@code at}; the segment's progress after it. */
    private Checkpoint.SegmentProgress page(SourceScan scan, Checkpoint.SegmentProgress at, CapacityBudget writes,
                                            ProgressTicker ticker, Timings timings) {
        ScanResponse page = scan.page(at.lastKey());
        double pageReads = page.consumedCapacity() == null || page.consumedCapacity().capacityUnits() == null
                ? 0 : page.consumedCapacity().capacityUnits();
        List<Map<String, AttributeValue>> puts = new ArrayList<>();
        Map<KeyPath, String> keys = new HashMap<>();
        long unmatched = 0;
        long invalid = 0;
        for (Map<String, AttributeValue> item : page.items()) {
            ItemOutcome outcome = settings.mapping().map(item);
            if (outcome instanceof ItemOutcome.Mapped m) {
                String other = keys.putIfAbsent(m.keyPath(), m.sourceKey());
                if (other != null) {
                    throw new MigrationCollisionException(m.keyPath(), other, m.sourceKey());
                }
                puts.add(m.item());
            } else if (outcome instanceof ItemOutcome.Invalid) {
                invalid++;
            } else {
                unmatched++;
            }
        }
        ticker.scanned.add(page.items().size());
        double[] pageWrites = {0};
        long start = System.nanoTime();
        long[] waited = {0};
        for (int from = 0; from < puts.size(); from += BATCH) {
            List<Map<String, AttributeValue>> batch = puts.subList(from, Math.min(puts.size(), from + BATCH));
            // A put costs at least one unit: that much is paid before the call, the rest after it.
            waited[0] += writes.charge(batch.size());
            double[] prepaid = {batch.size()};
            driver.run(ItemBatches.put(settings.target(), batch, settings.batchPolicy(), consumed -> {
                double units = consumed.capacityUnits() == null ? 0 : consumed.capacityUnits();
                pageWrites[0] += units;
                ticker.writes.add(units);
                double beyond = units - prepaid[0];
                prepaid[0] = Math.max(0, prepaid[0] - units);
                waited[0] += writes.charge(beyond);
            }));
        }
        timings.write(System.nanoTime() - start - waited[0]);
        timings.budget(waited[0]);
        ticker.moved.add(puts.size());
        boolean done = !page.hasLastEvaluatedKey() || page.lastEvaluatedKey().isEmpty();
        return new Checkpoint.SegmentProgress(at.segment(), done, done ? Map.of() : page.lastEvaluatedKey(),
                at.scanned() + page.items().size(), at.written() + puts.size(), at.unmatched() + unmatched,
                at.invalid() + invalid, at.readUnits() + pageReads, at.writeUnits() + pageWrites[0]);
    }

    private synchronized void save(Checkpoint.SegmentProgress progress) {
        checkpoint = checkpoint.with(progress);
        settings.checkpoint().save(checkpoint);
    }

    private synchronized Checkpoint current() {
        return checkpoint;
    }
}
