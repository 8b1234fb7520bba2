package dev.keypath.spark;

import java.io.Serializable;
import java.util.Objects;

/**
 * The rows a read gives: untyped (the key path, the stored type name and the stored attributes as DynamoDB JSON) or
 * typed by one registered item type (the key path, then the type's fields as columns of their Spark types), what
 * becomes of an item it cannot read ({@link UnreadableRows}), and whether keypath's own items and expired items are
 * left out, as a table's reads leave them (the default). Immutable and serializable.
 *
 * <pre>{@code
 * ItemRows posts = ItemRows.of(Post.class).unreadable(UnreadableRows.SIDE_OUTPUT, "s3://bucket/unreadable/");
 * }</pre>
 */
public final class ItemRows implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String type;
    private final UnreadableRows unreadable;
    private final String sideOutput;
    private final boolean keepInternal;
    private final boolean keepExpired;

    private ItemRows(String type, UnreadableRows unreadable, String sideOutput, boolean keepInternal,
                     boolean keepExpired) {
        this.type = type;
        this.unreadable = unreadable;
        this.sideOutput = sideOutput;
        this.keepInternal = keepInternal;
        this.keepExpired = keepExpired;
    }

    /** Untyped rows: {@code keyPath}, {@code type} and {@code item} (every stored attribute, DynamoDB JSON). */
    public static ItemRows untyped() {
        return new ItemRows(null, UnreadableRows.FAIL, null, false, false);
    }

    /** Rows of the registered type {@code type}, a record: {@code keyPath}, then its fields. */
    public static ItemRows of(Class<?> type) {
        return ofType(type.getName());
    }

    /** Rows of the registered type of this class name (loaded on each executor). */
    public static ItemRows ofType(String className) {
        return new ItemRows(Objects.requireNonNull(className, "className"), UnreadableRows.FAIL, null, false, false);
    }

    /**
     * These rows, an unreadable item going where {@code where} says; {@code sideOutput} is the directory (any Hadoop
     * path: {@code s3://}, {@code hdfs://}, {@code file:}) of {@link UnreadableRows#SIDE_OUTPUT}, else null.
     */
    public ItemRows unreadable(UnreadableRows where, String sideOutput) {
        Objects.requireNonNull(where, "where");
        if ((where == UnreadableRows.SIDE_OUTPUT) != (sideOutput != null)) {
            throw new IllegalArgumentException("a side output directory is given with UnreadableRows.SIDE_OUTPUT, "
                    + "and only then");
        }
        return new ItemRows(type, where, sideOutput, keepInternal, keepExpired);
    }

    /** These rows, an unreadable item going where {@code where} says (not a side output). */
    public ItemRows unreadable(UnreadableRows where) {
        return unreadable(where, null);
    }

    /** These rows, keypath's own items (sequence counters, alias items) kept: untyped rows only. */
    public ItemRows keepingInternalItems() {
        if (type != null) {
            throw new IllegalArgumentException("keypath's own items have no type: keep them in untyped rows");
        }
        return new ItemRows(type, unreadable, sideOutput, true, keepExpired);
    }

    /** These rows, items whose time to live has passed kept (a table's reads leave them out). */
    public ItemRows keepingExpiredItems() {
        return new ItemRows(type, unreadable, sideOutput, keepInternal, true);
    }

    /** The class name of the type, or null for untyped rows. */
    public String typeName() {
        return type;
    }

    /** Where an unreadable item goes. */
    public UnreadableRows unreadableRows() {
        return unreadable;
    }

    /** The side output directory, or null. */
    public String sideOutput() {
        return sideOutput;
    }

    /** Whether keypath's own items are kept. */
    public boolean keepsInternalItems() {
        return keepInternal;
    }

    /** Whether expired items are kept. */
    public boolean keepsExpiredItems() {
        return keepExpired;
    }
}
