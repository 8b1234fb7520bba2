package dev.keypath.dynamodb.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An expression with its placeholders; immutable. {@link #and} merges two, which is how version checks, put
 * modes and caller conditions combine.
 */
record Expr(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    static final Expr NONE = new Expr(null, Map.of(), Map.of());

    Expr {
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }

    static Expr of(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
        return new Expr(expression, names, values);
    }

    boolean isEmpty() {
        return expression == null;
    }

    Expr and(Expr other) {
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
        return new Expr("(" + expression + ") AND (" + other.expression + ")", n, v);
    }

    Map<String, String> namesOrNull() {
        return names.isEmpty() ? null : names;
    }

    Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : values;
    }
}
