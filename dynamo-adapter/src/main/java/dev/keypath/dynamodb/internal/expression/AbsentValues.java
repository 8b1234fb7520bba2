package dev.keypath.dynamodb.internal.expression;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AttributePath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.UpdateSpec.Change;
import dev.keypath.dynamodb.UpdateSpec.ValueOf;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An update planned again over what is stored, for the changes DynamoDB refuses because a value they build on is
 * absent or not of the kind they need: a change below a map that is missing or stored as {@code NULL} (a null
 * nested record or map), an arithmetic, list or set change of an attribute stored as {@code NULL} (an item written
 * before nulls were left out), or a set change of a set stored as a list (an empty set, or a set an older build
 * stored as a list). Such a change is made as if the value were absent: the highest missing or {@code NULL} value on
 * its path is set whole, built from every change below it ({@code increment("stats.posts", 1)} on a missing
 * {@code stats} sets {@code stats} to {@code {posts: 1}}), and a set stored as a list is set whole to the changed set
 * (a DynamoDB set, or an empty list when nothing is left), each with a condition that it is still as read, so the
 * update stays one atomic {@code UpdateItem}. Changes that cannot be made that way (a list element below a missing
 * value, a value read from another attribute, a list of values a DynamoDB set cannot hold) are refused naming the
 * value and the remedy. Pure apart from value conversion; one per update.
 */
public final class AbsentValues {
    /** What the rewritten update assumed of one stored value: its path, and the value read (null: missing). */
    record Assumed(List<Object> steps, AttributeValue was) {
    }

    /** The update planned again, and the stored state its condition requires. */
    public record Rewrite(UpdateSpec spec, List<Assumed> assumed) {
    }

    /** A value a change under a rebuilt value leaves out (a removal, a null field). */
    private static final Object OMIT = new Object();

    private final DefaultItemSchema<?> schema;
    private final KeyPath keyPath;
    private final UpdateSpec spec;
    private final ValueConverter values;
    private final String typeName;
    private final List<UpdatePaths.Resolved> resolved = new ArrayList<>();

    public AbsentValues(DefaultItemSchema<?> schema, KeyPath keyPath, UpdateSpec spec, ValueConverter values) {
        this.schema = schema;
        this.keyPath = keyPath;
        this.spec = spec;
        this.values = values;
        this.typeName = schema.type().getSimpleName();
        for (Change c : spec.changes()) {
            resolved.add(values.paths().resolve(schema.type(), c.path(), keyPath));
        }
    }

    /** The top-level attributes the changes write: what to read to plan again. */
    public List<String> attributes() {
        Set<String> names = new LinkedHashSet<>();
        resolved.forEach(r -> names.add(r.top()));
        return List.copyOf(names);
    }

    /**
     * The update planned over {@code stored} (the item's {@link #attributes()}, empty when there is no item), or null
     * when no change builds on a missing or {@code NULL} value there (DynamoDB refused it for another reason).
     */
    public Rewrite plan(Map<String, AttributeValue> stored) {
        Map<List<Object>, AttributeValue> nodes = new LinkedHashMap<>();
        for (int i = 0; i < resolved.size(); i++) {
            List<Object> node = absentOn(spec.changes().get(i), resolved.get(i), stored);
            if (node != null) {
                nodes.put(node, valueAt(stored, node));
            }
        }
        if (nodes.isEmpty()) {
            return null;
        }
        Map<List<Object>, Map<String, Object>> trees = new LinkedHashMap<>();
        Map<List<Object>, Object> wholes = new LinkedHashMap<>();
        UpdateSpec.Builder b = UpdateSpec.builder();
        for (int i = 0; i < resolved.size(); i++) {
            Change c = spec.changes().get(i);
            List<Object> steps = resolved.get(i).steps();
            List<Object> node = outermost(steps, nodes.keySet());
            if (node == null) {
                add(b, c, pathOf(steps));
                continue;
            }
            AttributeValue was = nodes.get(node);
            Object v = was != null && was.hasL() && node.size() == steps.size()
                    ? changedSet(c, resolved.get(i), was) : valueIfAbsent(c, resolved.get(i), node);
            List<Object> rest = steps.subList(node.size(), steps.size());
            if (rest.isEmpty()) {
                wholes.put(node, v);
                continue;
            }
            Map<String, Object> tree = trees.computeIfAbsent(node, n -> new LinkedHashMap<>());
            for (int s = 0; s < rest.size(); s++) {
                if (!(rest.get(s) instanceof String name)) {
                    throw cannot(c, node, "a list element cannot be made below it");
                }
                if (s == rest.size() - 1) {
                    tree.put(name, v);
                } else {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> child = (Map<String, Object>) tree.computeIfAbsent(name,
                            k -> new LinkedHashMap<String, Object>());
                    tree = child;
                }
            }
        }
        List<Assumed> assumed = new ArrayList<>();
        for (Map.Entry<List<Object>, AttributeValue> n : nodes.entrySet()) {
            Object whole = wholes.containsKey(n.getKey()) ? wholes.get(n.getKey()) : trees.get(n.getKey());
            if (whole instanceof Map<?, ?> tree && holdsNothing(tree)) {
                whole = OMIT; // only removals and nulls below an absent map: it stays absent, not an empty map
            }
            if (whole == OMIT) {
                b.remove(pathOf(n.getKey())); // nothing to store there: the NULL goes, a missing value stays so
            } else {
                b.set(pathOf(n.getKey()), whole instanceof Map<?, ?> tree ? map(tree) : (AttributeValue) whole);
            }
            assumed.add(new Assumed(n.getKey(), n.getValue()));
        }
        spec.expectedVersion().ifPresent(b::expectedVersion);
        spec.requestToken().ifPresent(t -> b.requestToken(t.attribute().toString(), t.token()));
        b.condition(condition(assumed));
        return new Rewrite(b.build(), List.copyOf(assumed));
    }

