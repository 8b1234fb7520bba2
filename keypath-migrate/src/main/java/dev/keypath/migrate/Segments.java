package dev.keypath.migrate;

import dev.keypath.dynamodb.SegmentedScan;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A migration's parallel scans, on the library's {@link SegmentedScan}: one thread per segment, the first failure
 * stops the others and is rethrown as it is; an interrupt of the calling thread ends the pass with a
 * {@link MigrationInterruptedException}. Stateless.
 */
final class Segments {
    private Segments() {
    }

    /**
     * Reads every segment of {@code table} to its end with a {@link SourceScan} each (under {@code reads}, metered
     * by {@code meter}), handing each page to {@code onPage} on the segment's thread.
     */
    static void scan(Migration.Settings settings, String phase, String table, boolean consistent,
                     CapacityBudget reads, CapacityMeter meter, Timings timings, Consumer<SourceScan.Page> onPage) {
        SourceScan[] scans = new SourceScan[settings.segments()];
        run(settings.segments(), phase, new SegmentedScan.SegmentReader<Cursor, SourceScan.Page>() {
            @Override
            public Cursor first(int segment) {
                scans[segment] = new SourceScan(settings.client(), table, segment, settings.segments(), consistent,
                        settings.batchPolicy(), reads, meter, timings);
                return new Cursor(segment, null);
            }

            @Override
            public SourceScan.Page read(Cursor at) {
                return scans[at.segment()].next(at.startKey(), 0);
            }

            @Override
            public Cursor next(Cursor at, SourceScan.Page page) {
                return page.last() ? null : new Cursor(at.segment(), page.lastKey());
            }
        }, (segment, page) -> onPage.accept(page));
    }

    /** Runs {@code reader}'s segments, one thread each, handing each page to {@code handler}. */
    static <K, P> void run(int segments, String phase, SegmentedScan.SegmentReader<K, P> reader,
                           SegmentedScan.PageHandler<? super P> handler) {
        try {
            SegmentedScan.run(segments, segments, "migrate-" + phase, reader, handler);
        } catch (CancellationException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new MigrationInterruptedException("the " + phase + " was interrupted");
            }
            throw e;
        }
    }

    /**
     * Where a segment's next scan call starts.
     *
     * @param segment  the segment
     * @param startKey the key it starts after; null for the segment's first call
     */
    private record Cursor(int segment, Map<String, AttributeValue> startKey) {
    }
}
