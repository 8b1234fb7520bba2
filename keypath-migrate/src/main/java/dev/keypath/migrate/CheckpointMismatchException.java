package dev.keypath.migrate;

import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * A checkpoint that cannot be resumed: it belongs to another source, target, mapping or segment count, or its
 * stored form is not a checkpoint. Delete it to start over, or run with the declaration it was made with.
 */
public final class CheckpointMismatchException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    CheckpointMismatchException(String message) {
        super(message, null);
    }
}
