package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredLayouts;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

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

    ReshardPass(TypeRunBuilder.Settings settings, Duration clockMargin) {
        this.settings = settings;
        this.clockMargin = clockMargin;
        this.counts = StoredShardMoves.counts(settings.schema());
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
        StoredLayouts.Switch announced = StoredLayouts.announce(settings.client(), settings.table(),
                settings.schema(), clockMargin);
        waitUntil(announced.movesFrom());
        Checkpoint end = resumable.run("reshard", begun, reads, new CapacityMeter(), new Timings(),
                items -> page(items, writes));
        StoredLayouts.finish(settings.client(), settings.table(), settings.schema());
        return new ReshardRun(settings.schema().typeName(), counts[0], counts[1], end.scanned(), end.written(),
                end.written() - begun.written(), ResumableRun.unmatched(end), end.collisions(), conflicts.get(),
                ResumableRun.readUnits(end), ResumableRun.writeUnits(end),
                Duration.ofNanos(System.nanoTime() - start), ResumableRun.resumed(begun), announced.switchAt());
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
            Outcome o = move(item);
            writes.settle(reserved, o.units);
            units += o.units;
            if (o.kind == Kind.MOVED) {
                moved++;
            } else if (o.kind == Kind.LEFTOVER) {
                leftovers++;
            } else {
                alone++;
            }
        }
        return new ResumableRun.PageResult(moved, alone, 0, leftovers, units);
    }

    private enum Kind { MOVED, LEFTOVER, GONE }

    private record Outcome(Kind kind, double units) {
    }

    /** Moves {@code scanned}, reading it again after each conflict. */
    private Outcome move(Map<String, AttributeValue> scanned) {
        Map<String, AttributeValue> item = scanned;
        Map<String, AttributeValue> key = Map.of(StoredItemLayout.PARTITION_KEY,
                item.get(StoredItemLayout.PARTITION_KEY), StoredItemLayout.SORT_KEY, item.get(StoredItemLayout.SORT_KEY));
        double units = 0;
        for (int attempt = 0; attempt < settings.attempts(); attempt++) {
            byte[] target = StoredShardMoves.newPartitionKey(settings.schema(), item);
            if (target == null) {
                return new Outcome(Kind.GONE, units);
            }
            try {
                TransactWriteItemsResponse r = settings.client().transactWriteItems(
                        StoredShardMoves.move(settings.table(), item, target));
                return new Outcome(Kind.MOVED, units + units(r.consumedCapacity()));
            } catch (TransactionCanceledException e) {
                StoredShardMoves.Cancelled why = StoredShardMoves.cancelled(e);
                if (why == StoredShardMoves.Cancelled.OTHER) {
                    throw e;
                }
                conflicts.incrementAndGet();
                if (why == StoredShardMoves.Cancelled.NEW_EXISTS) {
                    try {
                        var r = settings.client().deleteItem(StoredShardMoves.removeLeftover(settings.table(), item));
                        return new Outcome(Kind.LEFTOVER, units + (r.consumedCapacity() == null ? 0
                                : value(r.consumedCapacity().capacityUnits())));
                    } catch (ConditionalCheckFailedException changed) {
                        // read it again below
                    }
                }
            }
            Map<String, AttributeValue> now = settings.client().getItem(StoredShardMoves.read(settings.table(), key))
                    .item();
            if (now == null || now.isEmpty()) {
                return new Outcome(Kind.GONE, units); // moved by a writer, or deleted
            }
            item = now;
        }
        throw new RewriteConflictException("The item changed under each of " + settings.attempts() + " moves of "
                + settings.schema().typeName() + " into its new shard", StoredItemLayout.keyPathOf(scanned));
    }

    private static double units(List<ConsumedCapacity> consumed) {
        double sum = 0;
        if (consumed != null) {
            for (ConsumedCapacity c : consumed) {
                sum += value(c.capacityUnits());
            }
        }
        return sum;
    }

    private static double value(Double units) {
        return units == null ? 0 : units;
    }
}
