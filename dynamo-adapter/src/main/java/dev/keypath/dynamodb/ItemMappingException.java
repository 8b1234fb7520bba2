package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A type cannot be mapped (bad annotations, unsupported key field type, reserved attribute name) or a stored
 * item cannot be turned back into its class. The message names the class and field. Thread-safe.
 */
public class ItemMappingException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public ItemMappingException(String message, KeyPath keyPath, Throwable cause) {
        super(message, keyPath, cause);
    }

    /** Creates the exception without key path or cause. */
    public ItemMappingException(String message) {
        super(message, null, null);
    }
}
