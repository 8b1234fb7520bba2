package dev.keypath.spring.repository;

import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.spring.ItemCollection;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.util.Streamable;

/**
 * Turns a {@link KeyPathQuery} method into a {@link DeclaredQueryPlan}, or fails the repository's creation with
 * an {@link InvalidDataAccessApiUsageException} naming the method and what is wrong: a template that does not
 * parse, a variable or filter value that no parameter supplies, a parameter used nowhere, a path the item type
 * (or the index's key path) cannot have, an unknown index, a return type a key-path query cannot produce. Not
 * shared between threads.
 */
final class DeclaredQueryPlanner {
    private static final Pattern NAME = Pattern.compile("#([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern VALUE = Pattern.compile(":([A-Za-z_][A-Za-z0-9_]*)");

    private final KeyPathQuery query;
    private final Method javaMethod;
    private final QueryMethod method;
    private final Class<?> domainType;
    private final KeyPathTemplate primary;
    private final String name;

    DeclaredQueryPlanner(String repositoryName, KeyPathQuery query, Method javaMethod, QueryMethod method,
                         Class<?> domainType, KeyPathTemplate primary) {
        this.query = query;
        this.javaMethod = javaMethod;
        this.method = method;
        this.domainType = domainType;
        this.primary = primary;
        this.name = repositoryName + "." + javaMethod.getName();
    }

    DeclaredQueryPlan create() {
        boolean subtree = !query.value().isEmpty();
        boolean range = !query.from().isEmpty() || !query.to().isEmpty();
        if (subtree == range) {
            throw reject(subtree ? "@KeyPathQuery takes either value (a subtree) or from and to (a range), not both"
                    : "@KeyPathQuery needs value (the subtree to read) or from and to (a range)");
        }
        if (range && (query.from().isEmpty() || query.to().isEmpty())) {
            throw reject("a range needs both from and to");
        }
        KeyPathTemplate tree = subtree ? parse("value", query.value()) : null;
        KeyPathTemplate from = range ? parse("from", query.from()) : null;
        KeyPathTemplate to = range ? parse("to", query.to()) : null;
        String index = query.index().isEmpty() ? null : query.index();
        KeyPathTemplate target = target(index);
        QueryPlan.Shape shape = shape();
        boolean mixed = isMixed(shape);
        if (range) {
            checkSameShape(from, to);
        }
        KeyPathTemplate queried = subtree ? tree : from;
        if (!mixed) {
            checkFits(queried, target, index);
        }
        Map<String, Integer> parameters = parameters();
        Set<String> used = new LinkedHashSet<>();
        Map<String, Integer> variables = new LinkedHashMap<>();
        for (KeyPathTemplate t : subtree ? List.of(tree) : List.of(from, to)) {
            for (String v : t.variables()) {
                variables.put(v, parameter(parameters, v, "key-path variable {" + v + "} of " + t));
                used.add(v);
            }
        }
        String filter = query.filter().isBlank() ? null : query.filter();
        Map<String, String> filterNames = new LinkedHashMap<>();
        Map<String, Integer> filterValues = new LinkedHashMap<>();
        if (filter != null) {
            Matcher n = NAME.matcher(filter);
            while (n.find()) {
                filterNames.put(n.group(), n.group(1));
            }
            Matcher v = VALUE.matcher(filter);
            while (v.find()) {
                filterValues.put(v.group(), parameter(parameters, v.group(1), "filter value " + v.group()));
                used.add(v.group(1));
            }
        }
        if (filter != null) {
            Map<String, Object> unbound = new LinkedHashMap<>();
            filterValues.keySet().forEach(k -> unbound.put(k, null));
            try {
                Condition.of(filter, filterNames, unbound);
            } catch (IllegalArgumentException e) {
                throw reject("filter '" + filter + "': " + e.getMessage());
            }
        }
        for (String p : parameters.keySet()) {
            if (!used.contains(p)) {
                throw reject("parameter '" + p + "' is used nowhere: name it as a key-path variable {" + p
                        + "} or a filter value :" + p);
            }
        }
        return new DeclaredQueryPlan(name, domainType, tree, from, to, index, variables, filter, filterNames,
                filterValues, mixed ? null : orderVariable(queried, target, range), query.order() == Sort.Direction.DESC,
                shape, mixed);
    }

    private KeyPathTemplate parse(String attribute, String text) {
        try {
            return KeyPathTemplate.parse(text);
        } catch (IllegalArgumentException e) {
            throw reject(attribute + " '" + text + "' is not a key-path template: " + e.getMessage());
        }
    }

    /** The key path the query addresses: the type's own, or the secondary key path of {@code index}. */
    private KeyPathTemplate target(String index) {
        if (index == null) {
            return primary;
        }
        List<String> known = new ArrayList<>();
        for (SecondaryKeyPath s : domainType.getAnnotationsByType(SecondaryKeyPath.class)) {
            if (s.index().equals(index)) {
                return KeyPathTemplate.parse(s.keyPath());
            }
            known.add(s.index());
        }
        throw reject("index '" + index + "' is not a @SecondaryKeyPath of " + domainType.getSimpleName()
                + (known.isEmpty() ? ", which declares none" : "; its indexes are " + known));
    }

    private void checkSameShape(KeyPathTemplate from, KeyPathTemplate to) {
        boolean same = from.size() == to.size();
        for (int i = 0; same && i < from.size(); i++) {
            same = from.namespace(i).equals(to.namespace(i));
        }
        if (!same) {
            throw reject("from " + from + " and to " + to + " must have the same namespaces");
        }
    }

    /** The queried path's namespaces must be those of the item type's key path, from its start. */
    private void checkFits(KeyPathTemplate queried, KeyPathTemplate target, String index) {
        boolean fits = queried.size() <= target.size();
        for (int i = 0; fits && i < queried.size(); i++) {
            fits = queried.namespace(i).equals(target.namespace(i));
        }
        if (!fits) {
            throw reject(queried + " cannot hold " + domainType.getSimpleName() + " items, whose key path is "
                    + target + (index == null ? "" : " on index " + index) + "; the template must follow its "
                    + "namespaces from the start");
        }
    }

    /**
     * The variable of the item type's key path that orders the results: the one at the range's last element, or
     * at a subtree's last element when it has no id (a collection), or else at the element after it.
     */
    private static String orderVariable(KeyPathTemplate queried, KeyPathTemplate target, boolean range) {
        String text = queried.toString();
        boolean lastHasId = text.substring(text.lastIndexOf('/') + 1).contains("-");
        int position = range || !lastHasId ? queried.size() - 1 : queried.size();
        for (String v : target.variables()) {
            if (target.indexOf(v) == position) {
                return v;
            }
        }
        return null;
    }

    /** The bindable parameters by name; a parameter without a name fails. */
    private Map<String, Integer> parameters() {
        Map<String, Integer> byName = new LinkedHashMap<>();
        int i = 0;
        for (Parameter p : method.getParameters().getBindableParameters()) {
            int position = i++;
            String n = p.getName().orElseThrow(() -> reject("parameter " + p.getIndex() + " has no name; annotate "
                    + "it with @Param(\"…\") or compile with -parameters"));
            byName.put(n, position);
        }
        return byName;
    }

    private Integer parameter(Map<String, Integer> parameters, String variable, String what) {
        Integer p = parameters.get(variable);
        if (p == null) {
            throw reject(what + " has no parameter named '" + variable + "'; the method's parameters are "
                    + parameters.keySet());
        }
        return p;
    }

    private QueryPlan.Shape shape() {
        Class<?> r = javaMethod.getReturnType();
        if (r == long.class || r == Long.class || r == int.class || r == Integer.class) {
            return QueryPlan.Shape.COUNT;
        }
        if (r == boolean.class || r == Boolean.class) {
            return QueryPlan.Shape.EXISTS;
        }
        if (r == void.class || r == Void.class) {
            throw reject("a declared query returns what it reads; it cannot delete (use a derived deleteBy… "
                    + "method) and cannot return nothing");
        }
        if (method.isPageQuery()) {
            return QueryPlan.Shape.PAGE;
        }
        if (method.isSliceQuery()) {
            return QueryPlan.Shape.SLICE;
        }
        if (method.isStreamQuery()) {
            return QueryPlan.Shape.STREAM;
        }
        if (Streamable.class.isAssignableFrom(r)) {
            return QueryPlan.Shape.STREAMABLE;
        }
        if (method.isCollectionQuery()) {
            return QueryPlan.Shape.LIST;
        }
        if (r == ItemCollection.class) {
            return QueryPlan.Shape.ITEM_COLLECTION;
        }
        if (method.isScrollQuery()) {
            throw reject("Window/ScrollPosition is not supported; return Slice and pass a KeyPathPageRequest");
        }
        return QueryPlan.Shape.SINGLE;
    }

    private boolean isMixed(QueryPlan.Shape shape) {
        if (shape == QueryPlan.Shape.COUNT || shape == QueryPlan.Shape.EXISTS) {
            return false;
        }
        Class<?> returned = method.getReturnedObjectType();
        if (returned == ItemCollection.class || returned == Object.class) {
            return true;
        }
        if (domainType.isAssignableFrom(returned)) {
            return false;
        }
        throw reject("it returns " + returned.getSimpleName() + "; return " + domainType.getSimpleName()
                + " items, or ItemCollection/List<Object> for every item of the key range");
    }

    private InvalidDataAccessApiUsageException reject(String why) {
        return new InvalidQueryMethodException(name, why, null);
    }
}
