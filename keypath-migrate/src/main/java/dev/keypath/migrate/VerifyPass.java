package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongPredicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Migration#verify()}: checks the target, scans it into checksums by key digest (about 32 bytes an item),
 * then scans the source and reads each item as it is ({@link SourceReading}), independently of the mapping's
 * conversion: an item no entity matches stays behind; one that cannot move is counted; for the others the expected
 * item's key is looked up: absent is missing, looked up before is a collision (two source items, one key path). A
 * key path whose target item no source item of it matches (in content and {@link SourceMarker}) is different, once
 * however many source items it has: of a collision's items, the one the target item was written from is compared,
 * whichever the scan reads first, since which one a run wrote depends on how far its segments (or a stopped run's)
 * had got. The first differences are named attribute by attribute, read back from the target at the end. What is
 * never looked up is extra. Each kind of finding keeps its own examples. Two scans cost far less read capacity than
 * a read of every item by key.
 */
final class VerifyPass {
    private static final long ABSENT = 0x6D697373696E67L;

    private final Migration.Settings settings;
    private final KeyChecksums target = new KeyChecksums();
    private final LongAdder targetItems = new LongAdder();
    private final LongAdder mapped = new LongAdder();
    private final LongAdder missing = new LongAdder();
    private final LongAdder collisions = new LongAdder();
    private final LongAdder cannotMove = new LongAdder();
    private final PendingDifferences pending = new PendingDifferences();
    private final Examples<String> missingExamples = new Examples<>();
    private final Examples<String> differentExamples = new Examples<>();
    private final Examples<String> collisionExamples = new Examples<>();
    private final Examples<String> cannotMoveExamples = new Examples<>();

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
            Segments.scan(settings, "verify", settings.target(), false, reads, ticker.reads, timings,
                    page -> page.items().forEach(item -> {
                        remember(item);
                        ticker.targetItems.increment();
                    }));
            TargetReader reader = new TargetReader(reads, ticker, timings);
            Segments.scan(settings, "verify", settings.source(), false, reads, ticker.reads, timings,
                    page -> page.items().forEach(item -> {
                        boolean moved = check(item, tables);
                        ticker.scanned.increment();
                        if (moved) {
                            ticker.moved.increment();
                        }
                    }));
            long different = target.unmatched();
            for (SourceReading.Expected e : pending.remaining(key -> !target.matched(key))) {
                if (!differentExamples.wanted()) {
                    break;
                }
                differentExamples.offer(where(e) + ": different: " + reader.differences(e));
            }
            if (different > 0 && differentExamples.list().isEmpty()) {
                differentExamples.offer(different + " target items differ from their source items (the source "
                        + "items were not kept to name what differs)");
            }
            long extra = target.unvisited();
            List<String> examples = new ArrayList<>(missingExamples.list());
            examples.addAll(differentExamples.list());
            if (extra > 0) {
                examples.add(extra + " target items have no source item (their keys are known only by digest)");
            }
            examples.addAll(collisionExamples.list());
            examples.addAll(cannotMoveExamples.list());
            return new MigrationVerification(ticker.scanned.sum(), mapped.sum(), targetItems.sum(), missing.sum(),
                    different, extra, collisions.sum(), cannotMove.sum(), examples, ticker.reads.total(),
                    ticker.elapsed());
        }
    }

    private void remember(Map<String, AttributeValue> item) {
        targetItems.increment();
        if (!target.put(ItemChecksum.ofKey(item), ItemChecksum.stored(item))) {
            throw new IllegalStateException("two target items share the key digest of "
                    + StoredItemLayout.keyPathOf(item));
        }
    }

    /**
     * Checks one source item against the target; true if it moves. An item unlike its target item is kept pending:
     * another source item of its key path may match it yet.
     */
    private boolean check(Map<String, AttributeValue> item, Tables tables) {
        SourceReading.Reading reading = SourceReading.read(settings.mapping(), tables, item);
        if (reading instanceof SourceReading.CannotMove c) {
            cannotMove.increment();
            cannotMoveExamples.offer(c.sourceKey() + ": cannot move: " + c.reason());
            return false;
        }
        if (!(reading instanceof SourceReading.Expected e)) {
            return false;
        }
        mapped.increment();
        long key = ItemChecksum.ofKey(e.item());
        long content = ItemChecksum.of(e.item());
        long written = ItemChecksum.withMarker(content, e.marker());
        LongPredicate matches = stored -> KeyChecksums.same(stored, content) || KeyChecksums.same(stored, written);
        long found;
        SourceReading.Expected refused = null;
        synchronized (pending) {
            // the visit and what it does to the pending items in one step: another segment's item of this key path
            // sees both or neither
            found = target.visit(key, ABSENT, matches);
            if (found != ABSENT) {
                boolean match = matches.test(found);
                if (!KeyChecksums.visited(found) && !match) {
                    pending.offer(key, e);
                } else if (KeyChecksums.visited(found) && match && !KeyChecksums.wasMatched(found)) {
                    refused = pending.remove(key);
                }
            }
        }
        if (found == ABSENT) {
            missing.increment();
            missingExamples.offer(where(e) + ": missing");
        } else if (KeyChecksums.visited(found)) {
            collisions.increment();
            collisionExamples.offer(where(refused == null ? e : refused)
                    + ": another source item has the same key path (a collision)");
        }
        return true;
    }

    private static String where(SourceReading.Expected e) {
        return e.sourceKey() + " -> " + e.keyPath();
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
                    .key(Map.of(StoredItemLayout.PARTITION_KEY, e.item().get(StoredItemLayout.PARTITION_KEY),
                            StoredItemLayout.SORT_KEY, e.item().get(StoredItemLayout.SORT_KEY)))
                    .returnConsumedCapacity("TOTAL"));
            double units = response.consumedCapacity() == null || response.consumedCapacity().capacityUnits() == null
                    ? 0 : response.consumedCapacity().capacityUnits();
            ticker.reads.add(units);
            reads.settle(reserve, Math.max(units, 0.5)); // DynamoDB bills a get at least half a unit
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