    /** Whether {@code stored} still holds each value as {@code rewrite} assumed it. */
    public static boolean holds(Rewrite rewrite, Map<String, AttributeValue> stored) {
        for (Assumed a : rewrite.assumed()) {
            AttributeValue v = valueAt(stored, a.steps());
            boolean same = a.was() == null ? v == null : v != null && StoredValues.same(v, a.was());
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /**
     * The highest value on the path of {@code c} that is missing or NULL where the change needs one: any map or list
     * above its target, or the target itself when stored as NULL and the change computes from it, or when stored as a
     * list, declared a {@code Set} and the change is a set change; null if none.
     */
    private static List<Object> absentOn(Change c, UpdatePaths.Resolved resolved, Map<String, AttributeValue> stored) {
        List<Object> steps = resolved.steps();
        Map<String, AttributeValue> map = stored;
        List<AttributeValue> list = null;
        for (int k = 0; k < steps.size(); k++) {
            Object step = steps.get(k);
            AttributeValue v = step instanceof String name ? (map == null ? null : map.get(name))
                    : (list == null || (Integer) step >= list.size() ? null : list.get((Integer) step));
            boolean target = k == steps.size() - 1;
            if (!target && (v == null || isNull(v))) {
                return step instanceof Integer ? null : List.copyOf(steps.subList(0, k + 1));
            }
            if (target) {
                boolean listAsSet = v != null && v.hasL() && (c.action() == UpdateSpec.Action.ADD_TO_SET
                        || c.action() == UpdateSpec.Action.DELETE_FROM_SET) && resolved.type() != null
                        && Set.class.isAssignableFrom(resolved.type().getRawClass());
                return isNull(v) && computesFromItself(c) || listAsSet ? List.copyOf(steps) : null;
            }
            map = v.hasM() ? v.m() : null;
            list = v.hasL() ? v.l() : null;
            if (map == null && list == null) {
                return null; // a value of another kind: DynamoDB's refusal stands
            }
        }
        return null;
    }

    /** Whether the change reads its own target: arithmetic, list and set changes. */
    private static boolean computesFromItself(Change c) {
        return switch (c.action()) {
            case SUM, DIFFERENCE, APPEND, PREPEND, ADD, ADD_TO_SET, DELETE_FROM_SET -> true;
            case SET, REMOVE -> false;
        };
    }

    /** The value {@code c} leaves at its target when {@code node}, on or above it, is absent. */
    private Object valueIfAbsent(Change c, UpdatePaths.Resolved target, List<Object> node) {
        return switch (c.action()) {
            case SET -> c.value() instanceof ValueOf ref ? attribute(fallback(c, ref, node))
                    : c.value() == null && target.field() ? OMIT : attribute(c.value());
            case SUM -> AttributeValue.fromN(number(c, c.value(), node).add(number(c, c.operand(), node))
                    .toPlainString());
            case DIFFERENCE -> AttributeValue.fromN(number(c, c.value(), node).subtract(number(c, c.operand(), node))
                    .toPlainString());
            case APPEND, PREPEND -> attribute(new ArrayList<>((Collection<?>) c.value()));
            case ADD -> AttributeValue.fromN(AttributeValues.numberText((Number) c.value()));
            case ADD_TO_SET -> SetValues.of((List<?>) c.value(), target, c.path(), typeName, keyPath, values);
            case REMOVE, DELETE_FROM_SET -> OMIT;
        };
    }

    /**
     * The set {@code c} (a set change) leaves where a set is stored as the list {@code stored}: a DynamoDB set of the
     * change's kind, or an empty list (the stored form of an empty set) when nothing is left.
     */
    private AttributeValue changedSet(Change c, UpdatePaths.Resolved target, AttributeValue stored) {
        AttributeValue change = SetValues.of((List<?>) c.value(), target, c.path(), typeName, keyPath, values);
        AttributeValue.Type element = switch (change.type()) {
            case SS -> AttributeValue.Type.S;
            case NS -> AttributeValue.Type.N;
            default -> AttributeValue.Type.B;
        };
        List<AttributeValue> kept = new ArrayList<>();
        for (AttributeValue e : stored.l()) {
            if (e.type() != element) {
                List<String> kinds = new ArrayList<>();
                stored.l().forEach(x -> kinds.add(String.valueOf(x.type())));
                throw new InvalidUpdateException("The set change of " + typeName + "." + c.path() + " meets a value "
                        + "stored as a list holding values a DynamoDB set of " + element + " cannot hold " + kinds
                        + " (written by another writer or an older build); set it whole instead", typeName, c.path().toString(),
                        keyPath, null);
            }
            kept.add(e);
        }
        List<AttributeValue> changed = switch (element) {
            case S -> change.ss().stream().map(AttributeValue::fromS).toList();
            case N -> change.ns().stream().map(AttributeValue::fromN).toList();
            default -> change.bs().stream().map(AttributeValue::fromB).toList();
        };
        if (c.action() == UpdateSpec.Action.ADD_TO_SET) {
            kept.addAll(changed);
        } else {
            kept.removeIf(e -> changed.stream().anyMatch(d -> StoredValues.same(e, d)));
        }
        if (kept.isEmpty()) {
            return AttributeValue.fromL(List.of());
        }
        return switch (element) {
            case S -> AttributeValue.builder().ss(new LinkedHashSet<>(kept.stream().map(AttributeValue::s).toList()))
                    .build();
            case N -> AttributeValue.builder().ns(AttributeValues.distinctNumbers(kept.stream().map(AttributeValue::n)
                    .toList())).build();
            default -> AttributeValue.builder().bs(new LinkedHashSet<>(kept.stream().map(AttributeValue::b).toList()))
                    .build();
        };
    }

    private AttributeValue attribute(Object v) {
        return values.toAttribute(v, typeName + " update");
    }

    /** The fallback of an operand that reads a value below {@code node}, which is absent. */
    private Object fallback(Change c, ValueOf ref, List<Object> node) {
        List<Object> read = values.paths().resolve(schema.type(), ref.path(), keyPath).steps();
        if (!ref.hasFallback() || read.size() < node.size() || !read.subList(0, node.size()).equals(node)) {
            throw cannot(c, node, "the change reads " + ref.path() + ", which the update cannot know");
        }
        return ref.fallback();
    }

    private BigDecimal number(Change c, Object operand, List<Object> node) {
        Object n = operand instanceof ValueOf ref ? fallback(c, ref, node) : operand;
        if (!(n instanceof Number number)) {
            throw cannot(c, node, "its operand " + n + " is not a number");
        }
        return new BigDecimal(AttributeValues.numberText(number));
    }

    /** The outermost of {@code nodes} on or above {@code steps}, or null. */
    private static List<Object> outermost(List<Object> steps, Set<List<Object>> nodes) {
        for (int k = 1; k <= steps.size(); k++) {
            List<Object> prefix = steps.subList(0, k);
            if (nodes.contains(prefix)) {
                return List.copyOf(prefix);
            }
        }
        return null;
    }

    /** Whether {@code tree} has nothing to store: every value left out, at every depth. */
    private static boolean holdsNothing(Map<?, ?> tree) {
        for (Object v : tree.values()) {
            if (v != OMIT && !(v instanceof Map<?, ?> child && holdsNothing(child))) {
                return false;
            }
        }
        return true;
    }

    private AttributeValue map(Map<?, ?> tree) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : tree.entrySet()) {
            Object v = e.getValue();
            if (v == OMIT || v instanceof Map<?, ?> child && holdsNothing(child)) {
                continue;
            }
            m.put((String) e.getKey(), v instanceof Map<?, ?> child ? map(child) : (AttributeValue) v);
        }
        return AttributeValue.fromM(m);
    }

