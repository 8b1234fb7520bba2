package dev.keypath.dynamodb;

/**
 * A page token was malformed, tampered with, signed with another secret or made by a different query.
 * Thread-safe.
 */
public class InvalidPageTokenException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with the reason. */
    public InvalidPageTokenException(String reason) {
        super("Invalid page token: " + reason, null);
    }
}
