package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A write of an item type with alternate key paths ({@link dev.keypath.dynamodb.annotation.UniqueKeyPath}) that
 * could not keep its alias items in step, refused before any request: a batch write (not atomic), a transaction
 * of several items, an update of a field an alternate key path uses, or a delete that asks for the deleted item.
 * Write such items with {@code put} and {@code delete}. Thread-safe.
 */
public class UniqueKeyWriteException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception about the item at {@code keyPath} (may be null). */
    public UniqueKeyWriteException(String message, KeyPath keyPath) {
        super(message, keyPath);
    }
}
