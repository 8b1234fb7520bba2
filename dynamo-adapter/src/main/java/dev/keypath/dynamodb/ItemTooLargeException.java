package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/** An item's stored size exceeds DynamoDB's 400 KB item limit. Thrown before any request. Thread-safe. */
public class ItemTooLargeException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;
    private final long size;

    /** Creates the exception for an item of {@code size} bytes. */
    public ItemTooLargeException(KeyPath keyPath, long size, long limit) {
        super("Item is " + size + " bytes, over DynamoDB's limit of " + limit, keyPath);
        this.size = size;
    }

    /** The computed item size in bytes (attribute names plus values, as DynamoDB counts them). */
    public long size() {
        return size;
    }
}
