package dev.keypath.migrate;

import dev.keypath.KeyPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link Migration#plan()}: scans and maps every item, tallies what a run would do, writes nothing. */
final class PlanPass {
    private final Migration.Settings settings;
    private final List<EntityMapping> entities;
    private final List<Tally> tallies = new ArrayList<>();
    private final LongAdder unmatched = new LongAdder();
    private final Examples<String> unmatchedExamples = new Examples<>();
    private final Examples<String> invalidExamples = new Examples<>();
    private final LongAdder collisions = new LongAdder();
    private final Examples<MigrationPlan.Collision> collisionExamples = new Examples<>();
    private final Map<KeyPath, String> seen = new ConcurrentHashMap<>();

    /** One entity's counts. */
    private static final class Tally {
        final LongAdder items = new LongAdder();
        final LongAdder invalid = new LongAdder();
        final LongAdder sourceKeyBytes = new LongAdder();
        final LongAdder targetKeyBytes = new LongAdder();
        final LongAdder sourceItemBytes = new LongAdder();
        final LongAdder targetItemBytes = new LongAdder();
        final LongAdder writeUnits = new LongAdder();
    }

    PlanPass(Migration.Settings settings) {
        this.settings = settings;
        this.entities = settings.mapping().entities();
        entities.forEach(e -> tallies.add(new Tally()));
    }

    MigrationPlan plan() {
        Tables tables = Tables.check(settings.client(), settings.source(), settings.target());
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        Timings timings = new Timings();
        try (ProgressTicker ticker = new ProgressTicker("plan",
                SourceItems.approximate(settings.client(), settings.source()), settings.progress(),
                settings.progressInterval())) {
            Segments.scan(settings, "plan", settings.source(), false, reads, ticker.reads, timings, page -> {
                for (Map<String, AttributeValue> item : page.items()) {
                    boolean moves = tally(item, tables);
                    ticker.scanned.increment();
                    if (moves) {
                        ticker.moved.increment();
                    }
                }
            });
            List<MigrationPlan.EntityPlan> perEntity = new ArrayList<>();
            for (int i = 0; i < entities.size(); i++) {
                Tally t = tallies.get(i);
                perEntity.add(new MigrationPlan.EntityPlan(entities.get(i).name(), t.items.sum(), t.invalid.sum(),
                        t.sourceKeyBytes.sum(), t.targetKeyBytes.sum(), t.sourceItemBytes.sum(),
                        t.targetItemBytes.sum(), t.writeUnits.sum()));
            }
            return new MigrationPlan(ticker.scanned.sum(), perEntity, unmatched.sum(), unmatchedExamples.list(),
                    invalidExamples.list(), collisions.sum(), collisionExamples.list(), ticker.reads.total(),
                    ticker.elapsed());
        }
    }

    /** Counts one item; true if it would move. */
    private boolean tally(Map<String, AttributeValue> item, Tables tables) {
        ItemOutcome outcome = settings.mapping().map(item, tables);
        if (outcome instanceof ItemOutcome.Mapped m) {
            Tally t = tallies.get(entities.indexOf(m.entity()));
            long size = ItemSize.of(m.item());
            t.items.increment();
            t.sourceKeyBytes.add(m.sourceKeyBytes());
            t.targetKeyBytes.add(m.targetKeyBytes());
            t.sourceItemBytes.add(ItemSize.of(item));
            t.targetItemBytes.add(size);
            t.writeUnits.add(ItemSize.writeUnits(size));
            String first = seen.putIfAbsent(m.keyPath(), m.sourceKey());
            if (first != null) {
                collisions.increment();
                collisionExamples.offer(new MigrationPlan.Collision(m.keyPath().toString(), first, m.sourceKey()));
            }
            return true;
        } else if (outcome instanceof ItemOutcome.Invalid inv) {
            tallies.get(entities.indexOf(inv.entity())).invalid.increment();
            invalidExamples.offer(inv.sourceKey() + " (" + inv.entity().name() + "): " + inv.reason());
            return false;
        } else {
            ItemOutcome.Unmatched u = (ItemOutcome.Unmatched) outcome;
            unmatched.increment();
            unmatchedExamples.offer(u.sourceKey() + ": " + u.reason());
            return false;
        }
    }
}
