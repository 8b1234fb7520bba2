package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Reads one stored attribute map, from wherever it came, into the object of its registered type. Stateless. */
public final class StoredItems {
    private StoredItems() {
    }

    /**
     * The object of {@code item}'s registered type, or null for one of keypath's own items (a sequence counter, an
     * alias item, the layout record: {@link TableAttributes#INTERNAL_TYPES}). Whether the item has expired is not
     * looked at. Every problem, including a key that is not a key path, is an {@link UnreadableItemException}; the
     * table's handler is not consulted.
     */
    public static Object read(SchemaRegistry registry, Map<String, AttributeValue> item) {
        Objects.requireNonNull(item, "item");
        KeyPath path;
        try {
            path = DefaultItemSchema.keyPathOfItem(item);
        } catch (ItemMappingException e) {
            throw new UnreadableItemException(e.getMessage(), null, e);
        }
        String name = SchemaRegistry.typeNameOf(item);
        if (TableAttributes.isInternalType(name)) {
            return null;
        }
        DefaultItemSchema<?> schema = registry.schemaOfStored(name, path);
        return schema.fromItem(registry.decoded(schema, item, path), path);
    }
}
