package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * An encoded partition key exceeds 2048 bytes or a sort key exceeds 1024 bytes (DynamoDB's limits). Thrown
 * before any request is sent. Thread-safe.
 */
public class KeyTooLargeException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;
    private final String attribute;
    private final int size;
    private final int limit;

    /** Creates the exception for key attribute {@code attribute} of {@code size} bytes over {@code limit}. */
    public KeyTooLargeException(KeyPath keyPath, String attribute, int size, int limit) {
        super("Key attribute '" + attribute + "' is " + size + " bytes, over DynamoDB's limit of " + limit,
                keyPath);
        this.attribute = attribute;
        this.size = size;
        this.limit = limit;
    }

    /** The key attribute that is too large ({@code pk}, {@code sk} or a GSI key attribute). */
    public String attribute() {
        return attribute;
    }

    /** Encoded size in bytes. */
    public int size() {
        return size;
    }

    /** The limit in bytes. */
    public int limit() {
        return limit;
    }
}
