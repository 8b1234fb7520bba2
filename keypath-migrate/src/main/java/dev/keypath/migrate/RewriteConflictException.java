package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * A schema rewrite read an item and upgraded it as many times as it was allowed, and each time another writer had
 * changed it before the upgrade was written; the item is as that writer left it. Run the rewrite again (it resumes),
 * or allow more attempts. Thread-safe.
 */
public class RewriteConflictException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception for the item at {@code keyPath}. */
    public RewriteConflictException(String message, KeyPath keyPath) {
        super(message, keyPath);
    }
}
