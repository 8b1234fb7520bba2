package dev.keypath.dynamodb;

/**
 * A {@link dev.keypath.dynamodb.annotation.Sharded} declaration (on an item type or in a
 * {@link dev.keypath.dynamodb.annotation.SecondaryKeyPath}) that cannot be used: a shard count outside 1 to 65,536,
 * a variable the key path template does not have, ids of the partition's own element only, neither or both of
 * {@code by} and {@code random}, or a random shard on a type that needs its items by key (a version, a unique key
 * path, a sequence id). Thrown when the type is registered; the message names the class and the problem.
 * Thread-safe.
 */
public class ShardDeclarationException extends ItemMappingException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public ShardDeclarationException(String message) {
        super(message);
    }
}
