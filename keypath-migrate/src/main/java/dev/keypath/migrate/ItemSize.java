package dev.keypath.migrate;

import dev.keypath.dynamodb.storage.StoredItemSizes;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB bills it, counted as the adapter counts it before a write ({@link StoredItemSizes}), and
 * the write capacity a put of it takes.
 */
final class ItemSize {
    private ItemSize() {
    }

    static long of(Map<String, AttributeValue> item) {
        return StoredItemSizes.itemSize(item);
    }

    /** Write capacity units of one put of an item of {@code bytes}: one per KB started. */
    static long writeUnits(long bytes) {
        return Math.max(1, (bytes + 1023) / 1024);
    }
}
