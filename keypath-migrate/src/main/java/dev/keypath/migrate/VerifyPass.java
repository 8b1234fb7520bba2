package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.client.SyncDriver;
import dev.keypath.dynamodb.internal.mapping.DefaultItemSchema;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import dev.keypath.dynamodb.internal.operation.ItemBatches;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@link Migration#verify()}: per source page, the mapped items' checksums against those of the target's items of
 * the same keys (read with {@code BatchGetItem}); then a count of the target.
 */
final class VerifyPass {
    private final Migration.Settings settings;
    private final SyncDriver driver;
    private final LongAdder mapped = new LongAdder();
    private final LongAdder missing = new LongAdder();
    private final LongAdder different = new LongAdder();
    private final LongAdder target = new LongAdder();
    private final Examples<String> examples = new Examples<>();

    VerifyPass(Migration.Settings settings) {
        this.settings = settings;
        this.driver = new SyncDriver(settings.client());
    }

    MigrationVerification verify() {
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("verify",
                SourceItems.approximate(settings.client(), settings.source()), settings.progress(),
                settings.progressInterval())) {
            Segments.run(settings.segments(), "verify", segment -> {
                SourceScan scan = new SourceScan(settings.client(), settings.source(), segment, settings.segments(),
                        settings.pageSize(), false, settings.batchPolicy(), reads, ticker.reads, timings);
                Map<String, AttributeValue> start = null;
                do {
                    ScanResponse page = scan.page(start);
                    compare(page.items(), reads, ticker, timings);
                    ticker.scanned.add(page.items().size());
                    start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
                            ? page.lastEvaluatedKey() : null;
                } while (start != null);
            });
            Segments.run(settings.segments(), "count", segment -> {
                SourceScan count = new SourceScan(settings.client(), settings.target(), segment, settings.segments(),
                        Math.max(settings.pageSize(), 1000), true, settings.batchPolicy(), reads, ticker.reads,
                        timings);
                Map<String, AttributeValue> start = null;
                do {
                    ScanResponse page = count.page(start);
                    target.add(page.count());
                    start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
                            ? page.lastEvaluatedKey() : null;
                } while (start != null);
            });
            return new MigrationVerification(ticker.scanned.sum(), mapped.sum(), target.sum(), missing.sum(),
                    different.sum(), examples.list(), ticker.reads.total(), ticker.elapsed());
        }
    }

    private void compare(List<Map<String, AttributeValue>> items, CapacityBudget reads, ProgressTicker ticker,
                         Timings timings) {
        Map<KeyPath, ItemOutcome.Mapped> expected = new HashMap<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            if (settings.mapping().map(item) instanceof ItemOutcome.Mapped m) {
                mapped.increment();
                if (expected.put(m.keyPath(), m) == null) {
                    keys.add(Map.of(TableAttributes.PK, m.item().get(TableAttributes.PK),
                            TableAttributes.SK, m.item().get(TableAttributes.SK)));
                }
            }
        }
        if (keys.isEmpty()) {
            return;
        }
        long start = System.nanoTime();
        long[] waited = {0};
        List<Map<String, AttributeValue>> found = driver.run(ItemBatches.get(settings.target(), keys,
                settings.batchPolicy(), consumed -> {
                    double units = consumed.capacityUnits() == null ? 0 : consumed.capacityUnits();
                    ticker.reads.add(units);
                    waited[0] += reads.charge(units);
                }));
        timings.write(System.nanoTime() - start - waited[0]);
        timings.budget(waited[0]);
        Map<KeyPath, Map<String, AttributeValue>> byPath = new HashMap<>();
        found.forEach(item -> byPath.put(DefaultItemSchema.keyPathOfItem(item), item));
        for (Map.Entry<KeyPath, ItemOutcome.Mapped> e : expected.entrySet()) {
            Map<String, AttributeValue> actual = byPath.get(e.getKey());
            ItemOutcome.Mapped m = e.getValue();
            if (actual == null) {
                missing.increment();
                examples.offer(m.sourceKey() + " -> " + e.getKey() + ": missing");
            } else if (ItemChecksum.of(actual) != ItemChecksum.of(m.item())) {
                different.increment();
                examples.offer(m.sourceKey() + " -> " + e.getKey() + ": different content");
            }
            ticker.moved.increment();
        }
    }
}
