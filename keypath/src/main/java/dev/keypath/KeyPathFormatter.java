package dev.keypath;

/**
 * The one renderer of the text form, used by toString, the explainer and the CLI: elements as
 * {@code /namespace-id}, each id in its own type's syntax.
 */
final class KeyPathFormatter {
    private KeyPathFormatter() {}

    static void appendElement(StringBuilder sb, String namespace, KeyId id) {
        sb.append('/').append(namespace);
        if (id != null) {
            sb.append('-');
            appendId(sb, id);
        }
    }

    static void appendId(StringBuilder sb, KeyId id) {
        if (id instanceof IntegerId i) {
            i.appendText(sb);
        } else if (id instanceof UuidId u) {
            u.appendText(sb);
        } else if (id instanceof BytesId b) {
            b.appendText(sb);
        } else {
            ((StringId) id).appendText(sb);
        }
    }
}
