package dev.keypath.test.model;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Java source text of the values commands hold, so that a printed failing command sequence can be pasted into a
 * regression test as it is: records as {@code new Name(…)}, collections as {@code List.of(…)}, {@code Set.of(…)},
 * {@code Map.of(…)}, longs with their {@code L}.
 */
final class Literals {
    private Literals() {
    }

    static String of(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        }
        if (v instanceof Long l) {
            return l + "L";
        }
        if (v instanceof Enum<?> e) {
            return e.getDeclaringClass().getSimpleName() + "." + e.name();
        }
        if (v instanceof Instant i) {
            return "Instant.parse(\"" + i + "\")";
        }
        if (v instanceof UUID u) {
            return "UUID.fromString(\"" + u + "\")";
        }
        if (v instanceof Set<?> s) {
            return "Set.of(" + join(s) + ")";
        }
        if (v instanceof List<?> l) {
            return "List.of(" + join(l) + ")";
        }
        if (v instanceof Map<?, ?> m) {
            return "Map.of(" + m.entrySet().stream().map(e -> of(e.getKey()) + ", " + of(e.getValue()))
                    .collect(Collectors.joining(", ")) + ")";
        }
        if (v instanceof Record r) {
            return record(r);
        }
        return v.toString();
    }

    /** {@code new Name(a, b, …)} of a record's components. */
    static String record(Record r) {
        List<String> parts = new ArrayList<>();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            try {
                parts.add(of(c.getAccessor().invoke(r)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return "new " + r.getClass().getSimpleName() + "(" + String.join(", ", parts) + ")";
    }

    private static String join(Collection<?> c) {
        return c.stream().map(Literals::of).collect(Collectors.joining(", "));
    }
}
