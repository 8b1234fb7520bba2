package dev.keypath.test.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Plain values in one comparable form: integral numbers of any Java type as {@code Long}, sets sorted (an empty one
 * as the empty list it is stored as), maps sorted by key. Used for the attribute values an update hands back
 * ({@code UPDATED_NEW}, {@code UPDATED_OLD}).
 */
final class Values {
    private Values() {
    }

    /** The value at each edited path of {@code doc}, normalized; an absent one maps to null. */
    static Map<String, Object> at(Map<String, Object> doc, List<Edit> edits) {
        Map<String, Object> out = new TreeMap<>();
        for (Edit e : edits) {
            Object v = doc.get(e.top());
            if (e.nested()) {
                v = v instanceof Map<?, ?> m ? m.get(e.path().substring(e.top().length() + 1)) : null;
            }
            out.put(e.path(), normalize(v));
        }
        return out;
    }

    static Object normalize(Object v) {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigInteger b) {
            return b.longValueExact();
        }
        if (v instanceof BigDecimal d) {
            BigDecimal s = d.stripTrailingZeros();
            return s.scale() <= 0 ? (Object) s.longValueExact() : s;
        }
        if (v instanceof Set<?> s && s.isEmpty()) {
            return List.of(); // an empty set is stored, and handed back, as an empty list
        }
        if (v instanceof Set<?> s) {
            TreeSet<Object> out = new TreeSet<>();
            s.forEach(e -> out.add(normalize(e)));
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(e -> out.add(normalize(e)));
            return out;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new TreeMap<>();
            m.forEach((k, e) -> out.put((String) k, normalize(e)));
            return out;
        }
        return v;
    }
}
