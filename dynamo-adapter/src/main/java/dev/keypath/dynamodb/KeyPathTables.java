package dev.keypath.dynamodb;

import dev.keypath.dynamodb.internal.client.DefaultKeyPathAsyncTable;
import dev.keypath.dynamodb.internal.client.DefaultKeyPathTable;

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
}