    /** The caller's condition, if any, and that each rebuilt value is still missing or NULL. */
    private Condition condition(List<Assumed> assumed) {
        Condition callers = spec.condition();
        if (assumed.isEmpty()) {
            return callers;
        }
        Set<String> taken = callers == null ? Set.of() : callers.names().keySet();
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, Object> vals = new LinkedHashMap<>();
        Set<String> takenValues = callers == null ? Set.of() : callers.values().keySet();
        String nullValue = fresh(":absentNull", takenValues);
        List<String> clauses = new ArrayList<>();
        for (Assumed a : assumed) {
            StringBuilder path = new StringBuilder();
            for (Object step : a.steps()) {
                if (step instanceof Integer i) {
                    path.append('[').append(i).append(']');
                } else {
                    String placeholder = fresh("#absent" + names.size(), taken);
                    names.put(placeholder, (String) step);
                    path.append(path.length() == 0 ? "" : ".").append(placeholder);
                }
            }
            if (a.was() == null) {
                clauses.add("attribute_not_exists(" + path + ")");
            } else if (isNull(a.was())) {
                vals.put(nullValue, "NULL");
                clauses.add("attribute_type(" + path + ", " + nullValue + ")");
            } else {
                String was = fresh(":absentWas" + vals.size(), takenValues);
                vals.put(was, a.was());
                clauses.add(path + " = " + was);
            }
        }
        String ours = String.join(" AND ", clauses);
        if (callers == null) {
            return Condition.of(ours, names, vals);
        }
        names.putAll(callers.names());
        vals.putAll(callers.values());
        return Condition.of("(" + callers.expression() + ") AND " + ours, names, vals);
    }

