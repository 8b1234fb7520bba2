package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The requests of one item's move from its former shard to its new one while a re-shard runs
 * ({@code @Sharded(formerCount)}): a consistent read of the former copy, then one {@code TransactWriteItems} that
 * puts the copy under the new partition key on condition that none is there ({@code attribute_not_exists(pk)}) and
 * deletes the former copy on condition that it still holds every attribute as read. So a move never overwrites an
 * item in the new layout and never drops a change made to the former copy after the read: either condition failing
 * cancels both, and the caller reads again. The copy is the item as stored: its version, timestamps and time to live
 * are unchanged (a move is not a change of the item). Pure.
 */
public final class ShardMoveRequests {
    /** The most attributes the delete's condition compares (DynamoDB's 4 KB expression limit); the rest go unchecked. */
    static final int MAX_COMPARED = 150;

    private ShardMoveRequests() {
    }

    /** The consistent {@code GetItem} of the copy under {@code key}. */
    public static GetItemRequest read(String table, Map<String, AttributeValue> key) {
        return read(table, key, ReturnConsumedCapacity.INDEXES);
    }

    /** {@link #read(String, Map)}, asking for {@code capacity} (null: not asking). */
    public static GetItemRequest read(String table, Map<String, AttributeValue> key, ReturnConsumedCapacity capacity) {
        return GetItemRequest.builder().returnConsumedCapacity(capacity).tableName(table)
                .key(key).consistentRead(true).build();
    }

    /** The move of {@code stored} (as read, under its former key) to partition key {@code newPartitionKey}. */
    public static TransactWriteItemsRequest move(String table, Map<String, AttributeValue> stored,
                                                 byte[] newPartitionKey) {
        return move(table, stored, newPartitionKey, ReturnConsumedCapacity.INDEXES);
    }

    /** {@link #move(String, Map, byte[])}, asking for {@code capacity} (null: not asking). */
    public static TransactWriteItemsRequest move(String table, Map<String, AttributeValue> stored,
                                                 byte[] newPartitionKey, ReturnConsumedCapacity capacity) {
        Map<String, AttributeValue> copy = new LinkedHashMap<>(stored);
        copy.put(TableAttributes.PK, AttributeValues.binary(newPartitionKey));
        Put put = Put.builder().tableName(table).item(copy).conditionExpression("attribute_not_exists(#pk)")
                .expressionAttributeNames(Map.of("#pk", TableAttributes.PK)).build();
        Delete delete = unchanged(Delete.builder().tableName(table).key(keyOf(stored)), stored);
        return TransactWriteItemsRequest.builder().returnConsumedCapacity(capacity)
                .transactItems(TransactWriteItem.builder().put(put).build(),
                        TransactWriteItem.builder().delete(delete).build()).build();
    }

    /**
     * The removal of {@code stored}, a leftover copy in the former layout of an item the new layout holds, on
     * condition that it is unchanged as read.
     */
    public static DeleteItemRequest removeLeftover(String table, Map<String, AttributeValue> stored) {
        Delete d = unchanged(Delete.builder().tableName(table).key(keyOf(stored)), stored);
        return DeleteItemRequest.builder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).tableName(table)
                .key(d.key()).conditionExpression(d.conditionExpression())
                .expressionAttributeNames(d.expressionAttributeNames())
                .expressionAttributeValues(d.hasExpressionAttributeValues() ? d.expressionAttributeValues() : null)
                .build();
    }

    /** {@code delete} on condition that the item holds each attribute of {@code stored} (up to {@value #MAX_COMPARED}). */
    private static Delete unchanged(Delete.Builder delete, Map<String, AttributeValue> stored) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        StringBuilder condition = new StringBuilder("attribute_exists(#pk)");
        names.put("#pk", TableAttributes.PK);
        int i = 0;
        for (Map.Entry<String, AttributeValue> e : stored.entrySet()) {
            if (e.getKey().equals(TableAttributes.PK) || e.getKey().equals(TableAttributes.SK)) {
                continue;
            }
            if (i == MAX_COMPARED) {
                break;
            }
            names.put("#m" + i, e.getKey());
            values.put(":m" + i, e.getValue());
            condition.append(" AND #m").append(i).append(" = :m").append(i);
            i++;
        }
        return delete.conditionExpression(condition.toString()).expressionAttributeNames(names)
                .expressionAttributeValues(values.isEmpty() ? null : values).build();
    }

    /**
     * Why a move was cancelled: {@link Cancelled#NEW_EXISTS} when the put found an item in the new layout,
     * {@link Cancelled#CONFLICT} when the former copy changed or another transaction held the item (read again and
     * retry), {@link Cancelled#OTHER} for anything else (rethrow).
     */
    public static Cancelled cancelled(TransactionCanceledException e) {
        if (!e.hasCancellationReasons()) {
            return Cancelled.OTHER;
        }
        List<CancellationReason> reasons = e.cancellationReasons();
        if (!reasons.isEmpty() && "ConditionalCheckFailed".equals(reasons.get(0).code())) {
            return Cancelled.NEW_EXISTS;
        }
        boolean conflict = false;
        for (CancellationReason r : reasons) {
            String code = r.code();
            if ("ConditionalCheckFailed".equals(code) || "TransactionConflict".equals(code)) {
                conflict = true;
            } else if (code != null && !"None".equals(code)) {
                return Cancelled.OTHER;
            }
        }
        return conflict ? Cancelled.CONFLICT : Cancelled.OTHER;
    }

    /** What a cancelled move means. */
    public enum Cancelled {
        /** The item changed or moved meanwhile: read it again. */
        CONFLICT,
        /**
         * The new layout holds the item already: the former copy is a leftover that reads never return (they look
         * in the new layout first); the write goes to the new copy.
         */
        NEW_EXISTS,
        /** Not a condition: the failure stands. */
        OTHER
    }

    private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        return Map.of(TableAttributes.PK, item.get(TableAttributes.PK), TableAttributes.SK,
                item.get(TableAttributes.SK));
    }
}
