package dev.keypath;

import java.util.Arrays;

/**
 * A {@link PathTextSink} that collects the parsed elements into a {@link KeyPath}, or a template's elements
 * for {@link KeyPathTemplate} to read (its variables, which stand for ids, are collected beside them). Single use.
 */
final class PathBuilder implements PathTextSink {
    private Namespace[] namespaces = new Namespace[4];
    private KeyId[] ids = new KeyId[4];
    private int count;

    @Override
    public void namespace(String text, int start, int end) {
        if (count == namespaces.length) {
            namespaces = Arrays.copyOf(namespaces, count * 2);
            ids = Arrays.copyOf(ids, count * 2);
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

    /** Number of elements reported. */
    int size() {
        return count;
    }

    Namespace namespace(int index) {
        return namespaces[index];
    }

    /** The id of element {@code index}, or null when it has none (or, in a template, a variable stands for it). */
    KeyId id(int index) {
        return ids[index];
    }

    /** The path of the elements reported so far; the parser has checked the path rules. */
    KeyPath build() {
        return count == namespaces.length
                ? KeyPath.ofTrusted(namespaces, ids)
                : KeyPath.ofTrusted(Arrays.copyOf(namespaces, count), Arrays.copyOf(ids, count));
    }
}
