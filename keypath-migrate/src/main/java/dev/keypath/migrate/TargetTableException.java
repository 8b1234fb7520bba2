package dev.keypath.migrate;

import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * The target of a migration does not exist or is not a key-path table ({@code pk} HASH and {@code sk} RANGE, both
 * binary). Plan, run and verify check the target before they read anything, and refuse it with this exception.
 */
public final class TargetTableException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    TargetTableException(String message, Throwable cause) {
        super(message, null, cause);
    }
}
