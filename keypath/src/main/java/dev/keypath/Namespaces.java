package dev.keypath;

/** The namespace rule: {@code [A-Za-z_][A-Za-z0-9_]*}. */
final class Namespaces {
    private Namespaces() {}

    private static final byte START = 1;
    private static final byte PART = 2;
    private static final byte[] CLASSES = new byte[128];

    static {
        for (int c = 0; c < 128; c++) {
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            boolean digit = c >= '0' && c <= '9';
            CLASSES[c] = (byte) ((letter ? START | PART : 0) | (digit ? PART : 0));
        }
    }

    static boolean isStart(int c) {
        return c >= 0 && c < 128 && (CLASSES[c] & START) != 0;
    }

    static boolean isPart(int c) {
        return c >= 0 && c < 128 && (CLASSES[c] & PART) != 0;
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

    /** {@code ns} itself if it follows the rule; otherwise a {@link KeyPathFormatException} naming the character. */
    static String checked(String ns) {
        int bad = firstInvalid(ns);
        if (bad >= 0) {
            throw KeyPathFormatException.inText(problem(ns, bad), ns == null ? "" : ns, bad);
        }
        return ns;
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
}
