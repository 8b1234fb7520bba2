package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.storage.CurrentStoredForm;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Rewrites one stored item at a time in its current form ({@link CurrentStoredForm}, written by
 * {@link StoredUpgrade}): the conditional write, and after a failed condition the item as it is now (returned with
 * the failure), brought to its current form again, up to the settings' attempts. Counts the write units consumed.
 * Thread-safe (it keeps no state between items).
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
        return upgrade(item, CurrentStoredForm.of(settings.schema(), item)).outcome();
    }

    /**
     * Writes {@code current}, the current form of {@code stored} (as a scan or a read found it), over it; after each
     * conflict, the current form of the item as it is then.
     */
    Result upgrade(Map<String, AttributeValue> stored, Map<String, AttributeValue> current) {
        Map<String, AttributeValue> item = stored;
        Map<String, AttributeValue> target = current;
        double units = 0;
        for (int attempt = 0; attempt < settings.attempts(); attempt++) {
            if (attempt > 0) {
                target = CurrentStoredForm.of(settings.schema(), item);
            }
            UpdateItemRequest request = StoredUpgrade.request(settings.table(), item, target);
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
        throw new RewriteConflictException("The item changed under each of " + settings.attempts() + " rewrites of "
                + settings.schema().typeName() + " in its current form (version " + settings.schema().schemaVersion()
                + ")",
                StoredItemLayout.keyPathOf(stored));
    }
}
