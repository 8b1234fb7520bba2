package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds the {@link WriteAction} of a transactional condition check. Pure. */
final class ConditionCheckActions {
    private ConditionCheckActions() {
    }

    public static WriteAction action(KeyPath keyPath, Expr condition) {
        Map<String, AttributeValue> key = KeyLimits.keyOf(keyPath);
        if (condition.isEmpty()) {
            throw new IllegalArgumentException("a condition check needs a condition [key path " + keyPath + "]");
        }
        return new WriteAction(WriteAction.Kind.CONDITION_CHECK, keyPath, key, null, Expr.NONE,
                condition, -1, "condition not met: " + condition.expression());
    }
}
