package dev.keypath.spring.repository;

import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.spring.ItemCollection;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.core.ResolvableType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;
import org.springframework.data.util.Streamable;

/**
 * Turns a derived query method into a {@link QueryPlan}, accepting only what one key-path query can answer and
 * rejecting everything else with an {@link InvalidDataAccessApiUsageException} that names the method, says why
 * and what would work. Runs at repository startup. Stateless apart from its inputs; not shared between threads.
 *
 * <p>Rules, per key-path template (the type's own, then each {@link SecondaryKeyPath} in declaration order; the
 * first that fits is used). Conditions on the template's variables make the key range:
 * <ul>
 *   <li>{@code SIMPLE_PROPERTY} (equality) parts must bind the template's leading variables: a prefix, at least
 *       the partition key.</li>
 *   <li>At most one of {@code BETWEEN}, {@code GREATER_THAN(_EQUAL)}, {@code LESS_THAN(_EQUAL)}, {@code BEFORE},
 *       {@code AFTER} on the next variable, which must be the template's last element; open and exclusive
 *       bounds need an integer or UUID id.</li>
 *   <li>{@code OrderBy} only on that next variable.</li>
 * </ul>
 * Conditions on any other property (nested ones too) become a filter that DynamoDB applies to the items of that
 * key range ({@link FilterConditions}): comparisons, {@code Between}, {@code In}, null and boolean tests,
 * {@code StartingWith} and {@code (Not)Containing}.
 */
final class DerivedQueryPlanner {
    private final Method javaMethod;
    private final QueryMethod method;
    private final PartTree tree;
    private final Class<?> domainType;
    private final KeyPathTemplate primary;
    private final String name;

    DerivedQueryPlanner(String repositoryName, Method javaMethod, QueryMethod method, PartTree tree,
            Class<?> domainType, KeyPathTemplate primary) {
        this.javaMethod = javaMethod;
        this.method = method;
        this.tree = tree;
        this.domainType = domainType;
        this.primary = primary;
        this.name = repositoryName + "." + method.getName();
    }

    /** A candidate key path: template plus index (null for the table). */
    private record Candidate(KeyPathTemplate template, String index) {
    }

    /**
     * One condition of the method name: {@code property} is its top-level property, {@code path} the whole dot
     * path (longer for a nested property, which is never a key-path variable).
     */
    private record Condition(String property, String path, Part.Type type, int argument, Class<?> propertyType) {
        boolean isRange() {
            return type != Part.Type.SIMPLE_PROPERTY;
        }

        boolean isOn(List<String> variables) {
            return path.equals(property) && variables.contains(property);
        }
    }

    QueryPlan create() {
        checkSubject();
        List<Condition> conditions = conditions();
        List<Sort.Order> orders = tree.getSort().toList();
        if (orders.size() > 1) {
            throw reject("it orders by " + orders.size() + " properties; key-path results have one order, so "
                    + "order by the variable after the equality prefix only");
        }
        QueryPlan.Shape shape = shape();
        boolean mixed = isMixed();
        List<Candidate> candidates = candidates();
        String firstProblem = null;
        for (Candidate c : candidates) {
            String problem = fit(c, conditions, orders);
            if (problem == null) {
                return plan(c, conditions, orders, shape, mixed);
            }
            if (firstProblem == null) {
                firstProblem = problem;
            }
        }
        throw reject(firstProblem);
    }

    private void checkSubject() {
        if (tree.isDistinct()) {
            throw reject("Distinct has no meaning for key-path queries: every key path is unique; drop it");
        }
        if (!tree.hasPredicate()) {
            throw reject("it has no condition, so it would scan the whole table; add 'By' and equality on the "
                    + "leading key-path variables of " + primary);
        }
        long orParts = tree.stream().count();
        if (orParts > 1) {
            throw reject("'Or' needs one query per alternative; a key-path query reads one key range");
        }
    }

    private List<Condition> conditions() {
        List<Condition> conditions = new ArrayList<>();
        int argument = 0;
        for (Part part : tree.getParts()) {
            String property = part.getProperty().getSegment();
            if (part.shouldIgnoreCase() != Part.IgnoreCaseType.NEVER) {
                throw reject("IgnoreCase cannot be a key condition (ids compare byte by byte) nor a filter (DynamoDB "
                        + "compares strings case-sensitively); drop IgnoreCase");
            }
            Class<?> propertyType = part.getProperty().getLeafProperty().getType();
            conditions.add(new Condition(property, part.getProperty().toDotPath(), part.getType(), argument,
                    propertyType));
            argument += part.getNumberOfArguments();
        }
        int bindable = method.getParameters().getBindableParameters().getNumberOfParameters();
        if (bindable != argument) {
            throw reject("its conditions take " + argument + " argument(s) but it declares " + bindable);
        }
        checkArgumentTypes();
        return conditions;
    }

