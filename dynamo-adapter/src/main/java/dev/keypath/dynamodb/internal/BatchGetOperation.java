package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ReadConsistency;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Reads keys with {@code BatchGetItem} calls of at most 100, retrying unprocessed keys and throttled calls with
 * {@link Backoff}; returns found items in request order.
 */
final class BatchGetOperation {
    private BatchGetOperation() {
    }

    static List<Object> run(DynamoDbClient client, String table, List<ItemKey> keys, ReadConsistency consistency,
                            BatchPolicy policy, SchemaRegistry registry) {
        List<ItemKey> unique = new ArrayList<>(new LinkedHashSet<>(keys));
        Map<KeyPath, ItemKey> byPath = new HashMap<>();
        for (ItemKey k : unique) {
            KeyLimits.checkKey(k.keyPath());
            registry.of(k.type());
            ItemKey clash = byPath.put(k.keyPath(), k);
            if (clash != null) {
                throw new IllegalArgumentException("batch get asks for " + k.keyPath() + " as two types");
            }
        }
        Map<KeyPath, Map<String, AttributeValue>> found = new HashMap<>();
        Backoff backoff = new Backoff(policy);
        for (int start = 0; start < unique.size(); start += TableAttributes.BATCH_GET_CHUNK) {
            List<Map<String, AttributeValue>> pending = new ArrayList<>();
            for (ItemKey k : unique.subList(start, Math.min(unique.size(), start + TableAttributes.BATCH_GET_CHUNK))) {
                pending.add(KeyLimits.keyOf(k.keyPath()));
            }
            AwsServiceException last = null;
            while (!pending.isEmpty()) {
                try {
                    KeysAndAttributes ka = KeysAndAttributes.builder().keys(pending)
                            .consistentRead(consistency == ReadConsistency.STRONG).build();
                    BatchGetItemResponse r = client.batchGetItem(b -> b.requestItems(Map.of(table, ka)));
                    for (Map<String, AttributeValue> item : r.responses().getOrDefault(table, List.of())) {
                        found.put(DefaultItemSchema.keyPathOfItem(item), item);
                    }
                    KeysAndAttributes un = r.hasUnprocessedKeys() ? r.unprocessedKeys().get(table) : null;
                    pending = un == null ? List.of() : un.keys();
                } catch (AwsServiceException e) {
                    if (!Backoff.isThrottling(e)) {
                        throw e;
                    }
                    last = e;
                }
                if (!pending.isEmpty() && !backoff.pause()) {
                    List<KeyPath> left = new ArrayList<>();
                    pending.forEach(k -> left.add(DefaultItemSchema.keyPathOfItem(k)));
                    unique.subList(Math.min(unique.size(), start + TableAttributes.BATCH_GET_CHUNK), unique.size())
                            .forEach(k -> left.add(k.keyPath()));
                    throw new BatchIncompleteException("Batch get deadline of " + policy.deadline() + " passed", left,
                            last);
                }
            }
        }
        List<Object> out = new ArrayList<>();
        for (ItemKey k : unique) {
            Map<String, AttributeValue> item = found.get(k.keyPath());
            if (item != null) {
                GetItemOperation.mapOne(item, registry.of(k.type()), k.keyPath(), registry).ifPresent(out::add);
            }
        }
        return out;
    }
}
