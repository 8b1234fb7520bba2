package dev.keypath.spring;

import org.springframework.dao.UncategorizedDataAccessException;

/**
 * A key-path adapter or DynamoDB failure that maps to no more specific {@link org.springframework.dao.DataAccessException}.
 * The cause is the original exception. Immutable and thread-safe.
 */
public class UncategorizedKeyPathDynamoException extends UncategorizedDataAccessException {
    private static final long serialVersionUID = 1L;

    /** Wraps {@code cause} with a message. */
    public UncategorizedKeyPathDynamoException(String message, Throwable cause) {
        super(message, cause);
    }
}
