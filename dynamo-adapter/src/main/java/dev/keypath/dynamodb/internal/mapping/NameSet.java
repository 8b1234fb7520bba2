package dev.keypath.dynamodb.internal.mapping;

import java.util.Collection;
import java.util.LinkedHashSet;

/**
 * A small fixed set of attribute names (the reserved ones and an item type's key fields) asked once per property on
 * every mapping. Most names are not in it, so a 64-bit signature of length and first and last character rules them
 * out without hashing or comparing; the few that pass are compared with the members, in the order given (put the
 * names met most often first). Immutable and thread-safe.
 */
public final class NameSet {
    private final String[] names;
    private final long signatures;

    public NameSet(Collection<String> names) {
        this.names = new LinkedHashSet<>(names).toArray(new String[0]);
        long s = 0;
        for (String n : this.names) {
            s |= 1L << signature(n);
        }
        this.signatures = s;
    }

    private static int signature(String name) {
        int len = name.length();
        return len == 0 ? 0 : (len * 7 + name.charAt(0) * 3 + name.charAt(len - 1)) & 63;
    }

    public boolean contains(String name) {
        if ((signatures & (1L << signature(name))) == 0) {
            return false;
        }
        for (String n : names) {
            if (n.equals(name)) {
                return true;
            }
        }
        return false;
    }
}
