package dev.keypath;

/** Parses the text form into elements; every failure names the character position. */
final class KeyPathParser {
    private KeyPathParser() {}

    static PathElement[] parse(CharSequence text) {
        if (text == null) {
            throw new IllegalArgumentException("key path text must not be null");
        }
        int n = text.length();
        if (n == 0) {
            throw KeyPathFormatException.inText("empty key path", text, 0);
        }
        PathElement[] elements = new PathElement[4];
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
            String namespace = NamespaceCache.of(text, nsStart, i);
            if (i == n || text.charAt(i) == '/') {
                if (count == 0) {
                    throw KeyPathFormatException.inText("the first element needs an id", text, i);
                }
                if (i < n) {
                    throw KeyPathFormatException.inText("only the last element may omit its id", text, i);
                }
                elements = add(elements, count++, PathElement.trusted(namespace, null));
                break;
            }
            if (text.charAt(i) != '-') {
                throw KeyPathFormatException.inText("invalid character " + Namespaces.describe(text.charAt(i))
                        + " in namespace", text, i);
            }
            i++;
            int idStart = i;
            boolean escaped = false;
            while (i < n && text.charAt(i) != '/') {
                if (text.charAt(i) == '%') {
                    if (i + 1 >= n) {
                        throw KeyPathFormatException.inText("dangling '%' at the end", text, i);
                    }
                    escaped = true;
                    i += 2;
                } else {
                    i++;
                }
            }
            elements = add(elements, count++, PathElement.trusted(namespace, IdSyntax.parse(text, idStart, i, escaped)));
        }
        return count == elements.length ? elements : java.util.Arrays.copyOf(elements, count);
    }

    private static PathElement[] add(PathElement[] elements, int index, PathElement element) {
        PathElement[] out = index < elements.length ? elements : java.util.Arrays.copyOf(elements, elements.length * 2);
        out[index] = element;
        return out;
    }
}
