package dev.keypath.migrate;

import dev.keypath.dynamodb.internal.mapping.DefaultItemSchema;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@link Migration#verify()}: scans the target into checksums by key digest (about 32 bytes an item), then scans
 * the source, maps each item and takes its key's checksum out: absent is missing, unequal is different, and what
 * is left at the end is extra. Two scans cost far less read capacity than a read of every item by key.
 */
final class VerifyPass {
    private static final long ABSENT = 0x6D697373696E67L;

    private final Migration.Settings settings;
    private final KeyChecksums target = new KeyChecksums();
    private final LongAdder targetItems = new LongAdder();
    private final LongAdder mapped = new LongAdder();
    private final LongAdder missing = new LongAdder();
    private final LongAdder different = new LongAdder();
    private final Examples<String> examples = new Examples<>();

    VerifyPass(Migration.Settings settings) {
        this.settings = settings;
    }

    MigrationVerification verify() {
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("verify",
                SourceItems.approximate(settings.client(), settings.source()), settings.progress(),
                settings.progressInterval())) {
            Segments.run(settings.segments(), "verify", segment -> scanAll(settings.target(), segment, reads, ticker,
                    timings, this::remember));
            Segments.run(settings.segments(), "verify", segment -> scanAll(settings.source(), segment, reads, ticker,
                    timings, item -> {
                        if (check(item)) {
                            ticker.moved.increment();
                        }
                        ticker.scanned.increment();
                    }));
            long extra = target.size();
            if (extra > 0) {
                examples.offer(extra + " target items have no source item (their keys are known only by digest)");
            }
            return new MigrationVerification(ticker.scanned.sum(), mapped.sum(), targetItems.sum(), missing.sum(),
                    different.sum(), examples.list(), ticker.reads.total(), ticker.elapsed());
        }
    }

    private void scanAll(String table, int segment, CapacityBudget reads, ProgressTicker ticker, Timings timings,
                         java.util.function.Consumer<Map<String, AttributeValue>> each) {
        SourceScan scan = new SourceScan(settings.client(), table, segment, settings.segments(), 0,
                settings.batchPolicy(), reads, ticker.reads, timings);
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = scan.page(start);
            page.items().forEach(each);
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
    }

    private void remember(Map<String, AttributeValue> item) {
        targetItems.increment();
        if (!target.put(ItemChecksum.ofKey(item), ItemChecksum.of(item))) {
            throw new IllegalStateException("two target items share the key digest of "
                    + DefaultItemSchema.keyPathOfItem(item));
        }
    }

    /** Checks one source item against the target; true if the mapping moves it. */
    private boolean check(Map<String, AttributeValue> item) {
        if (!(settings.mapping().map(item) instanceof ItemOutcome.Mapped m)) {
            return false;
        }
        mapped.increment();
        long found = target.remove(ItemChecksum.ofKey(m.item()), ABSENT);
        if (found == ABSENT) {
            missing.increment();
            examples.offer(m.sourceKey() + " -> " + m.keyPath() + ": missing");
        } else if (found != ItemChecksum.of(m.item())) {
            different.increment();
            examples.offer(m.sourceKey() + " -> " + m.keyPath() + ": different content");
        }
        return true;
    }
}
