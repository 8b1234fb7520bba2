package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Upgrades one stored item at a time ({@link StoredUpgrade}): the conditional write, and after a failed condition
 * the item as it is now (returned with the failure), upgraded again, up to the settings' attempts. Counts the write
 * units consumed. Thread-safe (it keeps no state between items apart from the sum of units).
 */
final class ItemUpgrader {
    /** What one item came to, and the write units it took. */
    record Result(SchemaRewrite.UpgradeOutcome outcome, int conflicts, double units) {
    }

    private final TypeRunBuilder.Settings settings;

    ItemUpgrader(TypeRunBuilder.Settings settings) {
        this.settings = settings;
    }

    SchemaRewrite.UpgradeOutcome upgrade(KeyPath keyPath) {
        Map<String, AttributeValue> item = settings.client().getItem(b -> b.tableName(settings.table())
                .consistentRead(true).key(Map.of(
                        StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.partitionKey())),
                        StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.sortKey())))))
                .item();
        if (item == null || item.isEmpty() || !StoredUpgrade.isOf(settings.schema(), item)) {
            return SchemaRewrite.UpgradeOutcome.ABSENT;
        }
        return upgrade(item).outcome();
    }

    /** Upgrades {@code stored} (as a scan or a read found it), reading it again after each conflict. */
    Result upgrade(Map<String, AttributeValue> stored) {
        Map<String, AttributeValue> item = stored;
        double units = 0;
        for (int attempt = 0; attempt < settings.attempts(); attempt++) {
            UpdateItemRequest request = StoredUpgrade.request(settings.table(), item, settings.schema().upgrade(item));
            if (request == null) {
                return new Result(SchemaRewrite.UpgradeOutcome.CURRENT, attempt, units);
            }
            try {
                UpdateItemResponse r = settings.client().updateItem(request.toBuilder()
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build());
                units += r.consumedCapacity() == null || r.consumedCapacity().capacityUnits() == null ? 0
                        : r.consumedCapacity().capacityUnits();
                return new Result(SchemaRewrite.UpgradeOutcome.UPGRADED, attempt, units);
            } catch (ConditionalCheckFailedException e) {
                if (!e.hasItem() || e.item().isEmpty() || !StoredUpgrade.isOf(settings.schema(), e.item())) {
                    return new Result(SchemaRewrite.UpgradeOutcome.ABSENT, attempt + 1, units); // deleted meanwhile
                }
                item = e.item();
            }
        }
        throw new RewriteConflictException("The item changed under each of " + settings.attempts() + " upgrades of "
                + settings.schema().typeName() + " to version " + settings.schema().schemaVersion(),
                StoredItemLayout.keyPathOf(stored));
    }
}
