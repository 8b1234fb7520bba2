package dev.keypath.spring.repository;

import dev.keypath.dynamodb.Condition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.ParameterAccessor;
import org.springframework.data.repository.query.parser.Part;

/**
 * The DynamoDB filter of a derived query: its conditions on properties outside the key path, with one call's
 * arguments, as one {@link Condition} ({@code FilterExpression}) that DynamoDB applies to the items of the key
 * range before returning them. Values are converted by the table's Jackson mapper like item fields, so they
 * compare as stored: numbers numerically, strings and binary byte by byte. Null tests accept a missing attribute
 * and a stored {@code NULL} alike; {@code Not} and {@code NotContaining} accept a missing attribute. Stateless.
 */
final class FilterConditions {
    private FilterConditions() {
    }

    /** DynamoDB's limit on the operands of one {@code IN}. */
    static final int MAX_IN_VALUES = 100;
    /** The accepted keywords, for error messages. */
    static final String SUPPORTED = "Is/Equals, Not, LessThan(Equal), GreaterThan(Equal), Before, After, Between, "
            + "In, IsNull, IsNotNull, True, False, StartingWith, Containing and NotContaining";
    private static final Set<Part.Type> TYPES = EnumSet.of(Part.Type.SIMPLE_PROPERTY,
            Part.Type.NEGATING_SIMPLE_PROPERTY, Part.Type.LESS_THAN, Part.Type.LESS_THAN_EQUAL,
            Part.Type.GREATER_THAN, Part.Type.GREATER_THAN_EQUAL, Part.Type.BEFORE, Part.Type.AFTER,
            Part.Type.BETWEEN, Part.Type.IN, Part.Type.IS_NULL, Part.Type.IS_NOT_NULL, Part.Type.TRUE,
            Part.Type.FALSE, Part.Type.STARTING_WITH, Part.Type.CONTAINING, Part.Type.NOT_CONTAINING);

    /** Whether a condition of this kind can be a filter. */
    static boolean supports(Part.Type type) {
        return TYPES.contains(type);
    }

    /** True if an empty {@code In} argument means no item can match, so no request needs to be sent. */
    static boolean matchesNothing(QueryPlan plan, ParameterAccessor args) {
        return plan.filters().stream().anyMatch(f -> f.type() == Part.Type.IN
                && values(plan, f, args.getBindableValue(f.argument())).isEmpty());
    }

    /** The filter for this call, or empty if the plan has no filter conditions. */
    static Optional<Condition> of(QueryPlan plan, ParameterAccessor args) {
        if (plan.filters().isEmpty()) {
            return Optional.empty();
        }
        List<String> clauses = new ArrayList<>();
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < plan.filters().size(); i++) {
            QueryPlan.Filter f = plan.filters().get(i);
            String path = path(f.path(), "#f" + i, names);
            String v = ":f" + i;
            clauses.add(switch (f.type()) {
                case SIMPLE_PROPERTY -> {
                    Object value = args.getBindableValue(f.argument());
                    yield value == null ? isNull(path, v, values) : compare(path, "=", v, value, values);
                }
                case NEGATING_SIMPLE_PROPERTY -> {
                    Object value = args.getBindableValue(f.argument());
                    yield value == null ? isNotNull(path, v, values)
                            : "(attribute_not_exists(" + path + ") OR " + compare(path, "<>", v, value, values) + ")";
                }
                case LESS_THAN, BEFORE -> compare(path, "<", v, required(plan, f, args, 0), values);
                case LESS_THAN_EQUAL -> compare(path, "<=", v, required(plan, f, args, 0), values);
                case GREATER_THAN, AFTER -> compare(path, ">", v, required(plan, f, args, 0), values);
                case GREATER_THAN_EQUAL -> compare(path, ">=", v, required(plan, f, args, 0), values);
                case BETWEEN -> {
                    values.put(v, required(plan, f, args, 0));
                    values.put(v + "b", required(plan, f, args, 1));
                    yield path + " BETWEEN " + v + " AND " + v + "b";
                }
                case IN -> in(plan, f, path, v, args, values);
                case IS_NULL -> isNull(path, v, values);
                case IS_NOT_NULL -> isNotNull(path, v, values);
                case TRUE -> compare(path, "=", v, Boolean.TRUE, values);
                case FALSE -> compare(path, "=", v, Boolean.FALSE, values);
                case STARTING_WITH -> function("begins_with", path, v, required(plan, f, args, 0), values);
                case CONTAINING -> function("contains", path, v, required(plan, f, args, 0), values);
                case NOT_CONTAINING -> "NOT " + function("contains", path, v, required(plan, f, args, 0), values);
                default -> throw new IllegalStateException("unplanned filter type " + f.type());
            });
        }
        return Optional.of(Condition.of(String.join(" AND ", clauses), names, values));
    }

    /** The document path of a dot path, one name placeholder per segment. */
    private static String path(String dotPath, String prefix, Map<String, String> names) {
        String[] segments = dotPath.split("\\.");
        StringBuilder path = new StringBuilder();
        for (int j = 0; j < segments.length; j++) {
            String placeholder = prefix + "_" + j;
            names.put(placeholder, segments[j]);
            path.append(j == 0 ? "" : ".").append(placeholder);
        }
        return path.toString();
    }

    private static String compare(String path, String operator, String v, Object value, Map<String, Object> values) {
        values.put(v, value);
        return path + " " + operator + " " + v;
    }

    private static String function(String name, String path, String v, Object value, Map<String, Object> values) {
        values.put(v, value);
        return name + "(" + path + ", " + v + ")";
    }

    private static String isNull(String path, String v, Map<String, Object> values) {
        values.put(v, "NULL");
        return "(attribute_not_exists(" + path + ") OR attribute_type(" + path + ", " + v + "))";
    }

    private static String isNotNull(String path, String v, Map<String, Object> values) {
        values.put(v, "NULL");
        return "(attribute_exists(" + path + ") AND NOT attribute_type(" + path + ", " + v + "))";
    }

    private static String in(QueryPlan plan, QueryPlan.Filter f, String path, String v, ParameterAccessor args,
                             Map<String, Object> values) {
        List<Object> operands = values(plan, f, args.getBindableValue(f.argument()));
        if (operands.size() > MAX_IN_VALUES) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": '" + f.path() + "' In got "
                    + operands.size() + " values; DynamoDB allows " + MAX_IN_VALUES + " in one filter");
        }
        List<String> placeholders = new ArrayList<>();
        for (int k = 0; k < operands.size(); k++) {
            placeholders.add(v + "_" + k);
            values.put(v + "_" + k, operands.get(k));
        }
        return path + " IN (" + String.join(", ", placeholders) + ")";
    }

    /** The operands of an {@code In}: a collection or array argument. */
    private static List<Object> values(QueryPlan plan, QueryPlan.Filter f, Object argument) {
        if (argument instanceof Collection<?> c) {
            return new ArrayList<>(c);
        }
        if (argument instanceof Object[] a) {
            return List.of(a);
        }
        throw new InvalidDataAccessApiUsageException(plan.method() + ": '" + f.path() + "' In needs a collection "
                + "or array of values, got " + (argument == null ? "null" : argument.getClass().getSimpleName()));
    }

    private static Object required(QueryPlan plan, QueryPlan.Filter f, ParameterAccessor args, int offset) {
        Object value = args.getBindableValue(f.argument() + offset);
        if (value == null) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": the value for '" + f.path() + "' "
                    + f.type() + " must not be null");
        }
        return value;
    }
}
