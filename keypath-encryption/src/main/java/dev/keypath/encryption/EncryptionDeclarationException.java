package dev.keypath.encryption;

import dev.keypath.dynamodb.ItemMappingException;

/**
 * The encryption the registered types declare cannot be served, found when the table is built: a field encrypted
 * although its value lives in a key or an index key, a field declared on a type that does not store it under its
 * name, or one attribute name given different actions by two types of the table. The message names the type, the
 * field and the reason. Thread-safe.
 */
public class EncryptionDeclarationException extends ItemMappingException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with its message. */
    public EncryptionDeclarationException(String message) {
        super(message);
    }
}
