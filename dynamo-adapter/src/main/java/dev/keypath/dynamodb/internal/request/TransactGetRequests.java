package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Builds {@code TransactGetItems} requests (at most 100 keys, each item once, key sizes checked) and maps their
 * responses: per key, in order, the item mapped to its type, or null when it is absent or expired. Pure.
 */
public final class TransactGetRequests {
    private TransactGetRequests() {
    }

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
            gets.add(TransactGetItem.builder().get(Get.builder().tableName(table).key(KeyLimits.keyOf(schema, k.keyPath()))
                    .build()).build());
        }
        return TransactGetItemsRequest.builder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).transactItems(gets).build();
    }

    /** Per key in order: the item, or null when absent or expired; a stored item of another type is refused. */
    public static List<Object> items(TransactGetItemsResponse response, List<ItemKey<?>> keys, SchemaRegistry registry) {
        List<ItemResponse> responses = response.responses();
        List<Object> items = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            ItemResponse r = i < responses.size() ? responses.get(i) : null;
            if (r == null || !r.hasItem() || r.item().isEmpty()) {
                items.add(null);
                continue;
            }
            ItemKey<?> k = keys.get(i);
            DefaultItemSchema<?> schema = registry.of(k.type());
            items.add(ItemReads.mapOne(r.item(), schema, k.keyPath(), registry).orElse(null));
        }
        return items;
    }

    /** The cancellation of a transactional read (a conflicting write in flight, throttling) as the typed failure. */
    public static TransactionFailedException failure(List<ItemKey<?>> keys, TransactionCanceledException e) {
        return Cancellations.failure(e, keys, "transactGet", (i, k, r) -> new TransactionFailedException.Failure(i,
                "get", k.keyPath(), r.code(), r.message(), false));
    }
}
