package dev.keypath.export;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.UnreadableItemException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item of an export: where it was, its key path, its stored type name, the object it maps to and its stored
 * attributes. Immutable (the attribute map is the SDK's, unmodifiable).
 *
 * @param file       the data file, relative to the export's directory
 * @param line       the 1-based line in the decompressed file
 * @param keyPath    the key path decoded from {@code pk}/{@code sk}; null only for a flagged item whose key is not one
 * @param typeName   the {@code _type} attribute, or null when the item has none
 * @param item       the mapped object; null when items are not mapped, for a sequence counter, and for a flagged item
 * @param attributes every stored attribute, keys included
 * @param problem    why the item could not be read, for an item flagged by {@link UnreadableItems#FLAG}; else null
 */
public record ExportedItem(String file, long line, KeyPath keyPath, String typeName, Object item,
        Map<String, AttributeValue> attributes, UnreadableItemException problem) {
    /** Whether the item was read (no {@link #problem()}). */
    public boolean readable() {
        return problem == null;
    }
}
