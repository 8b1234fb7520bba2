package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.expression.VersionedConditions;
import dev.keypath.dynamodb.internal.extension.VersionChecks;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds the {@link WriteAction} of a delete. Pure. */
public final class DeleteActions {
    private DeleteActions() {
    }

    /**
     * The delete a request asks for: at the item's key path or the given one; checking the explicit expected
     * version, else the item's own version for versioned types; plus the caller's condition.
     */
    public static WriteAction action(SchemaRegistry registry, ValueConverter values, DeleteItem<?> delete) {
        DefaultItemSchema<?> schema = delete.item().isPresent() ? registry.ofItem(delete.item().get())
                : registry.of(delete.type());
        KeyPath keyPath = delete.item().isPresent() ? schema.keyPathOf(delete.item().get(), java.util.Map.of())
                : delete.keyPath().orElseThrow();
        long expected = -1;
        if (delete.expectedVersion().isPresent()) {
            if (!schema.isVersioned()) {
                throw new ItemMappingException(schema.type().getSimpleName() + " has no @Version field; a delete "
                        + "cannot expect a version of it", keyPath, null);
            }
            expected = delete.expectedVersion().getAsLong();
        } else if (delete.item().isPresent() && schema.isVersioned()) {
            expected = schema.versionOf(delete.item().get());
        }
        Expr condition = values.toExpr(delete.condition().orElse(null));
        ExpressionChecks.condition(registry.extensions().codecs(), schema, condition);
        WriteAction action = action(schema, keyPath, expected, condition);
        // an expired item is absent: a version or a condition of the caller's is judged as on no item
        return schema.hasTtl() ? ExpiredItems.requireLive(action, registry.epochSecondNow()) : action;
    }

    /** The delete of {@code item}: for versioned types only if the stored version equals the item's. */
    public static WriteAction actionForItem(DefaultItemSchema<?> schema, Object item) {
        long expected = schema.isVersioned() ? schema.versionOf(item) : -1;
        return action(schema, schema.keyPathOf(item, java.util.Map.of()), expected, Expr.NONE);
    }

    /**
     * @param expectedVersion version to check, or -1 for none
     * @param condition       caller condition, possibly {@link Expr#NONE}
     */
    public static WriteAction action(DefaultItemSchema<?> schema, KeyPath keyPath, long expectedVersion, Expr condition) {
        schema.checkKeyPath(keyPath);
        Map<String, AttributeValue> key = KeyLimits.keyOf(schema, keyPath);
        Expr cond = Expr.NONE;
        if (expectedVersion >= 0) {
            cond = expectedVersion == 0
                    ? Expr.of("attribute_exists(#kp_pk) AND attribute_not_exists(#kp_pk)",
                        java.util.Map.of("#kp_pk", TableAttributes.PK), java.util.Map.of())
                    : VersionChecks.expect(schema.versionAttribute().orElseThrow(), expectedVersion);
        }
        cond = cond.and(VersionedConditions.condition(condition, schema, keyPath));
        return new WriteAction(WriteAction.Kind.DELETE, keyPath, key, null, Expr.NONE, cond,
                expectedVersion, condition.isEmpty() ? "" : "condition not met: " + condition.expression());
    }
}
