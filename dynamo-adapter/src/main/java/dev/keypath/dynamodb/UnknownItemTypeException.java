package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A class was used that is not registered with the table, or a stored item's type name matches no registered
 * class, or an item read with a specific class turned out to be of another type. Thread-safe.
 */
public class UnknownItemTypeException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public UnknownItemTypeException(String message, KeyPath keyPath) {
        super(message, keyPath);
    }
}
