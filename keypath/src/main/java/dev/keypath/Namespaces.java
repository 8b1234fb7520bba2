package dev.keypath;

/** The namespace rule: {@code [A-Za-z_][A-Za-z0-9_]*}. */
final class Namespaces {
    private Namespaces() {}

    static boolean isStart(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    static boolean isPart(int c) {
        return isStart(c) || (c >= '0' && c <= '9');
    }

    /** Index of the first character that breaks the rule, 0 for null or empty, or -1 if valid. */
    static int firstInvalid(String ns) {
        if (ns == null || ns.isEmpty() || !isStart(ns.charAt(0))) {
            return 0;
        }
        for (int i = 1; i < ns.length(); i++) {
            if (!isPart(ns.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    static String problem(String ns, int index) {
        if (ns == null || ns.isEmpty()) {
            return "empty namespace";
        }
        return index == 0
                ? "namespace must start with a letter or '_', not " + describe(ns.charAt(0))
                : "invalid character " + describe(ns.charAt(index)) + " in namespace";
    }

    static String describe(char c) {
        return c < 0x20 || c == 0x7F ? String.format("U+%04X", (int) c) : "'" + c + "'";
    }

    /** Checks namespace bytes in an encoded key; returns silently when valid. */
    static void checkEncoded(byte[] src, int off, int len, int base) {
        if (!isStart(src[off])) {
            throw KeyPathFormatException.inBytes("namespace must start with a letter or '_'", off - base);
        }
        for (int i = off + 1, end = off + len; i < end; i++) {
            if (!isPart(src[i])) {
                throw KeyPathFormatException.inBytes("invalid byte in namespace", i - base);
            }
        }
    }
}
