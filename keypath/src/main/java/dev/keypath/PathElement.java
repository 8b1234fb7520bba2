package dev.keypath;

/**
 * One {@code /namespace-id} step of a key path. The namespace is an identifier
 * ({@code [A-Za-z_][A-Za-z0-9_]*}); the id is {@code null} only for an id-less last element, as in
 * {@code /user-7/settings}.
 *
 * @param namespace the element's namespace, never null
 * @param id        the element's id, or null when the element has none
 */
public record PathElement(String namespace, KeyId id) {

    /** Checks the namespace; an invalid one is a {@link KeyPathFormatException} naming the character. */
    public PathElement {
        int bad = Namespaces.firstInvalid(namespace);
        if (bad >= 0) {
            throw KeyPathFormatException.inText(Namespaces.problem(namespace, bad), namespace == null ? "" : namespace, bad);
        }
    }

    /** Whether this element has an id. */
    public boolean hasId() {
        return id != null;
    }

    /** The element in text form, {@code /namespace-id} or {@code /namespace}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        KeyPathFormatter.appendElement(sb, this);
        return sb.toString();
    }
}
