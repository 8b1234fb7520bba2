package dev.keypath;

import java.util.Arrays;

/**
 * A {@link PathTextSink} that collects the parsed elements: into a {@link KeyPath}, or, from a template's text,
 * into elements whose ids may be variables instead. Single use.
 */
final class PathBuilder implements PathTextSink {
    private Namespace[] namespaces = new Namespace[4];
    private KeyId[] ids = new KeyId[4];
    /** The variable standing for each element's id; null until a template reports its first one. */
    private String[] variables;
    private int count;

    @Override
    public void namespace(String text, int start, int end) {
        if (count == namespaces.length) {
            namespaces = Arrays.copyOf(namespaces, count * 2);
            ids = Arrays.copyOf(ids, count * 2);
            if (variables != null) {
                variables = Arrays.copyOf(variables, count * 2);
            }
        }
        namespaces[count++] = Namespace.of(text, start, end);
    }

    @Override
    public void integerId(boolean negative, long magnitude) {
        ids[count - 1] = IntegerId.ofMagnitude(negative, magnitude);
    }

    @Override
    public void uuidId(long hi, long lo) {
        ids[count - 1] = UuidId.of(hi, lo);
    }

    @Override
    public void plainStringId(String text, int start, int end, int utf8Length) {
        ids[count - 1] = StringId.trusted(text.substring(start, end), utf8Length);
    }

    @Override
    public void id(KeyId id) {
        ids[count - 1] = id;
    }

    /** A template's variable {@code name} stands for the id of the element most recently reported. */
    void variable(String name) {
        if (variables == null) {
            variables = new String[namespaces.length];
        }
        variables[count - 1] = name;
    }

    /** Whether a variable of that name has been reported. */
    boolean hasVariable(String name) {
        return variables != null && Arrays.asList(variables).subList(0, count).contains(name);
    }

    /** Number of elements reported. */
    int size() {
        return count;
    }

    Namespace namespace(int index) {
        return namespaces[index];
    }

    /** The literal id of element {@code index}, or null when it has none or a variable stands for it. */
    KeyId literal(int index) {
        return ids[index];
    }

    /** The variable standing for the id of element {@code index}, or null. */
    String variable(int index) {
        return variables == null ? null : variables[index];
    }

    /** The path of the elements reported so far; the parser has checked the path rules. */
    KeyPath build() {
        return count == namespaces.length
                ? KeyPath.ofTrusted(namespaces, ids)
                : KeyPath.ofTrusted(Arrays.copyOf(namespaces, count), Arrays.copyOf(ids, count));
    }
}
