package dev.keypath;

/** The one renderer of the text form, used by toString, the explainer and the CLI. */
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
            if (i.negative()) {
                sb.append('-');
            }
            long m = i.magnitude();
            if (m >= 0) {
                sb.append(m);
            } else {
                sb.append(Long.toUnsignedString(m));
            }
        } else if (id instanceof UuidId u) {
            IdSyntax.appendUuid(sb, u.hi(), u.lo());
        } else if (id instanceof BytesId b) {
            sb.append(IdSyntax.BYTES_MARK).append(IdSyntax.BASE64_OUT.encodeToString(b.raw()));
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
