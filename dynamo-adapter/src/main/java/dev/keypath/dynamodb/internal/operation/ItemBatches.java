package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Batch puts and gets of attribute maps that already carry a key path's {@code pk}/{@code sk}, for tools that
 * copy items without a registered type (a table migration). Both go through {@link BatchRetry}, so unprocessed
 * items and throttled calls are retried as for the tables' own batches, and every response's consumed capacity
 * ({@code ReturnConsumedCapacity=TOTAL}) is handed to a listener, once per call, retries included.
 */
public final class ItemBatches {
    private ItemBatches() {
    }

    /**
     * Puts {@code items} with {@code BatchWriteItem} calls of at most 25 (unconditional: a put replaces the item of
     * the same key). No two items may have the same key.
     */
    public static Operation<Void> put(String table, List<Map<String, AttributeValue>> items, BatchPolicy policy,
                                      Consumer<ConsumedCapacity> consumed) {
        List<List<WriteRequest>> chunks = new ArrayList<>();
        List<WriteRequest> current = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            current.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
            if (current.size() == TableAttributes.BATCH_WRITE_CHUNK) {
                chunks.add(current);
                current = new ArrayList<>();
            }
        }
        if (!current.isEmpty()) {
            chunks.add(current);
        }
        return new BatchRetry<>("Batch write", chunks, BatchWrites::keyPathOf, policy, DynamoApi.BATCH_WRITE_ITEM,
                pending -> BatchWriteItemRequest.builder().requestItems(Map.of(table, pending))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build(),
                (BatchWriteItemResponse r) -> {
                    r.consumedCapacity().forEach(consumed);
                    return r.hasUnprocessedItems() ? r.unprocessedItems().getOrDefault(table, List.of()) : List.of();
                });
    }

    /**
     * Reads the items of {@code keys} (each a {@code pk}/{@code sk} map) with eventually consistent
     * {@code BatchGetItem} calls of at most 100; the result holds the items found, in no particular order.
     */
    public static Operation<List<Map<String, AttributeValue>>> get(String table, List<Map<String, AttributeValue>> keys,
                                                                   BatchPolicy policy,
                                                                   Consumer<ConsumedCapacity> consumed) {
        List<List<Map<String, AttributeValue>>> chunks = new ArrayList<>();
        for (int i = 0; i < keys.size(); i += TableAttributes.BATCH_GET_CHUNK) {
            chunks.add(keys.subList(i, Math.min(keys.size(), i + TableAttributes.BATCH_GET_CHUNK)));
        }
        List<Map<String, AttributeValue>> found = new ArrayList<>();
        BatchRetry<Map<String, AttributeValue>, BatchGetItemRequest, BatchGetItemResponse> retry = new BatchRetry<>(
                "Batch get", chunks, DefaultItemSchema::keyPathOfItem, policy, DynamoApi.BATCH_GET_ITEM,
                pending -> BatchGetItemRequest.builder()
                        .requestItems(Map.of(table, KeysAndAttributes.builder().keys(pending).build()))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build(),
                (BatchGetItemResponse r) -> {
                    r.consumedCapacity().forEach(consumed);
                    found.addAll(r.responses().getOrDefault(table, List.of()));
                    KeysAndAttributes left = r.hasUnprocessedKeys() ? r.unprocessedKeys().get(table) : null;
                    return left == null ? List.of() : left.keys();
                });
        return Operations.map(retry, done -> found);
    }
}
