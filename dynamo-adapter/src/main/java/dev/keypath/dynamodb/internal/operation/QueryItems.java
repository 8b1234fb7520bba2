package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.request.QueryRequests;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a query page keeps of a raw item it read: dropped when internal, expired, of a type the query did not ask
 * for, not in the index or outside the exact range; else mapped to its registered class (or, for a page of keys, its
 * {@link ItemKey}). Shared by the unsharded and the sharded pager. Immutable.
 *
 * @param keys true to map each item to its {@link ItemKey} instead of the item
 */
record QueryItems(SchemaRegistry registry, ReadShape shape, QueryRequests.Target target, KeyRange range,
                  Set<String> typeNames, boolean keys) {

    /** The item or key {@code raw} gives the page, or null when the page drops it. */
    Object map(Map<String, AttributeValue> raw) {
        if (droppedUnread(raw)) {
            return null;
        }
        String name = SchemaRegistry.typeNameOf(raw);
        KeyPath inRange = registry.storedKeyPath(raw, target.pkAttribute(), target.skAttribute());
        if (inRange == null || !range.contains(inRange)) {
            return null;
        }
        // on the table the range's key path is the item's: decoded once
        KeyPath keyPath = target.index() == null ? inRange
                : registry.storedKeyPath(raw, TableAttributes.PK, TableAttributes.SK);
        if (keyPath == null) {
            return null;
        }
        return keys ? keyOf(name, keyPath) : shape.map(raw, keyPath);
    }

    /**
     * Whether the page may keep {@code raw}, judged without mapping it and without telling the table's handler of
     * anything: false for what {@link #map} drops before reading the item (internal, expired, of a type the query did
     * not ask for, not in the index, outside the exact range); true for the rest, an item whose key cannot be read
     * included, so that a read stops there rather than pass it by.
     */
    boolean keeps(Map<String, AttributeValue> raw) {
        if (droppedUnread(raw)) {
            return false;
        }
        try {
            return range.contains(DefaultItemSchema.keyPathOfItem(raw, target.pkAttribute(), target.skAttribute()));
        } catch (ItemMappingException e) {
            return true;
        }
    }

    /** Whether {@code raw} is dropped by its type, its expiry or its absence from the index alone. */
    private boolean droppedUnread(Map<String, AttributeValue> raw) {
        String name = SchemaRegistry.typeNameOf(raw);
        if (TableAttributes.isInternalType(name) || registry.isExpired(raw)) {
            return true;
        }
        if (!typeNames.isEmpty() && name != null && registry.isRegisteredName(name) && !typeNames.contains(name)) {
            return true; // an item of another registered type
        }
        return !raw.containsKey(target.pkAttribute()) || !raw.containsKey(target.skAttribute()); // not in the index
    }

    /**
     * The key of a stored item of type {@code name}; null (after the table's handler) if no type reads it or its key
     * path cannot be one of that type's.
     */
    private ItemKey<?> keyOf(String name, KeyPath keyPath) {
        try {
            DefaultItemSchema<?> schema = registry.schemaOfStored(name, keyPath);
            schema.checkStoredKeyPath(keyPath);
            return new ItemKey<>(schema.type(), keyPath);
        } catch (UnreadableItemException e) {
            registry.unreadable(e);
            return null;
        }
    }
}
