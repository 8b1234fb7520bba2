package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A put would give an item an alternate key path ({@link dev.keypath.dynamodb.annotation.UniqueKeyPath}) that
 * another item already holds. Nothing was written. {@link #keyPath()} is the item that was being written,
 * {@link #uniqueKeyPath()} the contested alternate key path. Thread-safe.
 */
public class UniqueKeyConflictException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final transient KeyPath uniqueKeyPath;
    private final String typeName;

    /** Creates the exception for the {@code typeName} item at {@code keyPath} and its contested {@code uniqueKeyPath}. */
    public UniqueKeyConflictException(String typeName, KeyPath uniqueKeyPath, KeyPath keyPath, Throwable cause) {
        super("Unique key path " + uniqueKeyPath + " of " + typeName + " is held by another item", keyPath, cause);
        this.uniqueKeyPath = uniqueKeyPath;
        this.typeName = typeName;
    }

    /** The alternate key path another item holds. */
    public KeyPath uniqueKeyPath() {
        return uniqueKeyPath;
    }

    /** The stored type name of the item that was being written. */
    public String typeName() {
        return typeName;
    }
}
