package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.VersionedConditions;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds the {@link WriteAction} of a transactional condition check. Pure. */
final class ConditionCheckActions {
    private ConditionCheckActions() {
    }

    /**
     * The check of {@code condition} on the item of {@code schema}'s type at {@code keyPath}, for which an expired
     * item is absent when the type has a {@code @TimeToLive} ({@code now}: the table's, in epoch seconds).
     */
    public static WriteAction action(DefaultItemSchema<?> schema, KeyPath keyPath, Expr condition, long now) {
        WriteAction check = action(schema, keyPath, condition);
        return schema.hasTtl() ? ExpiredItems.requireLive(check, now) : check;
    }

    private static WriteAction action(DefaultItemSchema<?> schema, KeyPath keyPath, Expr condition) {
        Map<String, AttributeValue> key = KeyLimits.keyOf(schema, keyPath);
        if (condition.isEmpty()) {
            throw new IllegalArgumentException("a condition check needs a condition [key path " + keyPath + "]");
        }
        return new WriteAction(WriteAction.Kind.CONDITION_CHECK, keyPath, key, null, Expr.NONE,
                VersionedConditions.condition(condition, schema, keyPath), -1,
                "condition not met: " + condition.expression());
    }
}
