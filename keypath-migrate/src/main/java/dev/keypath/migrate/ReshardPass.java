package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredLayouts;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Reshard#run()}: checks the table, announces the switch to the new layout in the table's layout record and
 * waits until it has passed ({@link StoredLayouts#announce}), then, as a {@link ResumableRun} over the table, moves
 * each item of the type that is not where the new layout keeps it ({@link StoredShardMoves}), each move's units
 * reserved from the write budget (twice the item's: a transaction) and settled with what DynamoDB reports, and once
 * the pass is complete records the re-shard as finished ({@link StoredLayouts#finish}). The checkpoint (with the table
 * as source and target) counts moved items as written, other items as unmatched and removed leftovers as collisions.
 */
final class ReshardPass {
    private final TypeRunBuilder.Settings settings;
    private final Duration clockMargin;
    private final int[] counts;
    private final AtomicLong conflicts = new AtomicLong();
    private final ItemShardMover mover;

    ReshardPass(TypeRunBuilder.Settings settings, Duration clockMargin) {
        this.settings = settings;
        this.clockMargin = clockMargin;
        this.counts = StoredShardMoves.counts(settings.schema());
        this.mover = new ItemShardMover(settings);
    }

    /** What the checkpoint's fingerprint holds: the type and both counts. */
    private String fingerprint() {
        return "reshard " + settings.schema().typeName() + " from " + counts[0] + " to " + counts[1] + " shards";
    }

    ReshardRun run() {
        Tables.check(settings.client(), settings.table(), settings.table());
        ResumableRun resumable = new ResumableRun(settings.client(), settings.table(), settings.segments(),
                settings.pageSize(), settings.batchPolicy(), settings.checkpoint());
        Checkpoint begun = resumable.begin(Checkpoint.start(settings.table(), settings.table(), fingerprint(),
                settings.segments()), stored -> stored.source().equals(settings.table())
                && stored.target().equals(settings.table()) && stored.mapping().equals(fingerprint()) ? null
                : "the checkpoint is of another run (" + stored.mapping() + " of " + stored.target() + "), not of "
                        + fingerprint() + " of " + settings.table());
        CapacityBudget reads = new CapacityBudget(settings.readCapacity());
        CapacityBudget writes = new CapacityBudget(settings.writeCapacity());
        long start = System.nanoTime();
        // no instance writes the former layout once the switch has passed, so that a complete pass after it
        // leaves no copy there
        StoredLayouts.Switch announced = announceAndWait(settings, clockMargin);
        Checkpoint end = resumable.run("reshard", begun, reads, new CapacityMeter(), new Timings(),
                items -> page(items, writes));
        StoredLayouts.finish(settings.client(), settings.table(), settings.schema());
        return new ReshardRun(settings.schema().typeName(), counts[0], counts[1], end.scanned(), end.written(),
                end.written() - begun.written(), ResumableRun.unmatched(end), end.collisions(), conflicts.get(),
                ResumableRun.readUnits(end), ResumableRun.writeUnits(end),
                Duration.ofNanos(System.nanoTime() - start), ResumableRun.resumed(begun), announced.switchAt());
    }

    /**
     * Announces the switch to the new layout in the table's layout record (unless it is announced already) and waits
     * until it and the margin have passed.
     */
    static StoredLayouts.Switch announceAndWait(TypeRunBuilder.Settings settings, Duration clockMargin) {
        StoredLayouts.Switch announced = StoredLayouts.announce(settings.client(), settings.table(),
                settings.schema(), clockMargin);
        waitUntil(announced.movesFrom());
        return announced;
    }

    /** Sleeps until {@code instant}; a {@link MigrationInterruptedException} when interrupted. */
    private static void waitUntil(Instant instant) {
        long millis = instant.toEpochMilli() - System.currentTimeMillis();
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MigrationInterruptedException("interrupted while waiting for the switch to the new layout "
                    + "at " + instant);
        }
    }

    private ResumableRun.PageResult page(List<Map<String, AttributeValue>> items, CapacityBudget writes) {
        long moved = 0;
        long alone = 0;
        long leftovers = 0;
        double units = 0;
        for (Map<String, AttributeValue> item : items) {
            if (!StoredUpgrade.isOf(settings.schema(), item)
                    || StoredShardMoves.newPartitionKey(settings.schema(), item) == null) {
                alone++;
                continue;
            }
            double reserved = 2 * ItemSize.writeUnits(ItemSize.of(item));
            writes.acquire(reserved);
            Reshard.ItemMove m = mover.move(item);
            writes.settle(reserved, m.writeUnits());
            units += m.writeUnits();
            conflicts.addAndGet(m.conflicts());
            if (m.outcome() == Reshard.MoveOutcome.MOVED) {
                moved++;
            } else if (m.outcome() == Reshard.MoveOutcome.LEFTOVER_REMOVED) {
                leftovers++;
            } else {
                alone++;
            }
        }
        return new ResumableRun.PageResult(moved, alone, 0, leftovers, units);
    }
}
