package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.List;

/**
 * A batch get or write still had unprocessed items when its deadline passed. Every item not listed in
 * {@link #unprocessed()} was processed. Thread-safe.
 */
public class BatchIncompleteException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;
    private final transient List<KeyPath> unprocessed;

    /** Creates the exception listing the key paths that were not processed. */
    public BatchIncompleteException(String message, List<KeyPath> unprocessed, Throwable cause) {
        super(message + " (" + unprocessed.size() + " unprocessed)", null, cause);
        this.unprocessed = List.copyOf(unprocessed);
    }

    /** Key paths of the items that were not read or written. */
    public List<KeyPath> unprocessed() {
        return unprocessed;
    }
}
