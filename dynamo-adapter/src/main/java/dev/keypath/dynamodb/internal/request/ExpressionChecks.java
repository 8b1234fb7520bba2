package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.internal.expression.ConditionText;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.extension.StoredItemCodecs;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Hands the table's stored-item codec what a caller's condition or filter reads, and what an update writes in place,
 * for a type it encodes, so that it can refuse them before any request. Pure.
 */
public final class ExpressionChecks {
    private static final Set<String> EXISTENCE = Set.of("attribute_exists", "attribute_not_exists");

    private ExpressionChecks() {
    }

    /** Lets {@code codecs} refuse the caller's write condition {@code condition} on {@code schema}'s items. */
    public static void condition(StoredItemCodecs codecs, ItemSchema<?> schema, Expr condition) {
        check(codecs, schema, "condition", condition);
    }

    /** Lets {@code codecs} refuse the caller's filter {@code filter} on {@code schema}'s items. */
    public static void filter(StoredItemCodecs codecs, ItemSchema<?> schema, Expr filter) {
        check(codecs, schema, "filter", filter);
    }

    private static void check(StoredItemCodecs codecs, ItemSchema<?> schema, String use, Expr expression) {
        if (expression.isEmpty() || !codecs.encodes(schema)) {
            return;
        }
        codecs.checkExpression(schema, use, expression.expression(), valuesRead(expression));
    }

    /**
     * The top-level attributes whose values {@code expression} reads: every path it names, except one that an
     * {@code attribute_exists} or {@code attribute_not_exists} only tests.
     */
    static Set<String> valuesRead(Expr expression) {
        ConditionText text;
        try {
            text = ConditionText.parse(expression.expression());
        } catch (IllegalArgumentException notACondition) {
            return Set.of(); // DynamoDB refuses it before it reads anything
        }
        Set<String> read = new LinkedHashSet<>();
        for (ConditionText.Atom atom : text.atoms()) {
            if (atom.kind() == ConditionText.Kind.FUNCTION && EXISTENCE.contains(atom.operator())) {
                continue;
            }
            for (ConditionText.Operand o : atom.operands()) {
                addPaths(o, expression, read);
            }
        }
        return read;
    }

    private static void addPaths(ConditionText.Operand operand, Expr expression, Set<String> read) {
        if (operand instanceof ConditionText.Path p) {
            String top = p.top(expression.names());
            if (top != null) {
                read.add(top);
            }
        } else if (operand instanceof ConditionText.Size s) {
            addPaths(s.of(), expression, read);
        }
    }
}
