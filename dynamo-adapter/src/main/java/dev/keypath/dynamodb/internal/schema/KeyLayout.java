package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.KeyRange;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link KeyPathTemplate} prepared for one item type's hot paths: binds the ids of its variables, given in the
 * order of {@link KeyPathTemplate#variables()}, into a {@link KeyPath}, and matches a path back into those ids, with
 * the template's literal ids worked out once and no maps per call. Same results as {@code bind} and {@code match}.
 * Immutable and thread-safe.
 */
public final class KeyLayout {
    /** The namespace of each element. */
    private final String[] namespaces;
    /** For each element, the index of its variable, or -1 for a literal or id-less element. */
    private final int[] variableAt;
    /** The literal id of each element; null where a variable stands or the element has no id. */
    private final KeyId[] literals;
    private final int variableCount;
    private final KeyPathTemplate source;

    /** The template this was prepared from. */
    public KeyPathTemplate source() {
        return source;
    }

    public KeyLayout(KeyPathTemplate template) {
        this.source = template;
        List<String> variables = template.variables();
        this.variableCount = variables.size();
        int size = template.size();
        this.namespaces = new String[size];
        this.variableAt = new int[size];
        Arrays.fill(variableAt, -1);
        Map<String, KeyId> sampleIds = new HashMap<>();
        for (int v = 0; v < variables.size(); v++) {
            variableAt[template.indexOf(variables.get(v))] = v;
            sampleIds.put(variables.get(v), KeyId.of(0));
        }
        KeyPath sample = template.bind(sampleIds); // literals are whatever the template binds around the variables
        this.literals = new KeyId[size];
        for (int i = 0; i < size; i++) {
            namespaces[i] = template.namespace(i);
            if (variableAt[i] < 0) {
                literals[i] = sample.id(i);
            }
        }
    }

    /**
     * The path with variable {@code v} bound to {@code ids[v]}; no id may be null. Built in one step by the template's
     * positional {@link KeyPathTemplate#bind(Object...)}: no map, and no path per element.
     */
    public KeyPath bind(KeyId[] ids) {
        return source.bind((Object[]) ids);
    }

    /** The ids of the variables of {@code path} in order, or null if the path does not have the template's shape. */
    public KeyId[] match(KeyPath path) {
        if (path.size() != namespaces.length) {
            return null;
        }
        KeyId[] ids = new KeyId[variableCount];
        for (int i = 0; i < namespaces.length; i++) {
            KeyId id = path.id(i);
            if (!namespaces[i].equals(path.namespace(i))) {
                return null;
            }
            int v = variableAt[i];
            if (v >= 0) {
                if (id == null) {
                    return null;
                }
                ids[v] = id;
            } else if (!Objects.equals(literals[i], id)) {
                return null;
            }
        }
        return ids;
    }

    /**
     * Whether an item whose key path has this layout can lie within the bounds a query of {@code range} reads
     * (FORMAT.md, section 9), judged from the namespaces and the literal ids: false only when no binding of the
     * variables can. Namespaces hold no separator or terminator byte, so a key within a subtree's bounds has the
     * prefix's namespaces, and the prefix's ids wherever the layout has a literal of the same type; an id of another
     * type at a position may share the bytes of the prefix's, so it is taken as possible. Between two paths, a key
     * within the bounds starts with their common elements, and its next namespace lies between theirs.
     */
    public boolean mayLieIn(KeyRange range) {
        KeyPath from = range.from();
        if (range.isSubtree()) {
            return mayStartWith(from, from.size());
        }
        KeyPath to = range.to();
        int common = 0;
        while (common < from.size() && common < to.size() && from.namespace(common).equals(to.namespace(common))
                && Objects.equals(from.id(common), to.id(common))) {
            common++;
        }
        if (!mayStartWith(from, common)) {
            return false;
        }
        if (common == to.size()) {
            return namespaces.length == common; // from is to: a path below it sorts after it
        }
        if (namespaces.length == common) {
            return from.size() == common; // the common elements themselves: in the range as its lower bound only
        }
        String namespace = namespaces[common];
        return (from.size() == common || namespace.compareTo(from.namespace(common)) >= 0)
                && namespace.compareTo(to.namespace(common)) <= 0;
    }

    /**
     * Whether a path of this layout can begin with the first {@code count} elements of {@code prefix}: the same
     * namespaces, and ids that can be the prefix's (an id-less element of the prefix, its last, matches any id).
     */
    private boolean mayStartWith(KeyPath prefix, int count) {
        if (namespaces.length < count) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            KeyId id = prefix.id(i);
            if (!namespaces[i].equals(prefix.namespace(i)) || (id != null && !idMayBe(i, id))) {
                return false;
            }
        }
        return true;
    }

    /** Whether element {@code i} can hold {@code id}, or another id with the same bytes. */
    private boolean idMayBe(int i, KeyId id) {
        if (variableAt[i] >= 0) {
            return true;
        }
        KeyId literal = literals[i];
        return literal != null && (literal.equals(id) || literal.type() != id.type());
    }
}
