package dev.keypath.streams;

/** A text given to {@link Checkpoint#parse} is not a checkpoint; the message says what is wrong and where. */
public class InvalidCheckpointException extends ChangeFeedException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public InvalidCheckpointException(String message) {
        super(message, null);
    }
}