    /** Every argument must fit the property of its condition (and so the id type of a key-path variable). */
    private void checkArgumentTypes() {
        var bindable = method.getParameters().getBindableParameters();
        int argument = 0;
        for (Part part : tree.getParts()) {
            ResolvableType property = part.getProperty().getLeafProperty().getTypeInformation().toResolvableType();
            for (int i = 0; i < part.getNumberOfArguments(); i++, argument++) {
                int index = bindable.getParameter(argument).getIndex();
                String problem = ParameterTypes.problem(javaMethod, index, part.getType(),
                        part.getProperty().toDotPath(), property);
                if (problem != null) {
                    throw reject(problem);
                }
            }
        }
    }

    /** Why {@code x}, a condition on a key-path variable, cannot be part of a key range; null if it can. */
    private String keyConditionProblem(Condition x) {
        String why = switch (x.type()) {
            case SIMPLE_PROPERTY, BETWEEN, GREATER_THAN, GREATER_THAN_EQUAL, LESS_THAN, LESS_THAN_EQUAL, BEFORE,
                    AFTER -> null;
            case NEGATING_SIMPLE_PROPERTY, NOT_IN, NOT_LIKE, NOT_CONTAINING -> "a negation is not one key range";
            case IN -> "In would need one query per value; call findBy" + capitalize(x.property())
                    + " once per value";
            case LIKE, CONTAINING, STARTING_WITH, ENDING_WITH, REGEX ->
                    "pattern matching on ids is not a key range; use equality, or Between on the last variable";
            case IS_NULL, IS_NOT_NULL, EXISTS ->
                    "every stored key path has all its ids, so null tests select nothing or everything";
            default -> "it is not a key-path condition; key-path queries accept equality and ranges on ids";
        };
        return why == null ? null : "'" + x.property() + "' " + keyword(x.type()) + ": " + why;
    }

    /** Why {@code x}, a condition on a property outside the key path, cannot be a filter; null if it can. */
    private static String filterProblem(Condition x) {
        return FilterConditions.supports(x.type()) ? null : "'" + x.path() + "' " + keyword(x.type())
                + ": it is not a key-path condition, and DynamoDB filters cannot express it; filters accept "
                + FilterConditions.SUPPORTED;
    }

    private List<Candidate> candidates() {
        List<Candidate> list = new ArrayList<>();
        list.add(new Candidate(primary, null));
        for (SecondaryKeyPath s : domainType.getAnnotationsByType(SecondaryKeyPath.class)) {
            list.add(new Candidate(KeyPathTemplate.parse(s.keyPath()), s.index()));
        }
        return list;
    }

