package dev.keypath.dynamodb;

import dev.keypath.dynamodb.internal.client.DefaultKeyPathAsyncTable;
import dev.keypath.dynamodb.internal.client.DefaultKeyPathTable;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.TypeDescriptions;
import java.time.Clock;
import java.util.Arrays;
import java.util.Collection;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where tables come from: builders of the library's {@link KeyPathTable} (over the SDK's blocking client) and
 * {@link KeyPathAsyncTable} (over its async client). Two tables built with the same table name, types, mapper and
 * page-token secret read and write the same items, whichever client each uses.
 *
 * <pre>{@code
 * KeyPathTable table = KeyPathTables.builder().client(dynamo).tableName("app")
 *         .register(User.class, Post.class).pageTokenSecret(secret).build();
 * KeyPathAsyncTable async = KeyPathTables.asyncBuilder().client(asyncDynamo).tableName("app")
 *         .register(User.class, Post.class).pageTokenSecret(secret).build();
 * }</pre>
 *
 * <p>Each call returns a new builder; the builders are not thread-safe, the tables they build are.
 */
public final class KeyPathTables {
    private KeyPathTables() {
    }

    /** A new builder of a {@link KeyPathTable}. */
    public static KeyPathTable.Builder builder() {
        return DefaultKeyPathTable.builder();
    }

    /** A new builder of a {@link KeyPathAsyncTable}. */
    public static KeyPathAsyncTable.Builder asyncBuilder() {
        return DefaultKeyPathAsyncTable.builder();
    }

    /**
     * The description of a table registering {@code types} with keypath's default mapper, made with no client or
     * table: the same as {@link KeyPathTable#description()} of a table built with those types. The types are
     * checked as a table's builder checks them (an {@link ItemMappingException} names the first problem).
     */
    public static TableDescription describe(Class<?>... types) {
        return describe(Arrays.asList(types), null);
    }

    /**
     * As {@link #describe(Class...)}, for a table whose builder is given {@code mapper}
     * ({@code jsonMapper(mapper)}; null for keypath's default), which decides the names fields are stored under.
     */
    public static TableDescription describe(Collection<Class<?>> types, JsonMapper mapper) {
        SchemaRegistry registry = new SchemaRegistry(types, MapperSource.of(mapper, false), Clock.systemUTC(),
                UnreadableItemHandler.FAIL);
        return TypeDescriptions.of(registry.schemas());
    }
}
