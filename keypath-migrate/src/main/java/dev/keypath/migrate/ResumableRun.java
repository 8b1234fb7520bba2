package dev.keypath.migrate;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.SegmentedScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The resumable run that a migration, a schema rewrite and a re-shard share: the scanned table read in parallel
 * segments ({@link Segments}, one thread each) within the read budget, page after page from the checkpoint on; each
 * page's items handed to the run's {@link PageWork} (which writes within the write budget), then the segment's
 * position and counts saved to the {@link CheckpointStore}. A run stopped anywhere resumes each segment after its
 * last finished page; the work must be safe to do again for that page. Not thread-safe across runs: one instance
 * serves one run.
 */
final class ResumableRun {
    /**
     * What one page's items came to.
     *
     * @param written    items written
     * @param unmatched  items the run leaves alone (another type, nothing to do)
     * @param invalid    items the run could not handle
     * @param collisions items not written because another item had their key path
     * @param writeUnits write capacity consumed
     * @param unchanged  items with nothing to write
     * @param gone       items deleted by another writer before the run wrote them
     */
    record PageResult(long written, long unmatched, long invalid, long collisions, double writeUnits, long unchanged,
                      long gone) {
        /** A page's result with no unchanged or gone items. */
        PageResult(long written, long unmatched, long invalid, long collisions, double writeUnits) {
            this(written, unmatched, invalid, collisions, writeUnits, 0, 0);
        }
    }

    /** The run's own part: what it does with one page of scanned items, on the segment's thread. */
    @FunctionalInterface
    interface PageWork {
        PageResult apply(List<Map<String, AttributeValue>> items);
    }

    private final DynamoDbClient client;
    private final String table;
    private final int segments;
    private final int pageSize;
    private final BatchPolicy batchPolicy;
    private final CheckpointStore store;
    private Checkpoint checkpoint;

    /** A run over {@code table}, keeping its checkpoint in {@code store}. */
    ResumableRun(DynamoDbClient client, String table, int segments, int pageSize, BatchPolicy batchPolicy,
                 CheckpointStore store) {
        this.client = client;
        this.table = table;
        this.segments = segments;
        this.pageSize = pageSize;
        this.batchPolicy = batchPolicy;
        this.store = store;
    }

    /**
     * The checkpoint to start from: the stored one if {@code mismatch} finds nothing wrong with it (it returns the
     * message of a {@link CheckpointMismatchException}, or null) and it has as many segments, else {@code fresh},
     * saved.
     */
    Checkpoint begin(Checkpoint fresh, Function<Checkpoint, String> mismatch) {
        Checkpoint stored = store.load().orElse(null);
        if (stored == null) {
            store.save(fresh);
            checkpoint = fresh;
            return fresh;
        }
        String wrong = mismatch.apply(stored);
        if (wrong != null) {
            throw new CheckpointMismatchException(wrong);
        }
        if (stored.segments().size() != segments) {
            throw new CheckpointMismatchException("the checkpoint has " + stored.segments().size()
                    + " segments; resume with --segments " + stored.segments().size());
        }
        checkpoint = stored;
        return stored;
    }

    /** Items left alone over the whole run ({@link PageResult#unmatched()}). */
    static long unmatched(Checkpoint c) {
        return c.segments().stream().mapToLong(Checkpoint.SegmentProgress::unmatched).sum();
    }

    /** Items the run could not handle ({@link PageResult#invalid()}). */
    static long invalid(Checkpoint c) {
        return c.segments().stream().mapToLong(Checkpoint.SegmentProgress::invalid).sum();
    }

    /** Items with nothing to write over the whole run ({@link PageResult#unchanged()}). */
    static long unchanged(Checkpoint c) {
        return c.segments().stream().mapToLong(Checkpoint.SegmentProgress::unchanged).sum();
    }

    /** Items deleted before the run wrote them, over the whole run ({@link PageResult#gone()}). */
    static long gone(Checkpoint c) {
        return c.segments().stream().mapToLong(Checkpoint.SegmentProgress::gone).sum();
    }

    /** Read capacity of the whole run. */
    static double readUnits(Checkpoint c) {
        return c.segments().stream().mapToDouble(Checkpoint.SegmentProgress::readUnits).sum();
    }

    /** Write capacity of the whole run. */
    static double writeUnits(Checkpoint c) {
        return c.segments().stream().mapToDouble(Checkpoint.SegmentProgress::writeUnits).sum();
    }

    /** Whether {@code begun} continues an earlier run. */
    static boolean resumed(Checkpoint begun) {
        return begun.scanned() > 0 || begun.segments().stream().anyMatch(Checkpoint.SegmentProgress::done);
    }

    /**
     * Runs every segment not done in {@code begun} (from {@link #begin}) to its end, each page read under
     * {@code reads} (metered by {@code readMeter}) and handed to {@code work}; the checkpoint at the end.
     *
     * @throws MigrationInterruptedException when the calling thread is interrupted
     */
    Checkpoint run(String phase, Checkpoint begun, CapacityBudget reads, CapacityMeter readMeter, Timings timings,
                   PageWork work) {
        SourceScan[] scans = new SourceScan[segments];
        Segments.run(segments, phase, new SegmentedScan.SegmentReader<Checkpoint.SegmentProgress,
                Checkpoint.SegmentProgress>() {
            @Override
            public Checkpoint.SegmentProgress first(int segment) {
                scans[segment] = new SourceScan(client, table, segment, segments, false, batchPolicy, reads,
                        readMeter, timings);
                Checkpoint.SegmentProgress at = begun.segments().get(segment);
                return at.done() ? null : at;
            }

            @Override
            public Checkpoint.SegmentProgress read(Checkpoint.SegmentProgress at) {
                return page(scans[at.segment()], at, work);
            }

            @Override
            public Checkpoint.SegmentProgress next(Checkpoint.SegmentProgress at, Checkpoint.SegmentProgress after) {
                return after.done() ? null : after;
            }
        }, (segment, after) -> save(after));
        return current();
    }

    /** Reads up to a page after {@code at} (one or more scan calls, as the read budget sizes them), works it. */
    private Checkpoint.SegmentProgress page(SourceScan scan, Checkpoint.SegmentProgress at, PageWork work) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> lastKey = at.lastKey();
        double pageReads = 0;
        boolean done = false;
        while (items.size() < pageSize) {
            SourceScan.Page read = scan.next(lastKey, pageSize - items.size());
            items.addAll(read.items());
            pageReads += read.units();
            if (read.last()) {
                done = true;
                break;
            }
            lastKey = read.lastKey();
        }
        PageResult r = work.apply(items);
        return new Checkpoint.SegmentProgress(at.segment(), done, done ? Map.of() : lastKey,
                at.scanned() + items.size(), at.written() + r.written(), at.unmatched() + r.unmatched(),
                at.invalid() + r.invalid(), at.collisions() + r.collisions(), at.readUnits() + pageReads,
                at.writeUnits() + r.writeUnits(), at.unchanged() + r.unchanged(), at.gone() + r.gone());
    }

    private synchronized void save(Checkpoint.SegmentProgress progress) {
        checkpoint = checkpoint.with(progress);
        store.save(checkpoint);
    }

    private synchronized Checkpoint current() {
        return checkpoint;
    }
}
