package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An item failed Bean Validation before a write (a put, a transactional put or a batch put): nothing of the write
 * was sent. Names the type, the key path and each violated constraint; {@link #constraintViolations()} holds the
 * validator's own {@code jakarta.validation.ConstraintViolation}s. Thread-safe.
 */
public class ItemValidationException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;

    /**
     * One violated constraint.
     *
     * @param property     the property path, e.g. {@code title} or {@code tags[0]}
     * @param message      the validator's message
     * @param invalidValue the value that failed, as text (null for null)
     */
    public record Violation(String property, String message, String invalidValue) {
        @Override
        public String toString() {
            return property + " " + message;
        }
    }

    private final Class<?> type;
    private final List<Violation> violations;
    private final transient Set<?> constraintViolations;

    /** Creates the exception for {@code type} at {@code keyPath} with its violations, in the validator's order. */
    public ItemValidationException(Class<?> type, KeyPath keyPath, List<Violation> violations,
                                   Set<?> constraintViolations) {
        super(type.getSimpleName() + " is not valid: " + violations.stream().map(Violation::toString)
                .collect(Collectors.joining(", ")), keyPath);
        this.type = type;
        this.violations = List.copyOf(violations);
        this.constraintViolations = Set.copyOf(constraintViolations);
    }

    /** The item's type. */
    public Class<?> type() {
        return type;
    }

    /** The violated constraints, sorted by property. */
    public List<Violation> violations() {
        return violations;
    }

    /** The validator's {@code ConstraintViolation}s (typed as {@code Object} so the API needs no validation jar). */
    public Set<?> constraintViolations() {
        return constraintViolations;
    }
}
