package dev.keypath.test.capacity;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.storage.StoredItemSizes;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Stored items of an exact size under one parent, written past the adapter so that sizes are the test's. */
final class RawItems {
    private RawItems() {
    }

    /** The item {@code parent/event-<id>} of exactly {@code bytes} bytes as DynamoDB sizes it. */
    static Map<String, AttributeValue> item(KeyPath parent, long id, int bytes) {
        KeyPath path = parent.then("event", id);
        Map<String, AttributeValue> item = new HashMap<>(key(path));
        item.put("_type", AttributeValue.fromS("Event"));
        int padding = bytes - (int) StoredItemSizes.itemSize(item) - "body".length();
        item.put("body", AttributeValue.fromS("x".repeat(padding)));
        if (StoredItemSizes.itemSize(item) != bytes) {
            throw new IllegalStateException("item of " + StoredItemSizes.itemSize(item) + " bytes, not " + bytes);
        }
        return item;
    }

    static Map<String, AttributeValue> key(KeyPath path) {
        return Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
    }
}
