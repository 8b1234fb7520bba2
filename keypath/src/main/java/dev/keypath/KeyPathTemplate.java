package dev.keypath;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A key-path pattern with named id variables, such as {@code /user-{userId}/post-{postId}}. It binds
 * values into a {@link KeyPath} and matches a path back into named ids, so one template both builds an
 * item's key and recognises the item's type. Ids may also be literals ({@code /config-1/flag-{name}}),
 * and the last element may have no id ({@code /user-{userId}/settings}). Immutable and thread-safe.
 */
public final class KeyPathTemplate {

    /**
     * One element: a namespace with a literal id, a variable id, or no id; {@code position} is the variable's place
     * among {@link #variables()}, -1 where there is none.
     */
    private record Part(Namespace checkedNamespace, KeyId literal, String variable, int position) {
        String namespace() {
            return checkedNamespace.name();
        }

        boolean hasId() {
            return literal != null || variable != null;
        }
    }

    private final String text;
    private final List<Part> parts;
    private final List<String> variables;

    private KeyPathTemplate(String text, List<Part> parts, List<String> variables) {
        this.text = text;
        this.parts = parts;
        this.variables = variables;
    }

    /**
     * Parses a template: a key path's text in which an id may be a variable {@code {name}}. A variable stands
     * for a whole id, its name follows the namespace rule ({@code [A-Za-z_][A-Za-z0-9_]*}) and appears once;
     * a brace in a literal id is escaped with {@code %}. Everything else reads as {@link KeyPath#parse} reads
     * it, with the same errors.
     *
     * @throws KeyPathFormatException naming the problem and its position
     */
    public static KeyPathTemplate parse(String template) {
        PathBuilder elements = new PathBuilder();
        Map<Integer, String> variables = new LinkedHashMap<>();
        KeyPathParser.parseTemplate(template, elements, variables);
        Part[] parts = new Part[elements.size()];
        int position = 0;
        for (int i = 0; i < parts.length; i++) {
            String variable = variables.get(i);
            parts[i] = new Part(elements.namespace(i), elements.id(i), variable, variable == null ? -1 : position++);
        }
        return new KeyPathTemplate(template, List.of(parts), List.copyOf(variables.values()));
    }

    /** The variable names in order of appearance. */
    public List<String> variables() {
        return variables;
    }

    /** Number of elements. */
    public int size() {
        return parts.size();
    }

    /** The namespace of element {@code index}. */
    public String namespace(int index) {
        return parts.get(index).namespace();
    }

    /** The element index at which {@code variable} stands, or -1. */
    public int indexOf(String variable) {
        for (int i = 0; i < parts.size(); i++) {
            if (variable.equals(parts.get(i).variable())) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The path with every variable bound to {@code values.get(name)}, converted by {@link KeyId#from}.
     *
     * @throws KeyPathFormatException if a variable has no value or a value cannot be an id
     */
    public KeyPath bind(Map<String, ?> values) {
        int n = parts.size();
        Namespace[] namespaces = new Namespace[n];
        KeyId[] ids = new KeyId[n];
        for (int i = 0; i < n; i++) {
            Part part = parts.get(i);
            namespaces[i] = part.checkedNamespace();
            ids[i] = id(part, values);
        }
        return KeyPath.ofTrusted(namespaces, ids);
    }

    /**
     * Binds the variables in order of appearance, with no map between: the same path and errors as {@link #bind(Map)}
     * given each value under its variable's name.
     */
    public KeyPath bind(Object... valuesInOrder) {
        if (valuesInOrder.length != variables.size()) {
            throw KeyPathFormatException.inValue("the template has " + variables.size() + " variables but "
                    + valuesInOrder.length + " values were given", text, 0);
        }
        int n = parts.size();
        Namespace[] namespaces = new Namespace[n];
        KeyId[] ids = new KeyId[n];
        for (int i = 0; i < n; i++) {
            Part part = parts.get(i);
            namespaces[i] = part.checkedNamespace();
            ids[i] = part.variable() == null ? part.literal() : id(part, valuesInOrder[part.position()]);
        }
        return KeyPath.ofTrusted(namespaces, ids);
    }

    /**
     * The longest prefix the given values determine: leading elements whose ids are bound, then — at
     * the first element whose variable has no value — that element's namespace alone, naming the
     * collection. With every variable bound it is the full path. The first element must be bound.
     */
    public KeyPath bindPrefix(Map<String, ?> values) {
        int n = parts.size();
        Namespace[] namespaces = new Namespace[n];
        KeyId[] ids = new KeyId[n];
        int count = 0;
        for (Part part : parts) {
            namespaces[count] = part.checkedNamespace();
            if (part.variable() != null && !values.containsKey(part.variable())) {
                if (count == 0) {
                    throw KeyPathFormatException.inValue("a prefix needs a value for {" + part.variable() + "}", text, 0);
                }
                count++;
                break;
            }
            ids[count++] = id(part, values);
        }
        return count == n ? KeyPath.ofTrusted(namespaces, ids)
                : KeyPath.ofTrusted(Arrays.copyOf(namespaces, count), Arrays.copyOf(ids, count));
    }

    /** The id of {@code part}: its literal, its bound value, or null for an id-less part. */
    private KeyId id(Part part, Map<String, ?> values) {
        if (part.variable() == null) {
            return part.literal();
        }
        return id(part, values.get(part.variable()));
    }

    /** The id of {@code part}'s variable bound to {@code value}. */
    private KeyId id(Part part, Object value) {
        if (value == null) {
            throw KeyPathFormatException.inValue("no value for {" + part.variable() + "}", text, 0);
        }
        try {
            return KeyId.from(value);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inValue("{" + part.variable() + "}: " + e.reason(), text, text.indexOf(
                    "{" + part.variable() + "}"));
        }
    }

    /**
     * The ids of {@code path} by variable name, if the path has this template's shape: same length,
     * same namespaces, equal literal ids, an id wherever the template has a variable.
     */
    public Optional<Map<String, KeyId>> match(KeyPath path) {
        if (path.size() != parts.size()) {
            return Optional.empty();
        }
        Map<String, KeyId> ids = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            KeyId id = path.id(i);
            if (!path.namespace(i).equals(part.namespace()) || (id != null) != part.hasId()) {
                return Optional.empty();
            }
            if (part.literal() != null && !part.literal().equals(id)) {
                return Optional.empty();
            }
            if (part.variable() != null) {
                ids.put(part.variable(), id);
            }
        }
        return Optional.of(Collections.unmodifiableMap(ids));
    }

    /** Whether {@link #match} would succeed. */
    public boolean matches(KeyPath path) {
        if (path.size() != parts.size()) {
            return false;
        }
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            KeyId id = path.id(i);
            if (!path.namespace(i).equals(part.namespace()) || (id != null) != part.hasId()
                    || (part.literal() != null && !part.literal().equals(id))) {
                return false;
            }
        }
        return true;
    }

    /** The template text as given. */
    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyPathTemplate other && parts.equals(other.parts);
    }

    @Override
    public int hashCode() {
        return parts.hashCode();
    }
}
