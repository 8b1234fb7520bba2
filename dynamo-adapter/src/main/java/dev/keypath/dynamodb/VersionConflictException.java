package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * An optimistic-locking check failed: the stored version is not the one the caller read (another writer got
 * there first, or the item was deleted or never existed). Nothing was written; re-read and retry.
 * Thread-safe.
 */
public class VersionConflictException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final long expectedVersion;

    /** Creates the exception; {@code expectedVersion} is 0 when the item was expected to be new. */
    public VersionConflictException(KeyPath keyPath, long expectedVersion, Throwable cause) {
        this(keyPath, expectedVersion, "", cause);
    }

    /**
     * Creates the exception with {@code detail} appended to the message (empty for none): another condition of the
     * write that may have failed instead, or what a resent attempt found.
     */
    public VersionConflictException(KeyPath keyPath, long expectedVersion, String detail, Throwable cause) {
        super((expectedVersion == 0
                ? "Insert failed: an item already exists at this key path"
                : "Version conflict: expected stored version " + expectedVersion)
                + (detail.isEmpty() ? "" : " (" + detail + ")"), keyPath, cause);
        this.expectedVersion = expectedVersion;
    }

    /** The version the write expected to find (0: expected no item). */
    public long expectedVersion() {
        return expectedVersion;
    }
}
