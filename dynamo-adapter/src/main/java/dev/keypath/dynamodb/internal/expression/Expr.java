package dev.keypath.dynamodb.internal.expression;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An expression with its placeholders; immutable. {@link #and} merges two, which is how version checks, put
 * modes and caller conditions combine; {@link #or} is how a create-only put also accepts an expired item, and
 * {@link #not} how a condition rewritten over a type's versions leaves the other items to the condition as written.
 */
public record Expr(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    public static final Expr NONE = new Expr(null, Map.of(), Map.of());

    public Expr {
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }

    public static Expr of(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        return new Expr(expression, names, values);
    }

    public boolean isEmpty() {
        return expression == null;
    }

    public Expr and(Expr other) {
        return joined(" AND ", other);
    }

    /** Either holds; an empty side is left out, as {@link #and} leaves it out. */
    public Expr or(Expr other) {
        return joined(" OR ", other);
    }

    /** The negation of this expression; empty stays empty. */
    public Expr not() {
        return isEmpty() ? this : new Expr("NOT " + grouped(expression), names, values);
    }

    private Expr joined(String operator, Expr other) {
        if (other == null || other.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return other;
        }
        Map<String, String> n = new LinkedHashMap<>(names);
        n.putAll(other.names);
        Map<String, AttributeValue> v = new LinkedHashMap<>(values);
        v.putAll(other.values);
        return new Expr(grouped(expression) + operator + grouped(other.expression), n, v);
    }

    /**
     * {@code e} in parentheses, unless one pair already encloses all of it (DynamoDB refuses redundant ones).
     * Parentheses inside quoted names cannot occur: names and values are placeholders.
     */
    private static String grouped(String e) {
        if (e.startsWith("(")) {
            int depth = 0;
            for (int i = 0; i < e.length(); i++) {
                char c = e.charAt(i);
                if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    if (i == e.length() - 1) {
                        return e;
                    }
                    break;
                }
            }
        }
        return "(" + e + ")";
    }

    public Map<String, String> namesOrNull() {
        return names.isEmpty() ? null : names;
    }

    public Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : values;
    }
}
