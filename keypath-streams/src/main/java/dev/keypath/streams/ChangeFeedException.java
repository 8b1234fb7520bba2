package dev.keypath.streams;

import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * A change feed cannot be read as asked: the table has no stream, a checkpoint belongs to another stream, or
 * records were trimmed (older than DynamoDB's 24 hours) before they were read. Thread-safe.
 */
public class ChangeFeedException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public ChangeFeedException(String message, Throwable cause) {
        super(message, null, cause);
    }
}
