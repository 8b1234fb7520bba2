package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.InvalidConditionException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.expression.VersionedConditions;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.IndexDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * A caller's filter of a query, count or scan as DynamoDB is sent it: its values converted, and the expression
 * rewritten over the versions of the types whose items it may meet ({@link VersionedConditions}), so that it sees an
 * older item as reads do. Pure.
 */
public final class CallerFilters {
    private CallerFilters() {
    }

    /**
     * {@code filter} (null: none) of a read of {@code types} (empty: every registered type) on {@code index} (null:
     * the table); an {@link dev.keypath.dynamodb.InvalidConditionException} when it cannot reach some version's items.
     */
    public static Expr of(Condition filter, List<Class<?>> types, String index, SchemaRegistry registry,
                          ValueConverter values) {
        Expr converted = values.toExpr(filter);
        if (converted.isEmpty()) {
            return converted;
        }
        List<DefaultItemSchema<?>> met = new ArrayList<>();
        if (!types.isEmpty()) {
            types.forEach(t -> met.add(registry.of(t)));
        } else {
            for (DefaultItemSchema<?> s : registry.schemas()) {
                if (index == null || s.secondaryKeys().stream().anyMatch(k -> k.index().equals(index))) {
                    met.add(s);
                }
            }
        }
        for (DefaultItemSchema<?> s : met.isEmpty() ? registry.schemas() : met) {
            ExpressionChecks.filter(registry.extensions().codecs(), s, converted);
        }
        Expr rewritten = VersionedConditions.filter(converted, met);
        if (rewritten != converted && index != null && !registry.index(index).holdsWholeItems()) {
            IndexDefinition d = registry.index(index);
            throw new InvalidConditionException("Index '" + index + "' holds parts of items (" + d.describe() + ", "
                    + "attributes " + d.nonKeyAttributes() + "), without their stored version (_kp_v), so a filter on "
                    + "its entries cannot tell the versions of the types it names apart, and some of them store what "
                    + "the filter names otherwise at older versions: query an index of projection ALL, or rewrite "
                    + "the older items (keypath migrate rewrite) and declare oldestStoredVersion in the types' "
                    + "histories (the filter is '" + converted.expression() + "')", null, null, null);
        }
        return rewritten;
    }
}
