package dev.keypath.dynamodb;

import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where an {@link ItemSchema} comes from outside a table: the mapping of one
 * {@link dev.keypath.dynamodb.annotation.ItemType}-annotated class, introspected now, for encoding and decoding items
 * without a request (a table gives the schemas of its registered types with {@link KeyPathTable#schema(Class)}).
 * Example: {@code ItemSchema<Post> posts = ItemSchemas.of(Post.class)}. Thread-safe.
 */
public final class ItemSchemas {
    private ItemSchemas() {
    }

    /** Introspects {@code type} using {@code mapper} for non-key fields; throws {@link ItemMappingException}. */
    public static <T> ItemSchema<T> of(Class<T> type, JsonMapper mapper) {
        return DefaultItemSchema.create(type, mapper);
    }

    /** Introspects {@code type} with keypath's default Jackson mapper (shared; Jackson mappers are immutable). */
    public static <T> ItemSchema<T> of(Class<T> type) {
        return DefaultItemSchema.create(type, MapperSource.DEFAULT);
    }
}
