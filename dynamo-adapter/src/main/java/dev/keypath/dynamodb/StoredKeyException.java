package dev.keypath.dynamodb;

import java.util.Objects;

/**
 * A stored item's key attributes do not hold a key path: an attribute is missing, is not binary, or its bytes do
 * not decode. Names the attribute at fault ({@link #attribute()}) and what is wrong with it ({@link #problem()});
 * for bytes that do not decode, the cause is the core's {@link dev.keypath.KeyPathFormatException} with the offset.
 * Thrown wherever keypath reads a key path back from stored attributes: the tables' reads, the stored-item
 * functions of {@code storage}, export, streams and the CLI. Thread-safe.
 */
public final class StoredKeyException extends ItemMappingException {
    private static final long serialVersionUID = 1L;

    /** What is wrong with the attribute. */
    public enum Problem {
        /** The item has no such attribute. */
        MISSING,
        /** The attribute is of another type than B (binary). */
        NOT_BINARY,
        /** Its bytes are not a key path's encoding. */
        NOT_A_KEY_PATH
    }

    private final String attribute;
    private final Problem problem;

    /** Creates the exception. */
    public StoredKeyException(String message, String attribute, Problem problem, Throwable cause) {
        super(message, null, cause);
        this.attribute = Objects.requireNonNull(attribute, "attribute");
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    /** The name of the attribute at fault, such as {@code pk} or {@code sk}. */
    public String attribute() {
        return attribute;
    }

    /** What is wrong with it. */
    public Problem problem() {
        return problem;
    }
}
