package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredItemBatches;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Migration#run()}: checks the target, claims the key paths the target already holds from earlier runs of
 * this migration ({@link TargetKeys}), then, as a {@link ResumableRun} over the source, maps each page, claims each
 * key path ({@link WrittenKeys}: the second source item of one key path is a collision, not written) and puts the
 * mapped items.
 */
final class RunPass {
    private final Migration.Settings settings;
    private final StoredItemBatches batches;
    private final WrittenKeys claimed = new WrittenKeys();
    private final Examples<MigrationPlan.Collision> collisionExamples = new Examples<>();

    RunPass(Migration.Settings settings) {
        this.settings = settings;
        this.batches = new StoredItemBatches(settings.client(), settings.batchPolicy());
    }

    MigrationRun run() {
        Tables tables = Tables.check(settings.client(), settings.source(), settings.target());
        ResumableRun resumable = new ResumableRun(settings.client(), settings.source(), settings.segments(),
                settings.pageSize(), settings.batchPolicy(), settings.checkpoint());
        String fingerprint = settings.mapping().fingerprint();
        Checkpoint begun = resumable.begin(Checkpoint.start(settings.source(), settings.target(), fingerprint,
                settings.segments()), stored -> mismatch(stored, fingerprint));
        boolean resumed = ResumableRun.resumed(begun);
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        CapacityBudget writes = new CapacityBudget(settings.writeCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("run",
                SourceItems.approximate(settings.client(), settings.source()), settings.progress(),
                settings.progressInterval())) {
            TargetKeys.claim(settings, claimed, reads, ticker, timings);
            ticker.scanned.add(begun.scanned());
            ticker.moved.add(begun.written());
            Checkpoint end = resumable.run("run", begun, reads, ticker.reads, timings,
                    items -> page(items, tables, writes, ticker, timings));
            long writtenNow = end.written() - begun.written();
            return new MigrationRun(end.scanned(), end.written(), ResumableRun.unmatched(end),
                    ResumableRun.invalid(end), end.collisions(), collisionExamples.list(), writtenNow,
                    ticker.reads.total(), ticker.writes.total(), ticker.reads.perSecond(), ticker.writes.perSecond(),
                    ticker.elapsed(), Duration.ofNanos(timings.scanNanos()), Duration.ofNanos(timings.writeNanos()),
                    Duration.ofNanos(timings.budgetNanos()), resumed);
        }
    }

    /** What is wrong with a stored checkpoint for this migration, or null. */
    private String mismatch(Checkpoint stored, String fingerprint) {
        if (!stored.source().equals(settings.source()) || !stored.target().equals(settings.target())) {
            return "the checkpoint is of a migration from " + stored.source() + " to " + stored.target()
                    + ", not from " + settings.source() + " to " + settings.target();
        }
        if (!stored.mapping().equals(fingerprint)) {
            return "the checkpoint was made with another mapping (fingerprint " + stored.mapping() + ", this one "
                    + fingerprint + ")";
        }
        return null;
    }

    /** Maps one page of source items, claims and writes the moved ones. */
    private ResumableRun.PageResult page(List<Map<String, AttributeValue>> items, Tables tables,
                                         CapacityBudget writes, ProgressTicker ticker, Timings timings) {
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
        return new ResumableRun.PageResult(puts.size(), unmatched, invalid, collisions, pageWrites);
    }

    /**
     * Puts {@code items} with {@code BatchWriteItem} calls of 25 items, fewer only when 25 would cost more than a
     * second of the write budget ({@link CapacityBudget#callUnits()}); each call's units (one per started KB of each
     * item) are reserved before it and settled with what DynamoDB reports. The write units consumed.
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
}
