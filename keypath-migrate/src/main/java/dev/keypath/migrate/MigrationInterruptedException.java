package dev.keypath.migrate;

import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * A migration step stopped because its thread was interrupted (the job is being cancelled). What the checkpoint
 * records as done is done; a later run resumes after it.
 */
public final class MigrationInterruptedException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    MigrationInterruptedException(String message) {
        super(message, null);
    }
}
