package dev.keypath.dynamodb;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A DynamoDB condition expression with its placeholders, attached to a put, delete, update or condition check.
 *
 * <p>Values are plain Java objects (String, numbers, Boolean, byte[], enums, records, lists, maps, null) and are
 * converted with the table's Jackson mapper, like item fields. Placeholders starting with {@code #kp_} or
 * {@code :kp_} are reserved for this library. Example:
 * <pre>{@code Condition.of("#s = :s", Map.of("#s", "status"), Map.of(":s", "DRAFT"))}</pre>
 *
 * <p>DynamoDB evaluates a condition on the item as stored; on an item stored at an older version of its type, the
 * table sends it so that it means what it means on the item as it reads: a field the type's history renamed is read
 * under its stored name, one added with a default as the default. A condition naming a field the type no longer
 * stores, or one a version made by a function, is refused before any request ({@link InvalidConditionException};
 * docs/EVOLVING.md).
 *
 * <p>Immutable and thread-safe.
 */
public final class Condition {
    private final String expression;
    private final Map<String, String> names;
    private final Map<String, Object> values;

    private Condition(String expression, Map<String, String> names, Map<String, Object> values) {
        if (expression == null || expression.isBlank()) {
            throw new IllegalArgumentException("condition expression must not be blank");
        }
        this.expression = expression;
        this.names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        for (String k : this.names.keySet()) {
            if (!k.startsWith("#") || k.startsWith("#kp_")) {
                throw new IllegalArgumentException("bad name placeholder '" + k + "': must start with '#' and not '#kp_'");
            }
        }
        for (String k : this.values.keySet()) {
            if (!k.startsWith(":") || k.startsWith(":kp_")) {
                throw new IllegalArgumentException("bad value placeholder '" + k + "': must start with ':' and not ':kp_'");
            }
        }
    }

    /** A condition with name and value placeholders. */
    public static Condition of(String expression, Map<String, String> names, Map<String, ?> values) {
        return new Condition(expression, Objects.requireNonNull(names), new LinkedHashMap<>(values));
    }

    /** A condition without placeholders, e.g. {@code "attribute_exists(pk)"}. */
    public static Condition of(String expression) {
        return new Condition(expression, Map.of(), Map.of());
    }

    /** {@code attribute = value} for a top-level attribute. */
    public static Condition attributeEquals(String attribute, Object value) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put(":c_v", value);
        return new Condition("#c_a = :c_v", Map.of("#c_a", attribute), v);
    }

    /** The expression text. */
    public String expression() {
        return expression;
    }

    /** Name placeholders ({@code #x} to attribute name). */
    public Map<String, String> names() {
        return names;
    }

    /** Value placeholders ({@code :x} to Java value; values may be null). */
    public Map<String, Object> values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Condition c && c.expression.equals(expression) && c.names.equals(names)
                && c.values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(expression, names, values);
    }

    @Override
    public String toString() {
        return "Condition[" + expression + ", names=" + names + ", values=" + values + "]";
    }
}
