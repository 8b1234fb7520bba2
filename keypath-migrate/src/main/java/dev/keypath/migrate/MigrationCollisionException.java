package dev.keypath.migrate;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathDynamoException;

/**
 * Two source items map to one key path, so one would silently replace the other. A run stops at the first it
 * meets (two such items in one page); {@code plan} lists them all. Fix the data or the mapping, then run again:
 * the checkpoint still holds.
 */
public final class MigrationCollisionException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    MigrationCollisionException(KeyPath keyPath, String first, String second) {
        super("Source items " + first + " and " + second + " both map to " + keyPath, keyPath);
    }
}
