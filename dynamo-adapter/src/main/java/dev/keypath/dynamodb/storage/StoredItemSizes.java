package dev.keypath.dynamodb.storage;

import dev.keypath.dynamodb.internal.request.ItemSizes;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Sizes of stored items as DynamoDB bills and limits them, counted exactly as the tables count them before a
 * write: attribute names (UTF-8) plus values, numbers by their text length (an upper bound of DynamoDB's).
 */
public final class StoredItemSizes {
    private StoredItemSizes() {
    }

    /** The size of {@code item} in bytes. */
    public static long itemSize(Map<String, AttributeValue> item) {
        return ItemSizes.itemSize(item);
    }

    /** The length of {@code text} in UTF-8 bytes (an unpaired surrogate counts as three). */
    public static int utf8Length(String text) {
        return ItemSizes.utf8Length(text);
    }
}
