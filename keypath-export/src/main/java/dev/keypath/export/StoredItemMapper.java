package dev.keypath.export;

import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Maps a stored item to an object; {@code KeyPathTable::readStoredItem} and {@code KeyPathAsyncTable::readStoredItem}
 * are the usual ones, mapping by the table's registered types. Must be thread-safe when shared.
 */
@FunctionalInterface
public interface StoredItemMapper {
    /**
     * The object of {@code item}, or empty for an item that maps to none.
     *
     * @throws dev.keypath.dynamodb.UnreadableItemException when the item cannot be read
     */
    Optional<Object> read(Map<String, AttributeValue> item);
}
