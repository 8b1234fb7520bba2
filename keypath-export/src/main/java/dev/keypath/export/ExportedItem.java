package dev.keypath.export;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item of an export: where it was, its key path, its stored type name, the object it maps to, its stored
 * attributes and whether it had expired when read. Immutable (the attribute map is the SDK's, unmodifiable).
 *
 * @param file       the data file, relative to the export's directory
 * @param line       the 1-based line in the decompressed file
 * @param keyPath    the key path decoded from {@code pk}/{@code sk}; null only for a flagged item whose key is not one
 * @param typeName   the {@code _type} attribute, or null when the item has none
 * @param item       the mapped object; null when items are not mapped, for one of keypath's own items
 *                   ({@link #internal()}), and for a flagged item
 * @param attributes every stored attribute, keys included
 * @param problem    why the item could not be read, for an item flagged by {@link UnreadableItems#FLAG}; else null
 * @param expired    whether its {@code _ttl} was at or before the reader's clock: given only by a reader that keeps
 *                   expired items ({@link ExportReader#keepingExpiredItems()}), which a table read leaves out
 */
public record ExportedItem(String file, long line, KeyPath keyPath, String typeName, Object item,
        Map<String, AttributeValue> attributes, UnreadableItemException problem, boolean expired) {
    /** Whether the item was read (no {@link #problem()}). */
    public boolean readable() {
        return problem == null;
    }

    /**
     * Whether it is one of keypath's own items (a sequence counter, an alias item: its {@code _type} is one of
     * {@link StoredItemLayout#INTERNAL_TYPES}), which holds no object; given only by a reader that keeps them
     * ({@link ExportReader#keepingInternalItems()}).
     */
    public boolean internal() {
        return typeName != null && StoredItemLayout.INTERNAL_TYPES.contains(typeName);
    }
}
