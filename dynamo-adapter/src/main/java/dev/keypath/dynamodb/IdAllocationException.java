package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * No free sequence id was found for an {@code @AutoId(SEQUENCE)} put within a bounded number of attempts: every
 * id the counter handed out was already taken by an item the counter did not know of (ids written explicitly or
 * by another client). The message names the collection and the ids tried. Nothing was written.
 * Thread-safe.
 */
public class IdAllocationException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception for the collection {@code collectionPrefix}, e.g. {@code /user-1/post}. */
    public IdAllocationException(String message, KeyPath collectionPrefix) {
        super(message, collectionPrefix);
    }
}
