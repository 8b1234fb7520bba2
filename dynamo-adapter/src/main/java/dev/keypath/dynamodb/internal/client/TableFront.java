package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.internal.operation.TableOperations;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.StoredItems;
import dev.keypath.dynamodb.internal.schema.TypeDescriptions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What both tables answer without a request: the name, the schemas and key paths of registered types, over the
 * operations they run. Immutable and thread-safe.
 */
abstract class TableFront {
    final TableOperations operations;
    final SchemaRegistry registry;

    TableFront(TableBuilderBase<?> settings) {
        this.operations = settings.operations();
        this.registry = operations.registry();
    }

    /** The table name. */
    public String tableName() {
        return operations.table();
    }

    /** The mapping of a registered type. */
    public <T> ItemSchema<T> schema(Class<T> type) {
        return registry.of(type);
    }

    /** The registered item types. */
    public List<Class<?>> registeredTypes() {
        return registry.schemas().stream().<Class<?>>map(s -> s.type()).toList();
    }

    /** The registered types as their items are stored. */
    public TableDescription description() {
        return TypeDescriptions.of(registry.schemas());
    }

    /** The key path of a registered item. */
    public KeyPath keyPathOf(Object item) {
        return registry.ofItem(item).keyPathOf(item, Map.of());
    }

    /** A stored item mapped to its registered type; empty for keypath's own items (counters, aliases). */
    public Optional<Object> readStoredItem(Map<String, AttributeValue> item) {
        return Optional.ofNullable(StoredItems.read(registry, item));
    }
}
