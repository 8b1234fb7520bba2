package dev.keypath.migrate;

import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Migration#verify()}: checks the target, scans it into checksums by key digest (about 32 bytes an item),
 * then scans the source and reads each item as it is ({@link SourceReading}), independently of the mapping's
 * conversion: an item no entity matches stays behind; one that cannot move is counted; for the others the expected
 * item's key is looked up: absent is missing, looked up before is a collision (two source items, one key path),
 * unequal is different (the first examples name the attributes, read back from the target). What is never looked
 * up at the end is extra. Two scans cost far less read capacity than a read of every item by key.
 */
final class VerifyPass {
    private static final long ABSENT = 0x6D697373696E67L;

    private final Migration.Settings settings;
    private final KeyChecksums target = new KeyChecksums();
    private final LongAdder targetItems = new LongAdder();
    private final LongAdder mapped = new LongAdder();
    private final LongAdder missing = new LongAdder();
    private final LongAdder different = new LongAdder();
    private final LongAdder collisions = new LongAdder();
    private final LongAdder cannotMove = new LongAdder();
    private final Examples<String> examples = new Examples<>();

    VerifyPass(Migration.Settings settings) {
        this.settings = settings;
    }

    MigrationVerification verify() {
        Tables tables = Tables.check(settings.client(), settings.source(), settings.target());
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("verify",
                SourceItems.approximate(settings.client(), settings.source()), settings.progress(),
                settings.progressInterval())) {
            Segments.run(settings.segments(), "verify", segment -> scanAll(settings.target(), segment, reads, ticker,
                    timings, item -> {
                        remember(item);
                        ticker.targetItems.increment();
                    }));
            TargetReader reader = new TargetReader(reads, ticker, timings);
            Segments.run(settings.segments(), "verify", segment -> scanAll(settings.source(), segment, reads, ticker,
                    timings, item -> {
                        boolean moved = check(item, tables, reader);
                        ticker.scanned.increment();
                        if (moved) {
                            ticker.moved.increment();
                        }
                    }));
            long extra = target.unvisited();
            if (extra > 0) {
                examples.offer(extra + " target items have no source item (their keys are known only by digest)");
            }
            return new MigrationVerification(ticker.scanned.sum(), mapped.sum(), targetItems.sum(), missing.sum(),
                    different.sum(), extra, collisions.sum(), cannotMove.sum(), examples.list(), ticker.reads.total(),
                    ticker.elapsed());
        }
    }

    private void scanAll(String table, int segment, CapacityBudget reads, ProgressTicker ticker, Timings timings,
                         Consumer<Map<String, AttributeValue>> each) {
        SourceScan scan = new SourceScan(settings.client(), table, segment, settings.segments(), false,
                settings.batchPolicy(), reads, ticker.reads, timings);
        Map<String, AttributeValue> start = null;
        SourceScan.Page page;
        do {
            page = scan.next(start, 0);
            page.items().forEach(each);
            start = page.lastKey();
        } while (!page.last());
    }

    private void remember(Map<String, AttributeValue> item) {
        targetItems.increment();
        if (!target.put(ItemChecksum.ofKey(item), ItemChecksum.stored(item))) {
            throw new IllegalStateException("two target items share the key digest of "
                    + dev.keypath.dynamodb.internal.mapping.DefaultItemSchema.keyPathOfItem(item));
        }
    }

    /** Checks one source item against the target; true if it moves. */
    private boolean check(Map<String, AttributeValue> item, Tables tables, TargetReader reader) {
        SourceReading.Reading reading = SourceReading.read(settings.mapping(), tables, item);
        if (reading instanceof SourceReading.CannotMove c) {
            cannotMove.increment();
            examples.offer(c.sourceKey() + ": cannot move: " + c.reason());
            return false;
        }
        if (!(reading instanceof SourceReading.Expected e)) {
            return false;
        }
        mapped.increment();
        long found = target.visit(ItemChecksum.ofKey(e.item()), ABSENT);
        String where = e.sourceKey() + " -> " + e.keyPath();
        if (found == ABSENT) {
            missing.increment();
            examples.offer(where + ": missing");
        } else if (KeyChecksums.visited(found)) {
            collisions.increment();
            examples.offer(where + ": another source item has the same key path (a collision)");
        } else {
            long content = ItemChecksum.of(e.item());
            if (!KeyChecksums.same(found, content)
                    && !KeyChecksums.same(found, ItemChecksum.withMarker(content, e.marker()))) {
                different.increment();
                if (examples.wanted()) {
                    examples.offer(where + ": different: " + reader.differences(e));
                }
            }
        }
        return true;
    }

    /** Reads back a target item that differs, within the read budget, to name what differs. */
    private final class TargetReader {
        private final CapacityBudget reads;
        private final ProgressTicker ticker;
        private final Timings timings;

        TargetReader(CapacityBudget reads, ProgressTicker ticker, Timings timings) {
            this.reads = reads;
            this.ticker = ticker;
            this.timings = timings;
        }

        String differences(SourceReading.Expected e) {
            double reserve = Math.max(1, Math.ceil(ItemSize.of(e.item()) / 4096.0)) * 0.5;
            timings.budget(reads.acquire(reserve));
            var response = settings.client().getItem(b -> b.tableName(settings.target())
                    .key(Map.of(TableAttributes.PK, e.item().get(TableAttributes.PK),
                            TableAttributes.SK, e.item().get(TableAttributes.SK)))
                    .returnConsumedCapacity("TOTAL"));
            double units = response.consumedCapacity() == null || response.consumedCapacity().capacityUnits() == null
                    ? 0 : response.consumedCapacity().capacityUnits();
            ticker.reads.add(units);
            reads.settle(reserve, units);
            if (!response.hasItem() || response.item().isEmpty()) {
                return "the item is gone from the target";
            }
            Map<String, AttributeValue> stored = response.item();
            List<String> out = new ArrayList<>();
            for (String name : new TreeSet<>(e.item().keySet())) {
                if (!stored.containsKey(name)) {
                    out.add(name + " missing in the target");
                } else if (!ItemChecksum.sameValue(e.item().get(name), stored.get(name))) {
                    out.add(name + " differs");
                }
            }
            for (String name : new TreeSet<>(stored.keySet())) {
                if (!e.item().containsKey(name) && !name.equals(SourceMarker.ATTRIBUTE)) {
                    out.add(name + " only in the target");
                }
            }
            AttributeValue marker = stored.get(SourceMarker.ATTRIBUTE);
            if (marker != null && !marker.equals(e.marker())) {
                out.add("written from another source item");
            }
            return out.isEmpty() ? "changed since it was compared" : String.join(", ", out);
        }
    }
}
