package dev.keypath;

/** The one renderer of the text form, used by toString, the explainer and the CLI. */
final class KeyPathFormatter {
    private KeyPathFormatter() {}

    static void appendElement(StringBuilder sb, PathElement e) {
        sb.append('/').append(e.namespace());
        if (e.id() != null) {
            sb.append('-');
            appendId(sb, e.id());
        }
    }

    static void appendId(StringBuilder sb, KeyId id) {
        if (id instanceof IntegerId i) {
            if (i.negative()) {
                sb.append('-');
            }
            long m = i.magnitude();
            if (m >= 0) {
                sb.append(m);
            } else {
                sb.append(Long.toUnsignedString(m));
            }
        } else if (id instanceof BytesId b) {
            if (b.isUuid()) {
                IdSyntax.appendUuid(sb, b.raw());
            } else {
                sb.append(IdSyntax.BYTES_MARK).append(IdSyntax.BASE64_OUT.encodeToString(b.raw()));
            }
        } else {
            appendString(sb, id.asString());
        }
    }

    private static void appendString(StringBuilder sb, String s) {
        if (IdSyntax.needsTypeEscape(s)) {
            sb.append(IdSyntax.ESCAPE);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == IdSyntax.ESCAPE || c == '/') {
                sb.append(IdSyntax.ESCAPE);
            }
            sb.append(c);
        }
    }
}
