package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.expression.Expr;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * One fully prepared write on one item: what the single-item, batch and transaction paths all send. Built by
 * the operation classes with pure functions; converts itself to each request shape. Immutable.
 *
 * @param kind            what the write does
 * @param keyPath         the item's key path
 * @param key             {@code pk}/{@code sk}
 * @param item            full attributes for puts, else null
 * @param update          update expression for updates, else {@link Expr#NONE}
 * @param condition       combined condition, possibly {@link Expr#NONE}
 * @param expectedVersion version the write checks, or -1 when it checks none
 * @param failureHint     what a condition failure means, for messages
 * @param mapped          for puts the attributes as mapped, before the table's stored-item codec encoded them into
 *                        {@code item} (the same map when it encodes nothing), else null
 */
public record WriteAction(Kind kind, KeyPath keyPath, Map<String, AttributeValue> key, Map<String, AttributeValue> item,
                   Expr update, Expr condition, long expectedVersion, String failureHint,
                   Map<String, AttributeValue> mapped) {

    /** A write whose item, if any, is stored as mapped. */
    public WriteAction(Kind kind, KeyPath keyPath, Map<String, AttributeValue> key, Map<String, AttributeValue> item,
                       Expr update, Expr condition, long expectedVersion, String failureHint) {
        this(kind, keyPath, key, item, update, condition, expectedVersion, failureHint, item);
    }

    /** Leaves the mapped attributes out of the text: an encoding codec keeps them from DynamoDB, so from logs too. */
    @Override
    public String toString() {
        return "WriteAction[" + kind.label + " " + keyPath + "]";
    }

    /** Kinds of write, with the names used in transaction failure reports. */
    public enum Kind {
        PUT("put"), DELETE("delete"), UPDATE("update"), CONDITION_CHECK("conditionCheck");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    public boolean versionChecked() {
        return expectedVersion >= 0;
    }

    /**
     * Bytes this action adds to a transaction's item total, counted by {@link ItemSizes}: the whole item for
     * puts; for other kinds only what the request carries, the key plus an update's values, since the stored
     * item is not known here.
     */
    public long itemSize() {
        if (kind == Kind.PUT) {
            return ItemSizes.itemSize(item);
        }
        long size = ItemSizes.itemSize(key);
        for (AttributeValue v : update.values().values()) {
            size += ItemSizes.valueSize(v);
        }
        return size;
    }

    /** The single-item put; a failed condition returns the stored item ({@link #storedOnFailure}). */
    public PutItemRequest toPutItemRequest(String table) {
        return toPutItemRequest(table, ReturnConsumedCapacity.INDEXES);
    }

    /** The single-item put asking for {@code capacity} (null: not asking). */
    public PutItemRequest toPutItemRequest(String table, ReturnConsumedCapacity capacity) {
        return PutItemRequest.builder().returnConsumedCapacity(capacity).tableName(table).item(item)
                .conditionExpression(condition.expression())
                .expressionAttributeNames(condition.namesOrNull())
                .expressionAttributeValues(condition.valuesOrNull())
                .returnValuesOnConditionCheckFailure(storedOnFailure()).build();
    }

    /** The single-item delete; a failed condition returns the stored item. */
    public DeleteItemRequest toDeleteItemRequest(String table, ReturnValue returned) {
        return toDeleteItemRequest(table, returned, ReturnConsumedCapacity.INDEXES);
    }

    /** The single-item delete asking for {@code capacity} (null: not asking). */
    public DeleteItemRequest toDeleteItemRequest(String table, ReturnValue returned,
                                                 ReturnConsumedCapacity capacity) {
        return DeleteItemRequest.builder().returnConsumedCapacity(capacity).tableName(table).key(key)
                .returnValues(returned)
                .conditionExpression(condition.expression())
                .expressionAttributeNames(condition.namesOrNull())
                .expressionAttributeValues(condition.valuesOrNull())
                .returnValuesOnConditionCheckFailure(storedOnFailure()).build();
    }

    /** The single-item update; a failed condition returns the stored item. */
    public UpdateItemRequest toUpdateItemRequest(String table, ReturnValue returned) {
        Expr all = mergedPlaceholders();
        return UpdateItemRequest.builder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).tableName(table).key(key)
                .updateExpression(update.expression())
                .conditionExpression(condition.expression())
                .expressionAttributeNames(all.namesOrNull())
                .expressionAttributeValues(all.valuesOrNull())
                .returnValues(returned)
                .returnValuesOnConditionCheckFailure(storedOnFailure()).build();
    }

    /**
     * {@code ALL_OLD} when the write has a condition (it costs nothing unless the condition fails), else none. The
     * stored item a failed condition hands back tells whether it had expired (it is then deleted and the write sent
     * again, {@link dev.keypath.dynamodb.internal.operation.WriteOverExpired}) and, for a single-item write, whether it is the write's own earlier attempt
     * ({@link ConditionFailures}).
     */
    private ReturnValuesOnConditionCheckFailure storedOnFailure() {
        return condition.isEmpty() ? null : ReturnValuesOnConditionCheckFailure.ALL_OLD;
    }

    private Expr mergedPlaceholders() {
        Map<String, String> n = new LinkedHashMap<>(update.names());
        n.putAll(condition.names());
        Map<String, AttributeValue> v = new LinkedHashMap<>(update.values());
        v.putAll(condition.values());
        return Expr.of("-", n, v);
    }

    /** The batch form; only for unconditional puts and deletes. */
    public WriteRequest toWriteRequest() {
        if (!condition.isEmpty()) {
            throw new IllegalStateException("batch writes cannot carry conditions");
        }
        return switch (kind) {
            case PUT -> WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
            case DELETE -> WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build();
            default -> throw new IllegalStateException("not batchable: " + kind);
        };
    }

    public TransactWriteItem toTransactWriteItem(String table) {
        ReturnValuesOnConditionCheckFailure onFailure = storedOnFailure();
        return switch (kind) {
            case PUT -> TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                    .conditionExpression(condition.expression())
                    .expressionAttributeNames(condition.namesOrNull())
                    .expressionAttributeValues(condition.valuesOrNull())
                    .returnValuesOnConditionCheckFailure(onFailure).build()).build();
            case DELETE -> TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key)
                    .returnValuesOnConditionCheckFailure(onFailure)
                    .conditionExpression(condition.expression())
                    .expressionAttributeNames(condition.namesOrNull())
                    .expressionAttributeValues(condition.valuesOrNull()).build()).build();
            case UPDATE -> {
                Expr all = mergedPlaceholders();
                yield TransactWriteItem.builder().update(Update.builder().tableName(table).key(key)
                        .returnValuesOnConditionCheckFailure(onFailure)
                        .updateExpression(update.expression())
                        .conditionExpression(condition.expression())
                        .expressionAttributeNames(all.namesOrNull())
                        .expressionAttributeValues(all.valuesOrNull()).build()).build();
            }
            case CONDITION_CHECK -> TransactWriteItem.builder().conditionCheck(ConditionCheck.builder()
                    .tableName(table).key(key).returnValuesOnConditionCheckFailure(onFailure)
                    .conditionExpression(condition.expression())
                    .expressionAttributeNames(condition.namesOrNull())
                    .expressionAttributeValues(condition.valuesOrNull()).build()).build();
        };
    }
}
