package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** Translates a failed condition of a single-item write into the adapter's typed exception. */
final class ConditionFailures {
    private ConditionFailures() {
    }

    /** {@link #translate} if {@code e} is a failed condition, else {@code e} itself (asynchronous calls). */
    public static Throwable translateAny(WriteAction action, Throwable e) {
        return e instanceof ConditionalCheckFailedException c ? translate(action, c) : e;
    }

    public static ConditionFailedException translate(WriteAction action, ConditionalCheckFailedException e) {
        // a new item's version check already says that an item exists: drop the create-only hint that repeats it
        String versionHint = action.expectedVersion() == 0
                ? action.failureHint().replaceFirst("^" + PutActions.EXISTS_HINT + "( or )?", "")
                : action.failureHint();
        if (action.versionChecked() && versionHint.isEmpty()) {
            return new VersionConflictException(action.keyPath(), action.expectedVersion(), e);
        }
        if (action.versionChecked()) {
            return new VersionConflictException(action.keyPath(), action.expectedVersion(), e) {
                private static final long serialVersionUID = 1L;

                @Override
                public String getMessage() {
                    return super.getMessage() + " (or " + versionHint + ")";
                }
            };
        }
        String hint = action.failureHint().isEmpty() ? "condition not met" : action.failureHint();
        return new ConditionFailedException("Conditional " + action.kind().label + " failed: " + hint,
                action.keyPath(), e);
    }
}
