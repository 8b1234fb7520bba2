package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ProjectionSchema;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** Builds {@code GetItem} requests and maps their responses. Pure. */
public final class ItemReads {
    private ItemReads() {
    }

    public static GetItemRequest request(String table, KeyPath keyPath, ReadConsistency consistency) {
        return request(table, null, keyPath, consistency);
    }

    /**
     * The {@code GetItem} of the item of {@code schema}'s type at {@code keyPath}, in its shard when the type is
     * sharded ({@link KeyLimits#keyOf(DefaultItemSchema, KeyPath)}); null {@code schema}: an internal item's key.
     */
    public static GetItemRequest request(String table, DefaultItemSchema<?> schema, KeyPath keyPath,
                                         ReadConsistency consistency) {
        return request(table, schema, keyPath, consistency, ReturnConsumedCapacity.INDEXES);
    }

    /** The same {@code GetItem}, asking for {@code capacity} (null: not asking). */
    public static GetItemRequest request(String table, DefaultItemSchema<?> schema, KeyPath keyPath,
                                         ReadConsistency consistency, ReturnConsumedCapacity capacity) {
        return GetItemRequest.builder().returnConsumedCapacity(capacity).tableName(table)
                .key(KeyLimits.keyOf(schema, keyPath)).consistentRead(consistency == ReadConsistency.STRONG).build();
    }

    /** A {@code GetItem} that reads only what {@code projection} needs, asking for {@code capacity} (null: not). */
    public static GetItemRequest request(String table, DefaultItemSchema<?> schema, KeyPath keyPath,
                                         ReadConsistency consistency, ProjectionSchema<?> projection,
                                         ReturnConsumedCapacity capacity) {
        Expr expression = ReadShape.expression(projection);
        return GetItemRequest.builder().returnConsumedCapacity(capacity).tableName(table)
                .key(KeyLimits.keyOf(schema, keyPath)).consistentRead(consistency == ReadConsistency.STRONG)
                .projectionExpression(expression.expression()).expressionAttributeNames(expression.namesOrNull()).build();
    }

    /**
     * A projected item read by key: empty if expired, an {@link UnknownItemTypeException} if it is of another
     * type, an {@link dev.keypath.dynamodb.UnreadableItemException} if it cannot be read; shared with batch get.
     */
    public static <P> Optional<P> mapProjected(Map<String, AttributeValue> item, ProjectionSchema<P> projection,
                                        KeyPath keyPath, SchemaRegistry registry) {
        if (registry.isExpired(item)) {
            return Optional.empty();
        }
        String name = SchemaRegistry.typeNameOf(item);
        if (name == null || !projection.readsTypeName(name)) {
            registry.schemaOfStored(name, keyPath).checkStoredKeyPath(keyPath);
            throw new UnknownItemTypeException("Item is a '" + name + "', not a " + projection.typeName(), keyPath);
        }
        return Optional.of(projection.read(registry.decoded(registry.schemaOfStored(name, keyPath), item, keyPath),
                keyPath));
    }

    public static <T> Optional<T> response(GetItemResponse response, DefaultItemSchema<T> schema, KeyPath keyPath,
                                    SchemaRegistry registry) {
        if (!response.hasItem() || response.item().isEmpty()) {
            return Optional.empty();
        }
        return mapOne(response.item(), schema, keyPath, registry);
    }

    /** Maps one item read by key, dropping it if expired; shared with batch get. */
    public static <T> Optional<T> mapOne(Map<String, AttributeValue> item, DefaultItemSchema<T> schema, KeyPath keyPath,
                                  SchemaRegistry registry) {
        String name = SchemaRegistry.typeNameOf(item);
        if (!schema.typeName().equals(name) && (name == null || !schema.evolution().isTypeName(name))) {
            if (registry.isExpired(item)) {
                return Optional.empty(); // an expired item reads as absent, whatever its type
            }
            // an item no registered type can read, or whose type cannot be at its key, is the store's fault
            registry.schemaOfStored(name, keyPath).checkStoredKeyPath(keyPath);
            throw new UnknownItemTypeException("Item is a '" + name + "', not a " + schema.typeName(), keyPath);
        }
        return Optional.ofNullable(registry.read(schema, item, keyPath)); // read by this key: not decoded again
    }
}
