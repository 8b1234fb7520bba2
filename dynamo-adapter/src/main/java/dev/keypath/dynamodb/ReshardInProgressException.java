package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A request the table cannot answer safely while the shard count of an item type is being changed
 * ({@code @Sharded(formerCount)}), refused before anything is sent: the message names what to do instead (for
 * example, query the table rather than a local index until the re-shard has finished). Thread-safe.
 */
public class ReshardInProgressException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception for the request at {@code keyPath}. */
    public ReshardInProgressException(String message, KeyPath keyPath) {
        super(message, keyPath);
    }
}
