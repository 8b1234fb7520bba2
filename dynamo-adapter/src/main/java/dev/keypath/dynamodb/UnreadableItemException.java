package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A stored item cannot be read: its key bytes are not a key path, it has no {@code _type} or one no registered
 * class has, its key path does not fit its type's template, an id does not fit its field, or an attribute does
 * not fit its property. The fault is in what is stored (written by another client or an older version of the
 * application), not in the caller's request; the message names the key path and what is wrong. A single-item
 * read always throws it; a collection read hands it to the table's {@link UnreadableItemHandler}.
 * Thread-safe.
 */
public class UnreadableItemException extends ItemMappingException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception for the item at {@code keyPath} (null when its key bytes cannot be decoded). */
    public UnreadableItemException(String message, KeyPath keyPath, Throwable cause) {
        super(message, keyPath, cause);
    }
}
