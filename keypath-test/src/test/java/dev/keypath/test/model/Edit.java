package dev.keypath.test.model;

import dev.keypath.dynamodb.UpdateSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One change of an update command, as data: what it does, the attribute path, a value and, for {@link Op#SUM_OF},
 * the attribute read. It applies to an {@link UpdateSpec.Builder} for the table and to a document for the model,
 * which follows DynamoDB's update semantics: every operand is read from the item before the update, an absent
 * number counts as 0 and an absent list as empty, {@code ADD} creates, {@code DELETE} of the last elements removes
 * the set. An empty set is stored as an empty list: a single update's set change makes the changed set of it (an
 * empty one stays empty), while a transaction's is refused by the engine. A nested path under an absent attribute
 * is refused by the engine in a transaction; a single update makes it as if the absent map were empty, and stores
 * the map only when something is left in it.
 *
 * @param op     what it does
 * @param path   the attribute path ({@code balance}, {@code profile.visits})
 * @param value  the value or elements; an {@link Expiry} is resolved against the clock when the update runs
 * @param source the attribute {@link Op#SUM_OF} reads, else null
 */
record Edit(Op op, String path, Object value, String source) {
    /** The kinds of change, one per {@link UpdateSpec.Builder} call. */
    enum Op { SET, SET_IF_ABSENT, INCREMENT, DECREMENT, SUM_OF, ADD, APPEND, PREPEND, ADD_TO_SET, DELETE_FROM_SET,
        REMOVE }

    /** An expiry this many seconds after the clock's time when the command runs. */
    record Expiry(long seconds) {
        Instant at(Instant now) {
            return Instant.ofEpochSecond(now.getEpochSecond() + seconds);
        }

        @Override
        public String toString() {
            return Literals.record(this);
        }
    }

    /** Thrown by the model where DynamoDB refuses the update expression for this item. */
    static final class EngineRefusal extends RuntimeException {
        EngineRefusal(String message) {
            super(message, null, false, false);
        }
    }

    Edit(Op op, String path, Object value) {
        this(op, path, value, null);
    }

    /** The first name of the path. */
    String top() {
        int dot = path.indexOf('.');
        return dot < 0 ? path : path.substring(0, dot);
    }

    boolean nested() {
        return path.indexOf('.') >= 0;
    }

    Object resolved(Instant now) {
        return value instanceof Expiry e ? e.at(now) : value;
    }

    void applyTo(UpdateSpec.Builder b, Instant now) {
        Object v = resolved(now);
        switch (op) {
            case SET -> b.set(path, v);
            case SET_IF_ABSENT -> b.setIfAbsent(path, v);
            case INCREMENT -> b.increment(path, (Number) v);
            case DECREMENT -> b.decrement(path, (Number) v);
            case SUM_OF -> b.setSum(path, UpdateSpec.valueOf(source, 0), v);
            case ADD -> b.add(path, (Number) v);
            case APPEND -> b.append(path, (Collection<?>) v);
            case PREPEND -> b.prepend(path, (Collection<?>) v);
            case ADD_TO_SET -> b.addToSet(path, (Collection<?>) v);
            case DELETE_FROM_SET -> b.deleteFromSet(path, (Collection<?>) v);
            case REMOVE -> b.remove(path);
        }
    }

    /**
     * Writes this change into {@code next}, reading every operand from {@code old}; {@code single} for a single
     * update, which makes the absent map a nested path needs.
     */
    @SuppressWarnings("unchecked")
    void applyTo(Map<String, Object> old, Map<String, Object> next, Instant now, boolean single) {
        Object v = Kind.plain(resolved(now));
        Object current = read(old, single);
        switch (op) {
            case SET -> write(next, v, single);
            case SET_IF_ABSENT -> write(next, current != null ? current : v, single);
            case INCREMENT -> write(next, number(current) + (Long) v, single);
            case DECREMENT -> write(next, number(current) - (Long) v, single);
            case SUM_OF -> write(next, number(old.get(source)) + (Long) v, single);
            case ADD -> write(next, number(current) + (Long) v, single);
            case APPEND, PREPEND -> {
                List<Object> list = new ArrayList<>();
                if (op == Op.PREPEND) {
                    list.addAll((List<Object>) v);
                }
                if (current != null) {
                    list.addAll(listOf(current));
                }
                if (op == Op.APPEND) {
                    list.addAll((List<Object>) v);
                }
                write(next, list, single);
            }
            case ADD_TO_SET -> {
                refuseStoredAsList(current, single);
                TreeSet<Object> set = new TreeSet<>(current == null ? Set.of() : setOf(current));
                set.addAll((Collection<Object>) v);
                write(next, set, single);
            }
            case DELETE_FROM_SET -> {
                refuseStoredAsList(current, single);
                if (current != null) {
                    TreeSet<Object> set = new TreeSet<>(setOf(current));
                    boolean wasEmpty = set.isEmpty();
                    set.removeAll((Collection<Object>) v);
                    write(next, set.isEmpty() && !wasEmpty ? null : set, single);
                }
            }
            case REMOVE -> write(next, null, single);
        }
    }

    /** An empty set is stored as an empty list, which only a single update's set change takes. */
    private void refuseStoredAsList(Object current, boolean single) {
        if (!single && current instanceof Set<?> set && set.isEmpty()) {
            throw new EngineRefusal("the set " + path + " is empty, stored as a list, which ADD and DELETE refuse");
        }
    }

    private Object read(Map<String, Object> doc, boolean single) {
        if (!nested()) {
            return doc.get(path);
        }
        Object parent = doc.get(top());
        if (!(parent instanceof Map<?, ?> m)) {
            if (op == Op.REMOVE || single && parent == null) {
                return null;
            }
            throw new EngineRefusal("the document path " + path + " is invalid: " + top() + " is " + parent);
        }
        return m.get(path.substring(top().length() + 1));
    }

    @SuppressWarnings("unchecked")
    private void write(Map<String, Object> doc, Object value, boolean single) {
        if (!nested()) {
            if (value == null) {
                doc.remove(path);
            } else {
                doc.put(path, value);
            }
            return;
        }
        Object parent = doc.get(top());
        boolean absent = parent == null;
        if (absent && single) {
            parent = Map.of();
        }
        if (!(parent instanceof Map<?, ?>)) {
            throw new EngineRefusal("the document path " + path + " is invalid: " + top() + " is " + parent);
        }
        Map<String, Object> copy = new TreeMap<>((Map<String, Object>) parent);
        String name = path.substring(top().length() + 1);
        if (value == null) {
            copy.remove(name);
        } else {
            copy.put(name, value);
        }
        if (absent && copy.isEmpty()) {
            return; // nothing to store in the absent map: it stays absent
        }
        doc.put(top(), copy);
    }

    private long number(Object current) {
        if (current == null) {
            return 0;
        }
        if (!(current instanceof Long l)) {
            throw new EngineRefusal("an operand of " + op + " " + path + " is not a number: " + current);
        }
        return l;
    }

    private List<?> listOf(Object current) {
        if (!(current instanceof List<?> l)) {
            throw new EngineRefusal("list_append of " + path + " on a non-list: " + current);
        }
        return l;
    }

    private Set<?> setOf(Object current) {
        if (!(current instanceof Set<?> s)) {
            throw new EngineRefusal(op + " of " + path + " on a non-set: " + current);
        }
        return s;
    }

    @Override
    public String toString() {
        return Literals.record(this);
    }
}
