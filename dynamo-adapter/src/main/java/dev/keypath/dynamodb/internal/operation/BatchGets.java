package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.request.ItemReads;
import dev.keypath.dynamodb.internal.request.KeyLimits;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ProjectionSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Reads keys with {@code BatchGetItem} calls of at most 100, retrying unprocessed keys and throttled calls
 * through {@link BatchRetry}; returns the found, unexpired items in request order (each key
 * once). One instance per call: it checks the keys up front, before any request, and collects what comes back.
 */
final class BatchGets {
    private final String table;
    private final boolean consistentRead;
    private final SchemaRegistry registry;
    private final List<ItemKey<?>> unique;
    /** The projection every key is read with, or null for whole items. */
    private final ProjectionSchema<?> projection;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    private final Map<KeyPath, Map<String, AttributeValue>> found = new HashMap<>();
    private final BatchRetry<Map<String, AttributeValue>, BatchGetItemRequest, BatchGetItemResponse> retry;

    private BatchGets(String table, List<ItemKey<?>> keys, ReadConsistency consistency, BatchPolicy policy,
                              SchemaRegistry registry, ProjectionSchema<?> projection, ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.projection = projection;
        this.consistentRead = consistency == ReadConsistency.STRONG;
        this.registry = registry;
        this.unique = new ArrayList<>(new LinkedHashSet<>(keys));
        Map<KeyPath, ItemKey<?>> byPath = new HashMap<>();
        List<Map<String, AttributeValue>> keyMaps = new ArrayList<>(unique.size());
        for (ItemKey<?> k : unique) {
            Map<String, AttributeValue> key = KeyLimits.keyOf(registry.of(k.type(), k.keyPath()), k.keyPath());
            if (byPath.put(k.keyPath(), k) != null) {
                throw new IllegalArgumentException("batch get asks for " + k.keyPath() + " as two types");
            }
            keyMaps.add(key);
        }
        this.retry = new BatchRetry<>("Batch get", BatchRetry.chunks(keyMaps, TableAttributes.BATCH_GET_CHUNK),
                DefaultItemSchema::keyPathOfItem, policy, DynamoApi.BATCH_GET_ITEM, this::request, this::accept);
    }

    /**
     * The batch get of {@code keys}: checks them at once, then reads them with retries, each request asking for
     * {@code ask} of capacity (null: not asking).
     */
    public static Operation<List<Object>> read(String table, List<ItemKey<?>> keys, ReadConsistency consistency,
                                        BatchPolicy policy, SchemaRegistry registry, ReturnConsumedCapacity ask) {
        BatchGets op = new BatchGets(table, keys, consistency, policy, registry, null, ask);
        return Operations.map(op.retry, done -> op.items());
    }

    /**
     * The batch get of {@code keyPaths}, each an item of {@code projection}'s type read as its view, each request
     * asking for {@code ask} of capacity (null: not asking).
     */
    static <P> Operation<List<P>> readProjected(String table, List<KeyPath> keyPaths, ReadConsistency consistency,
                                                BatchPolicy policy, SchemaRegistry registry,
                                                ProjectionSchema<P> projection, Class<?> itemType,
                                                ReturnConsumedCapacity ask) {
        List<ItemKey<?>> keys = keyPaths.stream().<ItemKey<?>>map(p -> new ItemKey<>(itemType, p)).toList();
        BatchGets op = new BatchGets(table, keys, consistency, policy, registry, projection, ask);
        return Operations.map(op.retry, done -> op.items().stream().map(projection.view()::cast).toList());
    }

    private BatchGetItemRequest request(List<Map<String, AttributeValue>> pending) {
        KeysAndAttributes.Builder b = KeysAndAttributes.builder().keys(pending).consistentRead(consistentRead);
        if (projection != null) {
            Expr expression = ReadShape.expression(projection);
            b.projectionExpression(expression.expression()).expressionAttributeNames(expression.names());
        }
        KeysAndAttributes keys = b.build();
        return BatchGetItemRequest.builder().returnConsumedCapacity(ask).requestItems(Map.of(table, keys)).build();
    }

    /** Keeps the items found; returns the keys left unprocessed. */
    private List<Map<String, AttributeValue>> accept(BatchGetItemResponse r) {
        for (Map<String, AttributeValue> item : r.responses().getOrDefault(table, List.of())) {
            found.put(DefaultItemSchema.keyPathOfItem(item), item);
        }
        KeysAndAttributes unprocessed = r.hasUnprocessedKeys() ? r.unprocessedKeys().get(table) : null;
        return unprocessed == null ? List.of() : unprocessed.keys();
    }

    private List<Object> items() {
        List<Object> out = new ArrayList<>();
        for (ItemKey<?> k : unique) {
            Map<String, AttributeValue> item = found.get(k.keyPath());
            if (item != null) {
                try {
                    (projection == null ? ItemReads.mapOne(item, registry.of(k.type()), k.keyPath(), registry)
                            : ItemReads.mapProjected(item, projection, k.keyPath(), registry)).ifPresent(out::add);
                } catch (UnreadableItemException e) {
                    registry.unreadable(e);
                }
            }
        }
        return out;
    }
}
