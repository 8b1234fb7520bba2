package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.request.Aliases;
import dev.keypath.dynamodb.internal.request.DeleteActions;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.WriteAction;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Runs unconditional puts and deletes as {@code BatchWriteItem} calls of at most 25, resubmitting unprocessed
 * items and throttled chunks through {@link BatchRetry} until done or the deadline.
 */
public final class BatchWrites {
    private BatchWrites() {
    }

    /** The schema of a put's item; versioned types are refused, since a batch cannot carry their version check. */
    public static DefaultItemSchema<?> putSchema(SchemaRegistry registry, Object item) {
        DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
        Aliases.refuse(schema, "A batch write", null);
        if (schema.isVersioned()) {
            throw new ItemMappingException(schema.type().getSimpleName() + " is versioned; batch writes cannot "
                    + "check versions, use transact() instead", null, null);
        }
        return schema;
    }

    /** The batch's deletes, unconditional. */
    public static List<WriteAction> deletes(SchemaRegistry registry, WriteBatch batch) {
        List<WriteAction> deletes = new ArrayList<>(batch.deletes().size());
        for (ItemKey<?> k : batch.deletes()) {
            Aliases.refuse(registry.of(k.type()), "A batch write", k.keyPath());
            deletes.add(DeleteActions.action(registry.of(k.type()), k.keyPath(), -1, Expr.NONE));
        }
        return deletes;
    }

    /** Splits actions into request chunks; rejects two writes to one key. Pure. */
    public static List<List<WriteRequest>> chunks(List<WriteAction> actions) {
        Set<KeyPath> seen = new HashSet<>(Math.max(16, 2 * actions.size()));
        List<WriteRequest> requests = new ArrayList<>(actions.size());
        for (WriteAction a : actions) {
            if (!seen.add(a.keyPath())) {
                throw new IllegalArgumentException("batch writes the same key path twice: " + a.keyPath());
            }
            requests.add(a.toWriteRequest());
        }
        return BatchRetry.chunks(requests, TableAttributes.BATCH_WRITE_CHUNK);
    }

    /**
     * The batch write of {@code actions} with its retries, each request asking for {@code ask} of capacity (null:
     * not asking); nothing is checked or sent before it runs.
     */
    public static Operation<Void> write(String table, List<WriteAction> actions, BatchPolicy policy,
                                        ReturnConsumedCapacity ask) {
        return writeChunks(table, chunks(actions), policy, ask);
    }

    /**
     * The batch write of {@code requests}, in calls of at most 25, with its retries, each asking for {@code ask} of
     * capacity (null: not asking).
     */
    static Operation<Void> writeRequests(String table, List<WriteRequest> requests, BatchPolicy policy,
                                         ReturnConsumedCapacity ask) {
        return writeChunks(table, BatchRetry.chunks(requests, TableAttributes.BATCH_WRITE_CHUNK), policy, ask);
    }

    private static Operation<Void> writeChunks(String table, List<List<WriteRequest>> chunks, BatchPolicy policy,
                                               ReturnConsumedCapacity ask) {
        return new BatchRetry<>("Batch write", chunks, BatchWrites::keyPathOf, policy,
                DynamoApi.BATCH_WRITE_ITEM, pending -> request(table, pending, ask), r -> unprocessed(table, r));
    }

    private static BatchWriteItemRequest request(String table, List<WriteRequest> pending, ReturnConsumedCapacity ask) {
        return BatchWriteItemRequest.builder().returnConsumedCapacity(ask).requestItems(Map.of(table, pending)).build();
    }

    private static List<WriteRequest> unprocessed(String table, BatchWriteItemResponse r) {
        return r.hasUnprocessedItems() ? r.unprocessedItems().getOrDefault(table, List.of()) : List.of();
    }

    public static KeyPath keyPathOf(WriteRequest w) {
        Map<String, AttributeValue> key = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
        return DefaultItemSchema.keyPathOfItem(key);
    }
}
