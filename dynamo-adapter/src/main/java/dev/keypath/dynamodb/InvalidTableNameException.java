package dev.keypath.dynamodb;

/**
 * A table builder was given a table name DynamoDB would refuse: none, fewer than 3 or more than 255 characters, or
 * a character outside {@code a-z}, {@code A-Z}, {@code 0-9}, {@code _}, {@code .} and {@code -}. Thrown by
 * {@code build()}, before any request; the message names the rule and the name. Thread-safe.
 */
public class InvalidTableNameException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public InvalidTableNameException(String message) {
        super(message, null);
    }
}
