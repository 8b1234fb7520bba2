package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Puts of stored attribute maps exactly as given (a copy or a restore): each key is checked to be a key path, two
 * items with one key are refused, and the puts go out in {@code BatchWriteItem} chunks through the retries of
 * {@link BatchWrites}. Stateless.
 */
final class StoredItemWrites {
    private StoredItemWrites() {
    }

    /**
     * The batch put of {@code items}, each request asking for {@code ask} of capacity (null: not asking); checks
     * every key before anything is sent.
     */
    static Operation<Void> put(String table, Collection<Map<String, AttributeValue>> items, BatchPolicy policy,
                               ReturnConsumedCapacity ask) {
        Objects.requireNonNull(items, "items");
        Set<KeyPath> seen = new HashSet<>();
        List<WriteRequest> puts = new ArrayList<>(items.size());
        int position = 0;
        for (Map<String, AttributeValue> item : items) {
            KeyPath path = keyPath(Objects.requireNonNull(item, "item"), position);
            if (!seen.add(path)) {
                throw new IllegalArgumentException("stored items hold the key path " + path + " twice (again at "
                        + "position " + position + ")");
            }
            puts.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
            position++;
        }
        return BatchWrites.writeRequests(table, puts, policy, ask);
    }

    private static KeyPath keyPath(Map<String, AttributeValue> item, int position) {
        try {
            return DefaultItemSchema.keyPathOfItem(item);
        } catch (ItemMappingException e) {
            throw new ItemMappingException("Stored item at position " + position + " cannot be written: "
                    + e.getMessage(), null, e);
        }
    }
}
