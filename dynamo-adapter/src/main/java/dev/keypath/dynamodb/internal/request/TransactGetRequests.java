package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Builds {@code TransactGetItems} requests (at most 100 keys, each item once, key sizes checked) and maps their
 * responses: per key, in order, the item mapped to its type, or null when it is absent or expired. While a type is
 * being re-sharded ({@code @Sharded(formerCount)}), an item of it whose shard differs between the layouts is read
 * under both keys in the same transaction, and its new layout's copy is taken when there is one, as every read takes
 * it ({@link CopyPlacement}): the snapshot holds the item wherever it is, and nothing is moved. Pure.
 */
public final class TransactGetRequests {
    private TransactGetRequests() {
    }

    /**
     * The request of {@code keys}: per key its {@code Get}, followed, for an item of a type being re-sharded, by the
     * {@code Get} of its former key. An {@link IllegalArgumentException} when the gets are more than 100.
     */
    public static TransactGetItemsRequest request(String table, List<ItemKey<?>> keys, SchemaRegistry registry) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a transactional read needs at least one key");
        }
        if (keys.size() > TableAttributes.MAX_TRANSACTION_ACTIONS) {
            throw new IllegalArgumentException("a transactional read allows at most "
                    + TableAttributes.MAX_TRANSACTION_ACTIONS + " keys, got " + keys.size());
        }
        Set<KeyPath> seen = new HashSet<>();
        List<TransactGetItem> gets = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            ItemKey<?> k = keys.get(i);
            DefaultItemSchema<?> schema = registry.of(k.type(), k.keyPath());
            if (!seen.add(k.keyPath())) {
                throw new IllegalArgumentException("transactional read key " + i + " asks for " + k.keyPath()
                        + " again; each item may appear once");
            }
            Map<String, AttributeValue> key = KeyLimits.keyOf(schema, k.keyPath());
            gets.add(TransactGetItem.builder().get(Get.builder().tableName(table).key(key).build()).build());
            byte[] former = schema.formerPartitionKeyOf(k.keyPath());
            if (former != null) {
                Map<String, AttributeValue> formerKey = new LinkedHashMap<>(key);
                formerKey.put(TableAttributes.PK, AttributeValues.binary(former));
                gets.add(TransactGetItem.builder().get(Get.builder().tableName(table).key(formerKey).build()).build());
            }
        }
        if (gets.size() > TableAttributes.MAX_TRANSACTION_ACTIONS) {
            throw new IllegalArgumentException("a transactional read allows at most "
                    + TableAttributes.MAX_TRANSACTION_ACTIONS + " gets; these " + keys.size() + " keys take "
                    + gets.size() + ", since an item of a type being re-sharded (@Sharded(formerCount)) is read in "
                    + "both layouts until the re-shard has finished: read fewer at once");
        }
        return TransactGetItemsRequest.builder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .transactItems(gets).build();
    }

    /** Per key in order: the item, or null when absent or expired; a stored item of another type is refused. */
    public static List<Object> items(TransactGetItemsResponse response, List<ItemKey<?>> keys, SchemaRegistry registry) {
        List<ItemResponse> responses = response.responses();
        List<Object> items = new ArrayList<>(keys.size());
        int at = 0;
        for (ItemKey<?> k : keys) {
            DefaultItemSchema<?> schema = registry.of(k.type());
            Map<String, AttributeValue> found = itemOf(responses, at++);
            if (schema.formerPartitionKeyOf(k.keyPath()) != null) {
                Map<String, AttributeValue> former = itemOf(responses, at++);
                found = found != null ? found : former; // the new layout's copy first, as every read
            }
            items.add(found == null ? null : ItemReads.mapOne(found, schema, k.keyPath(), registry).orElse(null));
        }
        return items;
    }

    private static Map<String, AttributeValue> itemOf(List<ItemResponse> responses, int i) {
        ItemResponse r = i < responses.size() ? responses.get(i) : null;
        return r == null || !r.hasItem() || r.item().isEmpty() ? null : r.item();
    }

    /**
     * The cancellation of a transactional read (a conflicting write in flight, throttling) as the typed failure;
     * {@code registry} tells which keys were read twice.
     */
    public static TransactionFailedException failure(List<ItemKey<?>> keys, SchemaRegistry registry,
                                                     TransactionCanceledException e) {
        List<Integer> gets = new ArrayList<>(); // per get, the index of its key
        for (int i = 0; i < keys.size(); i++) {
            gets.add(i);
            if (registry.of(keys.get(i).type()).formerPartitionKeyOf(keys.get(i).keyPath()) != null) {
                gets.add(i);
            }
        }
        return Cancellations.failure(e, gets, "transactGet", (get, i, r) -> new TransactionFailedException.Failure(i,
                "get", keys.get(i).keyPath(), r.code(), r.message(), false));
    }
}
