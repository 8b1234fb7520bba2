package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Moves one stored item of a re-sharded type into its new layout ({@link StoredShardMoves}): the conditional
 * transaction that puts it under its new partition key and deletes its former copy, and after a failed condition the
 * item as it is now, read again, up to the settings' attempts; a former copy of an item the new layout already holds
 * is removed. Counts the write units consumed. Thread-safe (it keeps no state between items).
 */
final class ItemShardMover {
    private final TypeRunBuilder.Settings settings;

    ItemShardMover(TypeRunBuilder.Settings settings) {
        this.settings = settings;
    }

    /** Moves {@code scanned} (as a scan read it), reading it again after each conflict. */
    Reshard.ItemMove move(Map<String, AttributeValue> scanned) {
        if (!StoredUpgrade.isOf(settings.schema(), scanned)
                || StoredShardMoves.newPartitionKey(settings.schema(), scanned) == null) {
            return new Reshard.ItemMove(Reshard.MoveOutcome.IN_PLACE, 0, 0);
        }
        Map<String, AttributeValue> item = scanned;
        Map<String, AttributeValue> key = Map.of(StoredItemLayout.PARTITION_KEY,
                item.get(StoredItemLayout.PARTITION_KEY), StoredItemLayout.SORT_KEY, item.get(StoredItemLayout.SORT_KEY));
        double units = 0;
        int conflicts = 0;
        for (int attempt = 0; attempt < settings.attempts(); attempt++) {
            byte[] target = StoredShardMoves.newPartitionKey(settings.schema(), item);
            if (target == null) {
                return new Reshard.ItemMove(Reshard.MoveOutcome.IN_PLACE, conflicts, units);
            }
            try {
                TransactWriteItemsResponse r = settings.client().transactWriteItems(
                        StoredShardMoves.move(settings.table(), item, target));
                return new Reshard.ItemMove(Reshard.MoveOutcome.MOVED, conflicts, units + units(r.consumedCapacity()));
            } catch (TransactionCanceledException e) {
                StoredShardMoves.Cancelled why = StoredShardMoves.cancelled(e);
                if (why == StoredShardMoves.Cancelled.OTHER) {
                    throw e;
                }
                conflicts++;
                if (why == StoredShardMoves.Cancelled.NEW_EXISTS) {
                    try {
                        var r = settings.client().deleteItem(StoredShardMoves.removeLeftover(settings.table(), item));
                        return new Reshard.ItemMove(Reshard.MoveOutcome.LEFTOVER_REMOVED, conflicts,
                                units + (r.consumedCapacity() == null ? 0 : value(r.consumedCapacity().capacityUnits())));
                    } catch (ConditionalCheckFailedException changed) {
                        // read it again below
                    }
                }
            }
            Map<String, AttributeValue> now = settings.client().getItem(StoredShardMoves.read(settings.table(), key))
                    .item();
            if (now == null || now.isEmpty()) {
                return new Reshard.ItemMove(Reshard.MoveOutcome.IN_PLACE, conflicts, units); // moved by a writer, or deleted
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