    /** Null if {@code c} answers the conditions, else why not (phrased for the primary template). */
    private String fit(Candidate c, List<Condition> all, List<Sort.Order> orders) {
        KeyPathTemplate t = c.template();
        List<String> variables = t.variables();
        String where = t + (c.index() == null ? "" : " (index " + c.index() + ")");
        List<Condition> keyConditions = all.stream().filter(x -> x.isOn(variables)).toList();
        for (Condition x : keyConditions) {
            String problem = keyConditionProblem(x);
            if (problem != null) {
                return problem;
            }
        }
        Map<String, Long> counts = keyConditions.stream().collect(Collectors.groupingBy(Condition::property,
                LinkedHashMap::new, Collectors.counting()));
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            if (e.getValue() > 1) {
                return "'" + e.getKey() + "' appears " + e.getValue() + " times; a key-path query takes one condition "
                        + "per variable (use Between for two bounds)";
            }
        }
        if (keyConditions.stream().filter(Condition::isRange).count() > 1) {
            return "it has more than one range; a key-path query has one range, on the variable after the equality "
                    + "prefix";
        }
        for (Condition x : all) {
            if (!x.isOn(variables)) {
                if (x.path().equals(x.property()) && primary.variables().contains(x.property())) {
                    return "'" + x.property() + "' is an id of the key path " + primary + ", kept only in the key "
                            + "bytes, so it cannot filter the items of " + where + "; make it a key condition there";
                }
                String problem = filterProblem(x);
                if (problem != null) {
                    return problem;
                }
            }
        }
        List<Condition> equalities = keyConditions.stream().filter(x -> !x.isRange()).toList();
        Optional<Condition> range = keyConditions.stream().filter(Condition::isRange).findFirst();
        int k = equalities.size();
        List<String> leading = variables.subList(0, k);
        for (Condition x : equalities) {
            if (!leading.contains(x.property())) {
                String missing = leading.stream().filter(v -> equalities.stream().noneMatch(e -> e.property().equals(v)))
                        .collect(Collectors.joining(", "));
                return "equality on '" + x.property() + "' without " + missing + " is not a prefix of " + where
                        + "; add equality on " + missing + " (findBy" + variables.subList(0, variables.indexOf(x.property()) + 1)
                        .stream().map(DerivedQueryPlanner::capitalize).collect(Collectors.joining("And")) + "…)";
            }
        }
        if (k == 0 && !variables.isEmpty() && t.indexOf(variables.get(0)) == 0) {
            Optional<Condition> filter = all.stream().filter(x -> !x.isOn(variables)).findFirst();
            if (filter.isPresent()) {
                String p = filter.get().path();
                return "'" + p + "' is not a key-path variable of " + where + ", so it can only filter the items of "
                        + "a key range; query by " + variables.get(0) + " (prefix)" + (c.index() == null
                        ? ", or declare @SecondaryKeyPath on " + domainType.getSimpleName() + " with {" + p
                        + "} as a variable" : "");
            }
            return "the first element of " + where + " is the partition key and needs equality on "
                    + variables.get(0);
        }
        String next = k < variables.size() ? variables.get(k) : null;
        if (range.isPresent()) {
            Condition r = range.get();
            if (!r.property().equals(next)) {
                return "a range on '" + r.property() + "' needs equality on every variable before it in " + where
                        + (next == null ? "" : "; the next variable after the equalities is " + next);
            }
            if (t.indexOf(next) != t.size() - 1) {
                return "a range on '" + next + "' would cut through the items under its bounds in " + where
                        + "; ranges work on the template's last element only — query the prefix instead";
            }
            if (t.indexOf(next) == 0) {
                return "'" + next + "' is the partition key of " + where + " and needs equality";
            }
            if (r.type() != Part.Type.BETWEEN && !IdBounds.of(r.propertyType()).bounded()) {
                return "open or exclusive bounds on '" + next + "' (" + r.propertyType().getSimpleName()
                        + ") cannot be expressed: such ids have no largest value; use " + capitalize(next)
                        + "Between(from, to)";
            }
        }
        for (Sort.Order o : orders) {
            if (!o.getProperty().equals(next)) {
                return "OrderBy" + capitalize(o.getProperty()) + ": results come in key-path order, so only "
                        + (next == null ? "nothing (every variable is bound)" : "'" + next + "' (the variable after "
                        + "the equality prefix)") + " can be ordered in " + where;
            }
        }
        return null;
    }

    private QueryPlan plan(Candidate c, List<Condition> all, List<Sort.Order> orders, QueryPlan.Shape shape,
            boolean mixed) {
        KeyPathTemplate t = c.template();
        List<String> variables = t.variables();
        List<Condition> conditions = all.stream().filter(x -> x.isOn(variables)).toList();
        List<QueryPlan.Filter> filters = all.stream().filter(x -> !x.isOn(variables))
                .map(x -> new QueryPlan.Filter(x.path(), x.type(), x.argument())).toList();
        List<QueryPlan.Binding> bindings = conditions.stream().filter(x -> !x.isRange())
                .sorted((a, b) -> Integer.compare(variables.indexOf(a.property()), variables.indexOf(b.property())))
                .map(x -> new QueryPlan.Binding(x.property(), x.argument())).toList();
        QueryPlan.Range range = conditions.stream().filter(Condition::isRange).findFirst()
                .map(x -> new QueryPlan.Range(x.property(), x.type(), x.argument(), IdBounds.of(x.propertyType())))
                .orElse(null);
        if (mixed && range != null) {
            throw reject("a range would leave out the items under its upper bound when returning every type; "
                    + "return " + domainType.getSimpleName() + " items, or drop the range and query the prefix");
        }
        String next = bindings.size() < variables.size() ? variables.get(bindings.size()) : null;
        boolean descending = !orders.isEmpty() && orders.get(0).isDescending();
        Integer max = tree.isLimiting() ? tree.getMaxResults() : null;
        return new QueryPlan(name, domainType, t, c.index(), bindings, range, filters, next, descending, max, shape,
                mixed);
    }

    private QueryPlan.Shape shape() {
        Class<?> returnType = method.getReturnedObjectType();
        if (tree.isDelete()) {
            return DeleteShapes.check(javaMethod, name);
        }
        if (tree.isCountProjection()) {
            return QueryPlan.Shape.COUNT;
        }
        if (tree.isExistsProjection()) {
            return QueryPlan.Shape.EXISTS;
        }
        if (method.isPageQuery()) {
            return QueryPlan.Shape.PAGE;
        }
        if (method.isSliceQuery()) {
            return QueryPlan.Shape.SLICE;
        }
        if (Streamable.class.isAssignableFrom(javaMethod.getReturnType())) {
            return QueryPlan.Shape.STREAMABLE;
        }
        if (method.isStreamQuery()) {
            return QueryPlan.Shape.STREAM;
        }
        if (method.isCollectionQuery()) {
            return QueryPlan.Shape.LIST;
        }
        if (returnType == ItemCollection.class) {
            return QueryPlan.Shape.ITEM_COLLECTION;
        }
        if (method.isScrollQuery()) {
            throw reject("Window/ScrollPosition is not supported; return Slice and pass a KeyPathPageRequest");
        }
        return QueryPlan.Shape.SINGLE;
    }

    private boolean isMixed() {
        Class<?> returned = method.getReturnedObjectType();
        if (tree.isDelete()) {
            return false;
        }
        if (returned == ItemCollection.class || returned == Object.class) {
            return !tree.isCountProjection() && !tree.isExistsProjection();
        }
        return false; // the type's items, or a projection of them, checked by QueryProjections
    }

    private InvalidDataAccessApiUsageException reject(String why) {
        return new InvalidQueryMethodException(name, why, null);
    }

    private static String keyword(Part.Type type) {
        Collection<String> keywords = type.getKeywords();
        return keywords.isEmpty() ? type.name() : keywords.iterator().next();
    }

    static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
