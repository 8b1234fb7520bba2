package dev.keypath.spark;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Which type a stored item is of, by its stored type name: for the jobs' verifications. Stateless. */
final class StoredTypes {
    private StoredTypes() {
    }

    /** Whether {@code item} is stored under the type name of {@code schema} or one of its former names. */
    static boolean isOf(ItemSchema<?> schema, Map<String, AttributeValue> item) {
        AttributeValue stored = item.get(StoredItemLayout.TYPE);
        if (stored == null || stored.s() == null) {
            return false;
        }
        return stored.s().equals(schema.typeName()) || schema.history().formerTypeNames().contains(stored.s());
    }
}
