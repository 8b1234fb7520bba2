package dev.keypath;

/**
 * Parses the text form, reporting each namespace and id to a {@link PathTextSink}; every failure names the
 * character position. The sink decides what to build: a {@link KeyPath} ({@link PathBuilder}) or the key
 * bytes directly ({@link TextKeyWriter}), so both see exactly the same syntax and errors.
 */
final class KeyPathParser {
    private KeyPathParser() {}

    static void parse(CharSequence chars, PathTextSink sink) {
        if (chars == null) {
            throw KeyPathFormatException.inValue("key path text must not be null", null, 0);
        }
        // one concrete type for every character read below; a String's toString() is itself
        String text = chars.toString();
        int n = text.length();
        if (n == 0) {
            throw KeyPathFormatException.inText("empty key path", text, 0);
        }
        int count = 0;
        int i = 0;
        while (i < n) {
            if (text.charAt(i) != '/') {
                throw KeyPathFormatException.inText("expected '/' to start an element", text, i);
            }
            i++;
            int nsStart = i;
            if (i >= n || !Namespaces.isStart(text.charAt(i))) {
                throw KeyPathFormatException.inText(i >= n ? "empty namespace"
                        : "namespace must start with a letter or '_', not " + Namespaces.describe(text.charAt(i)), text, i);
            }
            while (i < n && Namespaces.isPart(text.charAt(i))) {
                i++;
            }
            if (i == n || text.charAt(i) == '/') {
                if (count == 0) {
                    throw KeyPathFormatException.inText("the first element needs an id", text, i);
                }
                if (i < n) {
                    throw KeyPathFormatException.inText("only the last element may omit its id", text, i);
                }
                sink.namespace(text, nsStart, i);
                return;
            }
            if (text.charAt(i) != '-') {
                throw KeyPathFormatException.inText("invalid character " + Namespaces.describe(text.charAt(i))
                        + " in namespace", text, i);
            }
            sink.namespace(text, nsStart, i);
            count++;
            i++;
            i = IdSyntax.parse(text, i, n, sink);
        }
    }
}
