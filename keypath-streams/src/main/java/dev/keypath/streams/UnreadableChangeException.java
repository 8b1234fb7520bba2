package dev.keypath.streams;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.UnreadableItemException;
import java.util.Optional;

/**
 * A stream record cannot be read as a change of a registered item: its keys are not a key path, an image has no
 * {@code _type} or one no registered class has, an image does not fit its class, or the record contradicts itself.
 * The message names the problem, the sequence number and, when the keys decode, the key path. Thread-safe.
 */
public class UnreadableChangeException extends UnreadableItemException {
    private static final long serialVersionUID = 1L;
    private final String sequenceNumber;

    /**
     * Creates the exception.
     *
     * @param keyPath the record's key path, or null when its keys do not decode
     * @param sequenceNumber the record's sequence number, or null when it has none
     */
    public UnreadableChangeException(String message, KeyPath keyPath, String sequenceNumber, Throwable cause) {
        super(sequenceNumber == null ? message : message + " [sequence number " + sequenceNumber + "]", keyPath,
                cause);
        this.sequenceNumber = sequenceNumber;
    }

    /** The sequence number of the record, if it has one. */
    public Optional<String> sequenceNumber() {
        return Optional.ofNullable(sequenceNumber);
    }
}
