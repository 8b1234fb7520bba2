package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A transaction was cancelled; nothing in it was applied. {@link #failures()} says which actions failed and
 * why (one entry per action whose cancellation reason was not {@code None}), built from DynamoDB's
 * {@code TransactionCanceledException} cancellation reasons. Thread-safe.
 */
public class TransactionFailedException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;
    private final transient List<Failure> failures;

    /** Creates the exception. */
    public TransactionFailedException(List<Failure> failures, Throwable cause) {
        super("Transaction cancelled, nothing applied: " + failures.stream().map(Failure::toString)
                .collect(Collectors.joining("; ")), failures.size() == 1 ? failures.get(0).keyPath() : null, cause);
        this.failures = List.copyOf(failures);
    }

    /** The failed actions, in action order. */
    public List<Failure> failures() {
        return failures;
    }

    /** True if any action failed because of its condition (including version checks). */
    public boolean hasConditionFailure() {
        return failures.stream().anyMatch(f -> "ConditionalCheckFailed".equals(f.code()));
    }

    /**
     * One failed action.
     *
     * @param index      position of the action in the transaction, from 0
     * @param action     {@code put}, {@code delete}, {@code update} or {@code conditionCheck}
     * @param keyPath    the action's key path
     * @param code       DynamoDB's cancellation code, e.g. {@code ConditionalCheckFailed}, {@code TransactionConflict}
     * @param message    DynamoDB's message (may be null)
     * @param versionCheck true when the action carried an optimistic-locking check
     */
    public record Failure(int index, String action, KeyPath keyPath, String code, String message,
                          boolean versionCheck) {
        @Override
        public String toString() {
            return "action " + index + " (" + action + " " + keyPath + ") failed: " + code
                    + (versionCheck && "ConditionalCheckFailed".equals(code) ? " (version check)" : "")
                    + (message == null ? "" : " - " + message);
        }
    }
}