    private static String fresh(String wanted, Set<String> taken) {
        String name = wanted;
        for (int i = 0; taken.contains(name); i++) {
            name = wanted + "_" + i;
        }
        return name;
    }

    private InvalidUpdateException cannot(Change c, List<Object> node, String why) {
        return new InvalidUpdateException("The update of " + typeName + " changes " + c.path() + " below "
                + pathOf(node) + ", which is stored as nothing (or NULL), and " + why + "; set " + pathOf(node)
                + " whole instead", typeName, c.path().toString(), keyPath, null);
    }

    /** The path of resolved {@code steps}, by their stored names. */
    private static AttributePath pathOf(List<Object> steps) {
        AttributePath p = AttributePath.parse((String) steps.get(0));
        for (Object step : steps.subList(1, steps.size())) {
            p = step instanceof Integer i ? p.index(i) : p.then((String) step);
        }
        return p;
    }

    /** Adds {@code c} to {@code b} at {@code at}, unchanged otherwise. */
    private static void add(UpdateSpec.Builder b, Change c, AttributePath at) {
        switch (c.action()) {
            case SET -> b.set(at, c.value());
            case SUM -> b.setSum(at.toString(), c.value(), c.operand());
            case DIFFERENCE -> b.setDifference(at.toString(), c.value(), c.operand());
            case APPEND -> b.append(at, (Collection<?>) c.value());
            case PREPEND -> b.prepend(at, (Collection<?>) c.value());
            case REMOVE -> b.remove(at);
            case ADD -> b.add(at, (Number) c.value());
            case ADD_TO_SET -> b.addToSet(at, (Collection<?>) c.value());
            case DELETE_FROM_SET -> b.deleteFromSet(at, (Collection<?>) c.value());
        }
    }

    /** The stored value at {@code steps}, or null when it (or a value above it) is missing. */
    private static AttributeValue valueAt(Map<String, AttributeValue> stored, List<Object> steps) {
        AttributeValue v = stored.get((String) steps.get(0));
        for (Object step : steps.subList(1, steps.size())) {
            if (v == null) {
                return null;
            }
            if (step instanceof Integer i) {
                v = v.hasL() && i < v.l().size() ? v.l().get(i) : null;
            } else {
                v = v.hasM() ? v.m().get((String) step) : null;
            }
        }
        return v;
    }

    private static boolean isNull(AttributeValue v) {
        return v != null && Boolean.TRUE.equals(v.nul());
    }
}
