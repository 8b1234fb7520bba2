package dev.keypath.spark;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationListener;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A key-path table as every executor of a job builds it: its connection, its name, its registered item types (by
 * class name, so that the classes load from the job's jars on each executor) and any further {@link TableSetup}.
 * Immutable, serializable and thread-safe.
 *
 * <pre>{@code
 * TableSpec app = TableSpec.of(DynamoDbConnection.region("eu-west-1"), "app").register(User.class, Post.class);
 * }</pre>
 */
public final class TableSpec implements Serializable {
    private static final long serialVersionUID = 1L;

    private final DynamoDbConnection connection;
    private final String tableName;
    private final List<String> types;
    private final TableSetup setup;

    private TableSpec(DynamoDbConnection connection, String tableName, List<String> types, TableSetup setup) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.tableName = Objects.requireNonNull(tableName, "tableName");
        this.types = List.copyOf(types);
        this.setup = Objects.requireNonNull(setup, "setup");
    }

    /** The table {@code tableName} reached through {@code connection}, no types registered yet. */
    public static TableSpec of(DynamoDbConnection connection, String tableName) {
        return new TableSpec(connection, tableName, List.of(), TableSetup.NONE);
    }

    /** This table with {@code types} registered too. */
    public TableSpec register(Class<?>... types) {
        List<String> names = new ArrayList<>(this.types);
        for (Class<?> t : types) {
            names.add(t.getName());
        }
        return new TableSpec(connection, tableName, names, setup);
    }

    /** This table with the types of these class names registered too (loaded on each executor). */
    public TableSpec register(List<String> classNames) {
        List<String> names = new ArrayList<>(types);
        names.addAll(classNames);
        return new TableSpec(connection, tableName, names, setup);
    }

    /** This table, its builder also given {@code setup} on every executor. */
    public TableSpec setup(TableSetup setup) {
        return new TableSpec(connection, tableName, types, setup);
    }

    /** The connection. */
    public DynamoDbConnection connection() {
        return connection;
    }

    /** The table's name. */
    public String tableName() {
        return tableName;
    }

    /** The class names of the registered types. */
    public List<String> typeNames() {
        return types;
    }

    /**
     * A new table of this spec, over this JVM's client of the connection; the caller closes it (the client stays).
     *
     * @throws IllegalArgumentException when a type's class cannot be loaded
     */
    public KeyPathTable open() {
        return open(null);
    }

    /** A new table of this spec whose operations {@code listener} hears (none when null). */
    KeyPathTable open(OperationListener listener) {
        KeyPathTable.Builder b = KeyPathTables.builder().client(connection.client()).tableName(tableName);
        for (String name : types) {
            b.register(TypeClasses.load(name));
        }
        setup.configure(b);
        if (listener != null) {
            b.operationListener(listener);
        }
        return b.build();
    }

    @Override
    public String toString() {
        return "table " + tableName + " (" + connection + ")" + (types.isEmpty() ? "" : " with " + types);
    }
}
