package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Optional;

/**
 * Base of every exception thrown by the key-path DynamoDB adapter. Carries the key path of the item concerned
 * when there is one. Low-level SDK failures that this library does not interpret (network errors, missing
 * credentials) pass through as the SDK's own exceptions.
 *
 * <p>Immutable and thread-safe.
 */
public class KeyPathDynamoException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient KeyPath keyPath;

    /** Creates an exception about {@code keyPath} (may be {@code null}). */
    public KeyPathDynamoException(String message, KeyPath keyPath) {
        this(message, keyPath, null);
    }

    /** Creates an exception about {@code keyPath} (may be {@code null}) with a cause. */
    public KeyPathDynamoException(String message, KeyPath keyPath, Throwable cause) {
        super(keyPath == null ? message : message + " [key path " + keyPath + "]", cause);
        this.keyPath = keyPath;
    }

    /** The key path of the item concerned, if the failure concerns one item. */
    public Optional<KeyPath> keyPath() {
        return Optional.ofNullable(keyPath);
    }
}
