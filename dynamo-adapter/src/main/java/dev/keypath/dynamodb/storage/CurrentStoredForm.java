package dev.keypath.dynamodb.storage;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.internal.request.CurrentForms;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A stored item in the form this code stores it, for a tool that rewrites items in place (keypath-migrate's schema
 * rewrite): upgraded to the type's current version by its declared history, read into its object and written again
 * as a put of that object writes it. A {@code NULL} an older build stored for a null field is left out, a set it
 * stored as a list becomes a DynamoDB set, a nested value's nulls go, an index key an index added later never got is
 * added. The key, index keys that differ only in their shard, the aliases an item holds and the attributes the type
 * does not store are kept as they are. Stateless.
 */
public final class CurrentStoredForm {
    private CurrentStoredForm() {
    }

    /**
     * {@code item}, stored under one of {@code schema}'s type names, in its current form: the same map when it is
     * already so, else a copy with the attributes that differ replaced or removed (the attributes to write).
     *
     * @throws dev.keypath.dynamodb.UnreadableItemException naming the key path, for an item of a newer version, one a
     *     declared change fails on, or one that does not map to the type
     * @throws IllegalArgumentException when the schema is a table's that writes the previous version
     *     ({@code writePreviousVersion}), whose items a rewrite would change back
     */
    public static Map<String, AttributeValue> of(ItemSchema<?> schema, Map<String, AttributeValue> item) {
        return CurrentForms.of(keypaths(schema), item);
    }

    /**
     * Checks that {@code schema} writes its current version, before a rewrite reads any item.
     *
     * @throws IllegalArgumentException naming the type and both versions when it writes the previous one
     */
    public static void checkWritesCurrentVersion(ItemSchema<?> schema) {
        CurrentForms.requireCurrentWrites(keypaths(schema));
    }

    private static DefaultItemSchema<?> keypaths(ItemSchema<?> schema) {
        if (schema instanceof DefaultItemSchema<?> d) {
            return d;
        }
        throw new IllegalArgumentException("Not a schema keypath built (a table's schema(type) or ItemSchemas.of): "
                + schema);
    }
}
