package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ProjectionSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a collection read (query page, scan page) turns each stored item into: the item of its registered class,
 * or one type's {@link ProjectionSchema projection}, which also says which attributes to ask DynamoDB for.
 * Unreadable items go to the table's handler either way. Immutable.
 *
 * @param registry   the table's types
 * @param projection the projection, or null for whole items
 */
public record ReadShape(SchemaRegistry registry, ProjectionSchema<?> projection) {
    /** Whole items, each of its own registered class. */
    public static ReadShape whole(SchemaRegistry registry) {
        return new ReadShape(registry, null);
    }

    /**
     * The item {@code raw} at {@code keyPath} in this shape; null for keypath's own items, for items of other
     * types than a projection's, and for unreadable items the table's handler leaves out.
     */
    public Object map(Map<String, AttributeValue> raw, KeyPath keyPath) {
        if (projection == null) {
            return registry.map(raw, keyPath);
        }
        String name = SchemaRegistry.typeNameOf(raw);
        if (TableAttributes.isInternalType(name)) {
            return null;
        }
        try {
            DefaultItemSchema<?> schema = registry.schemaOfStored(name, keyPath); // no registered type: unreadable
            return projection.readsTypeName(name) ? projection.read(registry.decoded(schema, raw, keyPath), keyPath)
                    : null;
        } catch (UnreadableItemException e) {
            registry.unreadable(e);
            return null;
        }
    }

    /**
     * The {@code ProjectionExpression} that reads what this shape needs, with its names: the keys, the type,
     * the expiry, {@code keyAttributes} (an index's keys, for a page token) and the projection's attributes.
     * {@link Expr#NONE} for whole items.
     */
    public Expr projectionExpression(String... keyAttributes) {
        return projection == null ? Expr.NONE : expression(projection, keyAttributes);
    }

    /**
     * {@link #projectionExpression} on an index that holds parts of items, whose entries hold the view's attributes
     * ({@link ProjectionSchema#readableFrom}): without the stored version, which such an index does not hold (a global
     * index would refuse to be asked for it, a local one would read the item for it).
     */
    public Expr indexEntryExpression(String... keyAttributes) {
        return expression(projection, false, keyAttributes);
    }

    /** The {@code ProjectionExpression} of {@code projection} plus {@code keyAttributes}. */
    public static Expr expression(ProjectionSchema<?> projection, String... keyAttributes) {
        return expression(projection, true, keyAttributes);
    }

    private static Expr expression(ProjectionSchema<?> projection, boolean withVersion, String... keyAttributes) {
        if (projection.readsWholeItems()) {
            return Expr.NONE;
        }
        List<String> attributes = new ArrayList<>(List.of(TableAttributes.PK, TableAttributes.SK,
                TableAttributes.TYPE, TableAttributes.TTL));
        if (withVersion) {
            attributes.add(TableAttributes.SCHEMA_VERSION);
        }
        for (String k : keyAttributes) {
            if (!attributes.contains(k)) {
                attributes.add(k);
            }
        }
        for (String a : projection.attributes()) {
            if (!attributes.contains(a)) {
                attributes.add(a);
            }
        }
        Map<String, String> names = new LinkedHashMap<>();
        List<String> placeholders = new ArrayList<>(attributes.size());
        for (String a : attributes) {
            String placeholder = "#kp_a" + names.size();
            names.put(placeholder, a);
            placeholders.add(placeholder);
        }
        return Expr.of(String.join(", ", placeholders), names, Map.of());
    }
}
