package dev.keypath.test.snapshot;

/**
 * A schema snapshot that cannot be read: not JSON, or JSON without the shape {@link SchemaSnapshot#write} gives
 * it. The message names the snapshot and the first problem; regenerate the snapshot or mend it.
 */
public final class InvalidSchemaSnapshotException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidSchemaSnapshotException(String message, Throwable cause) {
        super(message, cause);
    }
}
