package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.request.CopyPlacement;
import dev.keypath.dynamodb.internal.request.ItemReads;
import dev.keypath.dynamodb.internal.request.KeyLimits;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ProjectionSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
 *
 * <p>While a type is being re-sharded ({@code @Sharded(formerCount)}), an item of it whose shard differs between the
 * layouts is read under both keys, and its new layout's copy taken when there is one, as every read takes it
 * ({@link CopyPlacement}); an item found under neither is read once more under its new key, strongly consistent,
 * since it may have moved between the two reads (as {@link ReshardReads} does). Nothing is moved.
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
    /** The new keys of the items read under both layouts, by key path. */
    private final Map<KeyPath, Map<String, AttributeValue>> twice = new HashMap<>();
    private final BatchPolicy policy;
    /** Whether this is the second reading, of the items found under neither key. */
    private boolean again;

    private BatchGets(String table, List<ItemKey<?>> keys, ReadConsistency consistency, BatchPolicy policy,
                              SchemaRegistry registry, ProjectionSchema<?> projection, ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.projection = projection;
        this.consistentRead = consistency == ReadConsistency.STRONG;
        this.registry = registry;
        this.policy = policy;
        this.unique = new ArrayList<>(new LinkedHashSet<>(keys));
        Map<KeyPath, ItemKey<?>> byPath = new HashMap<>();
        List<Map<String, AttributeValue>> keyMaps = new ArrayList<>(unique.size());
        for (ItemKey<?> k : unique) {
            DefaultItemSchema<?> schema = registry.of(k.type(), k.keyPath());
            Map<String, AttributeValue> key = KeyLimits.keyOf(schema, k.keyPath());
            if (byPath.put(k.keyPath(), k) != null) {
                throw new IllegalArgumentException("batch get asks for " + k.keyPath() + " as two types");
            }
            keyMaps.add(key);
            byte[] former = schema.formerPartitionKeyOf(k.keyPath());
            if (former != null) {
                Map<String, AttributeValue> formerKey = new LinkedHashMap<>(key);
                formerKey.put(TableAttributes.PK, AttributeValues.binary(former));
                keyMaps.add(formerKey);
                twice.put(k.keyPath(), key);
            }
        }
        this.retry = retry(keyMaps);
    }

    private BatchRetry<Map<String, AttributeValue>, BatchGetItemRequest, BatchGetItemResponse> retry(
            List<Map<String, AttributeValue>> keyMaps) {
        return new BatchRetry<>("Batch get", BatchRetry.chunks(keyMaps, TableAttributes.BATCH_GET_CHUNK),
                DefaultItemSchema::keyPathOfItem, policy, DynamoApi.BATCH_GET_ITEM, this::request, this::accept);
    }

    /**
     * After the first reading: the items read under both keys and found under neither, read again under their new
     * key, strongly consistent (an item that moved between the two reads is there); nothing when there are none.
     */
    private Operation<Void> again() {
        List<Map<String, AttributeValue>> missing = new ArrayList<>();
        twice.forEach((path, key) -> {
            if (!found.containsKey(path)) {
                missing.add(key);
            }
        });
        if (missing.isEmpty()) {
            return Operations.done(null);
        }
        again = true;
        return retry(missing);
    }

    /**
     * The batch get of {@code keys}: checks them at once, then reads them with retries, each request asking for
     * {@code ask} of capacity (null: not asking).
     */
    public static Operation<List<Object>> read(String table, List<ItemKey<?>> keys, ReadConsistency consistency,
                                        BatchPolicy policy, SchemaRegistry registry, ReturnConsumedCapacity ask) {
        BatchGets op = new BatchGets(table, keys, consistency, policy, registry, null, ask);
        return Operations.map(Operations.then(op.retry, done -> op.again()), done -> op.items());
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
        return Operations.map(Operations.then(op.retry, done -> op.again()),
                done -> op.items().stream().map(projection.view()::cast).toList());
    }

    private BatchGetItemRequest request(List<Map<String, AttributeValue>> pending) {
        KeysAndAttributes.Builder b = KeysAndAttributes.builder().keys(pending).consistentRead(consistentRead || again);
        if (projection != null) {
            Expr expression = ReadShape.expression(projection);
            b.projectionExpression(expression.expression()).expressionAttributeNames(expression.namesOrNull());
        }
        KeysAndAttributes keys = b.build();
        return BatchGetItemRequest.builder().returnConsumedCapacity(ask).requestItems(Map.of(table, keys)).build();
    }

    /** Keeps the items found; returns the keys left unprocessed. */
    private List<Map<String, AttributeValue>> accept(BatchGetItemResponse r) {
        for (Map<String, AttributeValue> item : r.responses().getOrDefault(table, List.of())) {
            KeyPath path = DefaultItemSchema.keyPathOfItem(item);
            Map<String, AttributeValue> newKey = twice.get(path);
            // read under both keys: the new layout's copy, when there is one, is the one every read takes
            if (newKey == null || !found.containsKey(path) || newKey.get(TableAttributes.PK).equals(
                    item.get(TableAttributes.PK))) {
                found.put(path, item);
            }
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
