package dev.keypath.dynamodb;

/**
 * An item type's declared {@link ItemHistory} does not fit the type: versions out of order or missing, a change that
 * names a field the type does not have at that version, a field changed twice in one version, a key field, a
 * reserved attribute or a role field (version, expiry, timestamps) changed, a type name that clashes, or a table
 * setting that asks a type to write a version it cannot write. Thrown when the type is registered, before any
 * request; the message names the type, the version and the change. Thread-safe.
 */
public class InvalidItemHistoryException extends ItemMappingException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public InvalidItemHistoryException(String message) {
        super(message);
    }
}
