package dev.keypath;

import java.util.Arrays;

/**
 * An independent statement of the intended order, for checking the byte order against: element by
 * element, namespaces and strings by code point, integers numerically, bytes unsigned, a shorter
 * prefix first, an id-less element before the same namespace with an id, an ancestor before its
 * descendants. Returns null when the first difference is between ids of different types (unspecified).
 */
final class SemanticOrder {
    private SemanticOrder() {}

    static Integer compare(KeyPath a, KeyPath b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            PathElement x = a.element(i);
            PathElement y = b.element(i);
            int c = codePoints(x.namespace(), y.namespace());
            if (c != 0) {
                return c;
            }
            if (!x.hasId() || !y.hasId()) {
                if (x.hasId() != y.hasId()) {
                    return x.hasId() ? 1 : -1;
                }
                continue;
            }
            KeyId p = x.id();
            KeyId q = y.id();
            if (p.type() != q.type()) {
                return null;
            }
            c = switch (p.type()) {
                case INTEGER -> p.asBigInteger().compareTo(q.asBigInteger());
                case STRING -> codePoints(p.asString(), q.asString());
                case BYTES -> Arrays.compareUnsigned(p.asBytes(), q.asBytes());
            };
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static int codePoints(String s, String t) {
        int[] x = s.codePoints().toArray();
        int[] y = t.codePoints().toArray();
        return Arrays.compare(x, y);
    }

}
