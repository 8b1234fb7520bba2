package dev.keypath.dynamodb;

import java.io.Serializable;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where an update reads or writes inside an item: a top-level attribute ({@code title}), a field of a nested
 * object or a map entry ({@code stats.likes}), a list element ({@code tags[2]}), or any chain of these
 * ({@code sections[0].title}). Written as text it is names separated by {@code .}, each followed by any number of
 * {@code [index]}; a name is any non-empty text without {@code .}, {@code [} or {@code ]} (attribute names
 * travel as expression placeholders, so DynamoDB's reserved words are fine).
 *
 * <p>Names are Jackson's property names, as the item is stored. The table checks every path against the
 * registered type before it sends the update (see {@link UpdateSpec}); a record component can also be named by a
 * method reference ({@link #of(ItemProperty)}), which the compiler checks.
 *
 * <p>Immutable and thread-safe.
 */
public final class AttributePath {
    /** One step of a path. */
    public sealed interface Segment permits Name, Index, Component {
    }

    /** A named attribute, object field or map key, as stored. */
    public record Name(String name) implements Segment {
        /** Checks the name. */
        public Name {
            Objects.requireNonNull(name, "name");
        }
    }

    /** A list element. */
    public record Index(int index) implements Segment {
    }

    /**
     * A record component named by a method reference; stored under the name Jackson gives it.
     *
     * @param record    the record class
     * @param component the component's Java name
     */
    public record Component(Class<?> record, String component) implements Segment {
        /** Checks the parts. */
        public Component {
            Objects.requireNonNull(record, "record");
            Objects.requireNonNull(component, "component");
        }
    }

    private final List<Segment> segments;

    private AttributePath(List<Segment> segments) {
        this.segments = List.copyOf(segments);
    }

    /**
     * Parses {@code path} ({@code title}, {@code stats.likes}, {@code tags[2]}, {@code a.b[0][1].c}).
     *
     * @throws InvalidUpdateException naming the path and what is wrong with it
     */
    public static AttributePath parse(String path) {
        Objects.requireNonNull(path, "path");
        List<Segment> segments = new ArrayList<>();
        int i = 0;
        int n = path.length();
        while (true) {
            int start = i;
            while (i < n && path.charAt(i) != '.' && path.charAt(i) != '[' && path.charAt(i) != ']') {
                i++;
            }
            if (i == start) {
                throw syntax(path, start, "an attribute name is missing");
            }
            segments.add(new Name(path.substring(start, i)));
            while (i < n && path.charAt(i) == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    throw syntax(path, i, "'[' is not closed");
                }
                String digits = path.substring(i + 1, close);
                if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9') || digits.length() > 9) {
                    throw syntax(path, i + 1, "a list index must be a number from 0 to 999999999, not '" + digits + "'");
                }
                segments.add(new Index(Integer.parseInt(digits)));
                i = close + 1;
            }
            if (i == n) {
                return new AttributePath(segments);
            }
            if (path.charAt(i) != '.') {
                throw syntax(path, i, "unexpected '" + path.charAt(i) + "'");
            }
            i++;
        }
    }

    private static InvalidUpdateException syntax(String path, int at, String problem) {
        return new InvalidUpdateException("Invalid attribute path '" + path + "' at offset " + at + ": " + problem,
                null, path, null, null);
    }

    /**
     * The record component {@code property} names, from a method reference such as {@code Post::title}.
     *
     * @throws InvalidUpdateException if {@code property} is not a method reference to a record accessor
     */
    public static <T, V> AttributePath of(ItemProperty<T, V> property) {
        return new AttributePath(List.of(component(property)));
    }

    /**
     * This path followed by the field or map key {@code name} ({@code stats} then {@code likes}).
     *
     * @throws InvalidUpdateException if {@code name} is empty or holds {@code .}, {@code [} or {@code ]}
     */
    public AttributePath then(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty() || name.chars().anyMatch(c -> c == '.' || c == '[' || c == ']')) {
            throw new InvalidUpdateException("Invalid attribute name '" + name + "' after '" + this + "': a name is "
                    + "non-empty text without '.', '[' or ']'", null, this + "." + name, null, null);
        }
        return append(new Name(name));
    }

    /** This path followed by the record component {@code property} names ({@code Post::stats} then {@code Stats::likes}). */
    public <T, V> AttributePath then(ItemProperty<T, V> property) {
        return append(component(property));
    }

    /** This path followed by the list element at {@code index}. */
    public AttributePath index(int index) {
        if (index < 0) {
            throw new InvalidUpdateException("A list index cannot be negative: " + this + "[" + index + "]", null,
                    toString(), null, null);
        }
        return append(new Index(index));
    }

    private AttributePath append(Segment s) {
        List<Segment> all = new ArrayList<>(segments);
        all.add(s);
        return new AttributePath(all);
    }

    /** The steps of this path, the first always a name or a component. */
    public List<Segment> segments() {
        return segments;
    }

    /** Whether this path equals {@code other} or lies inside it, or the other way round. */
    public boolean overlaps(AttributePath other) {
        int common = Math.min(segments.size(), other.segments.size());
        return segments.subList(0, common).equals(other.segments.subList(0, common));
    }

    /** Resolves a serializable method reference to the record component whose accessor it calls. */
    private static Component component(ItemProperty<?, ?> property) {
        Objects.requireNonNull(property, "property");
        SerializedLambda lambda = serialized(property);
        String refused = "Not a method reference to a record accessor (like Post::title): " + lambda.getImplClass()
                + "::" + lambda.getImplMethodName();
        if (lambda.getImplMethodKind() != MethodHandleInfo.REF_invokeVirtual || lambda.getCapturedArgCount() != 0
                || !lambda.getImplMethodSignature().startsWith("()")) {
            throw new InvalidUpdateException(refused, null, null, null, null);
        }
        Class<?> owner;
        try {
            owner = Class.forName(lambda.getImplClass().replace('/', '.'), false,
                    property.getClass().getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new InvalidUpdateException(refused, null, null, null, e);
        }
        if (owner.isRecord()) {
            for (RecordComponent rc : owner.getRecordComponents()) {
                if (rc.getAccessor().getName().equals(lambda.getImplMethodName())) {
                    return new Component(owner, rc.getName());
                }
            }
        }
        throw new InvalidUpdateException(refused, null, null, null, null);
    }

    private static SerializedLambda serialized(Serializable property) {
        try {
            Method writeReplace = property.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            if (writeReplace.invoke(property) instanceof SerializedLambda s) {
                return s;
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new InvalidUpdateException("Cannot resolve " + property + " to a record component (pass a method "
                    + "reference like Post::title, or the attribute's name)", null, null, null, e);
        }
        throw new InvalidUpdateException("Not a method reference: " + property, null, null, null, null);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AttributePath p && segments.equals(p.segments);
    }

    @Override
    public int hashCode() {
        return segments.hashCode();
    }

    /** The text form, {@code stats.likes} or {@code tags[2]}; a component shows as its Java name. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Segment s : segments) {
            if (s instanceof Index index) {
                b.append('[').append(index.index()).append(']');
            } else {
                b.append(b.isEmpty() ? "" : ".").append(s instanceof Name name ? name.name()
                        : ((Component) s).component());
            }
        }
        return b.toString();
    }
}
