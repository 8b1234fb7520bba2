package dev.keypath;

import java.util.Objects;

/**
 * One {@code /namespace-id} step of a key path. The namespace is an identifier
 * ({@code [A-Za-z_][A-Za-z0-9_]*}); the id is {@code null} only for an id-less last element, as in
 * {@code /user-7/settings}. Immutable and thread-safe; equal when namespace and id are equal.
 */
public final class PathElement {
    private final String namespace;
    private final KeyId id;

    /**
     * An element; an invalid namespace is a {@link KeyPathFormatException} naming the character.
     *
     * @param namespace the element's namespace, never null
     * @param id        the element's id, or null when the element has none
     */
    public PathElement(String namespace, KeyId id) {
        this.namespace = Namespace.checkedName(namespace);
        this.id = id;
    }

    private PathElement(KeyId id, String checkedNamespace) {
        this.namespace = checkedNamespace;
        this.id = id;
    }

    /** For the decoder and parser, which have already checked the namespace. */
    static PathElement trusted(String checkedNamespace, KeyId id) {
        return new PathElement(id, checkedNamespace);
    }

    /** The element's namespace. */
    public String namespace() {
        return namespace;
    }

    /** The element's id, or null when it has none. */
    public KeyId id() {
        return id;
    }

    /** Whether this element has an id. */
    public boolean hasId() {
        return id != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PathElement other && namespace.equals(other.namespace) && Objects.equals(id, other.id);
    }

    @Override
    public int hashCode() {
        return namespace.hashCode() * 31 + Objects.hashCode(id);
    }

    /** The element in text form, {@code /namespace-id} or {@code /namespace}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        KeyPathFormatter.appendElement(sb, namespace, id);
        return sb.toString();
    }
}
