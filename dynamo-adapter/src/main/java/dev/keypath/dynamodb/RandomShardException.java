package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * A read or write by key path of an item type whose shard is drawn at random at each put
 * ({@code @Sharded(random = true)}): its shard cannot be found from the key path, so the request is refused before
 * anything is sent. Read such items with a query over their parent, remove them with {@code deleteSubtree} or a
 * time to live. The message names the key path and the type. Thread-safe.
 */
public class RandomShardException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception for {@code keyPath}. */
    public RandomShardException(String message, KeyPath keyPath) {
        super(message, keyPath);
    }
}
