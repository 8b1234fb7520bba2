package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Optional;

/**
 * A put would give an item an alternate key path ({@link dev.keypath.dynamodb.annotation.UniqueKeyPath}) that
 * another item already holds. Nothing was written. {@link #keyPath()} is the item that was being written,
 * {@link #uniqueKeyPath()} the contested alternate key path and {@link #holder()} the item that holds it. Thread-safe.
 */
public class UniqueKeyConflictException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final transient KeyPath uniqueKeyPath;
    private final transient KeyPath holder;
    private final String typeName;

    /**
     * Creates the exception for the {@code typeName} item at {@code keyPath} and its contested {@code uniqueKeyPath},
     * without naming the holder.
     */
    public UniqueKeyConflictException(String typeName, KeyPath uniqueKeyPath, KeyPath keyPath, Throwable cause) {
        this(typeName, uniqueKeyPath, keyPath, null, cause);
    }

    /**
     * Creates the exception for the {@code typeName} item at {@code keyPath} and its contested {@code uniqueKeyPath},
     * held by the item at {@code holder} (null when not known).
     */
    public UniqueKeyConflictException(String typeName, KeyPath uniqueKeyPath, KeyPath keyPath, KeyPath holder,
                                      Throwable cause) {
        super("Unique key path " + uniqueKeyPath + " of " + typeName + " is held by "
                + (holder == null ? "another item" : holder) + ", so " + keyPath + " was not written", keyPath, cause);
        this.uniqueKeyPath = uniqueKeyPath;
        this.holder = holder;
        this.typeName = typeName;
    }

    /** The alternate key path another item holds. */
    public KeyPath uniqueKeyPath() {
        return uniqueKeyPath;
    }

    /** The key path of the item that holds {@link #uniqueKeyPath()}, when it is known. */
    public Optional<KeyPath> holder() {
        return Optional.ofNullable(holder);
    }

    /** The stored type name of the item that was being written. */
    public String typeName() {
        return typeName;
    }
}
