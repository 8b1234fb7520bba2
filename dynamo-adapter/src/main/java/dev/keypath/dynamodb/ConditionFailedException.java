package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A write's condition was false (DynamoDB {@code ConditionalCheckFailedException}): a create-only put found an
 * existing item, or a caller's {@link Condition} did not hold. Nothing was written. Thread-safe.
 */
public class ConditionFailedException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception for the item at {@code keyPath}. */
    public ConditionFailedException(String message, KeyPath keyPath, Throwable cause) {
        super(message, keyPath, cause);
    }
}
