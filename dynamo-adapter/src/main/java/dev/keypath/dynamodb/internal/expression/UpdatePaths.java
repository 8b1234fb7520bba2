package dev.keypath.dynamodb.internal.expression;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AttributePath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.internal.mapping.JsonNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks the attribute paths of updates against the item types as Jackson sees them, and resolves them to the
 * names they are stored under. A path's first name must be a property of the item type; each further step must
 * fit the declared type of what it steps into: a property of a bean or record, any key of a map, an index of a
 * list, collection or array. Below a property typed {@code Object} or {@code JsonNode} anything goes; a scalar
 * (a number, text, {@code byte[]}, a {@code java.*} value type, an enum) has no steps below it.
 * Thread-safe; the properties of each class are introspected once.
 */
public final class UpdatePaths {
    /**
     * A checked path: its steps, each a stored name ({@code String}) or a list index ({@code Integer}), its text,
     * the declared type of what it reaches (null where the type is open: below {@code Object} or a JSON tree), and
     * whether its last step names a field of the item or of a nested record or bean (not a map key or a list
     * element), where a null is stored as no attribute.
     */
    public record Resolved(List<Object> steps, String text, JavaType type, boolean field) {
        /** The first, top-level attribute name. */
        public String top() {
            return (String) steps.get(0);
        }

        /**
         * The element class of the collection this path reaches (its declared {@code Set<E>} or {@code List<E>}),
         * or null where it is not declared as a collection of a known class.
         */
        public Class<?> elementClass() {
            if (type == null || !type.isCollectionLikeType() || type.getContentType() == null) {
                return null;
            }
            Class<?> element = type.getContentType().getRawClass();
            return element == Object.class ? null : element;
        }
    }

    private final JsonMapper mapper;
    private final Map<JavaType, Map<String, JavaType>> properties = new ConcurrentHashMap<>();
    private final Map<Class<?>, Map<String, String>> jsonNames = new ConcurrentHashMap<>();

    /** Paths checked with {@code mapper}, the table's item mapper. */
    public UpdatePaths(JsonMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * {@code path} checked against {@code type} and resolved to stored names.
     *
     * @throws InvalidUpdateException naming the type, the path, and the names that would fit
     */
    public Resolved resolve(Class<?> type, AttributePath path, KeyPath keyPath) {
        String typeName = type.getSimpleName();
        String text = path.toString();
        List<Object> steps = new ArrayList<>();
        StringBuilder at = new StringBuilder();
        JavaType current = mapper.constructType(type);
        boolean open = false;
        boolean field = true;
        for (AttributePath.Segment s : path.segments()) {
            String here = at.length() == 0 ? typeName : typeName + "." + at;
            if (s instanceof AttributePath.Index index) {
                if (!isOpen(current) && !isList(current)) {
                    throw new InvalidUpdateException(typeName + " has no list at '" + at + "' (it is "
                            + describe(current) + "), so '" + text + "' cannot index it", typeName, text, keyPath, null);
                }
                steps.add(index.index());
                at.append('[').append(index.index()).append(']');
                open |= isOpen(current);
                field = false;
                current = isOpen(current) ? current : current.getContentType();
                continue;
            }
            String name;
            if (s instanceof AttributePath.Component c) {
                name = jsonNames(c.record()).getOrDefault(c.component(), c.component());
                if (!isOpen(current) && !current.isMapLikeType() && !c.record().isAssignableFrom(current.getRawClass())) {
                    throw new InvalidUpdateException("Path '" + text + "' names " + c.record().getSimpleName() + "::"
                            + c.component() + " where " + here + " is " + describe(current), typeName, text, keyPath,
                            null);
                }
            } else {
                name = ((AttributePath.Name) s).name();
            }
            at.append(at.length() == 0 ? "" : ".").append(name);
            steps.add(name);
            if (isOpen(current)) {
                open = true;
                field = false;
                continue;
            }
            if (current.isMapLikeType()) {
                current = current.getContentType();
                field = false;
                continue;
            }
            field = true;
            if (isList(current) || isScalar(current)) {
                throw new InvalidUpdateException(here + " is " + describe(current) + ", which has no attribute '"
                        + name + "' (path '" + text + "')", typeName, text, keyPath, null);
            }
            Map<String, JavaType> props = properties(current);
            JavaType next = props.get(name);
            if (next == null) {
                String owner = steps.size() == 1 ? typeName : here + " (" + current.getRawClass().getSimpleName() + ")";
                throw new InvalidUpdateException(owner + " has no attribute '" + name + "' (path '" + text
                        + "'); its attributes are " + props.keySet(), typeName, text, keyPath, null);
            }
            current = next;
        }
        return new Resolved(List.copyOf(steps), at.toString(), open ? null : current, field);
    }

    /** The name Jackson stores the property {@code javaName} of {@code type} under. */
    public String storedName(Class<?> type, String javaName) {
        return jsonNames(type).getOrDefault(javaName, javaName);
    }

    private Map<String, String> jsonNames(Class<?> record) {
        return jsonNames.computeIfAbsent(record, r -> JsonNames.of(mapper, r));
    }

    /** Jackson's properties of a bean or record type, by the name it writes them under. */
    private Map<String, JavaType> properties(JavaType type) {
        return properties.computeIfAbsent(type, t -> {
            Map<String, JavaType> props = new LinkedHashMap<>();
            for (BeanPropertyDefinition p : mapper._serializationContext().introspectBeanDescription(t)
                    .findProperties()) {
                if (p.couldSerialize()) {
                    props.put(p.getName(), p.getPrimaryType());
                }
            }
            return props;
        });
    }

    /** Anything may lie below: {@code Object}, a JSON tree, or a type Jackson finds no properties in. */
    private boolean isOpen(JavaType t) {
        Class<?> raw = t.getRawClass();
        if (raw == Object.class || JsonNode.class.isAssignableFrom(raw)) {
            return true;
        }
        return !t.isContainerType() && !isScalar(t) && properties(t).isEmpty();
    }

    private static boolean isList(JavaType t) {
        return (t.isCollectionLikeType() || t.isArrayType()) && t.getRawClass() != byte[].class;
    }

    private static boolean isScalar(JavaType t) {
        Class<?> raw = t.getRawClass();
        if (raw.isPrimitive() || raw.isEnum() || raw == byte[].class) {
            return true;
        }
        String name = raw.getName();
        return !t.isContainerType() && (name.startsWith("java.") || name.startsWith("javax."));
    }

    private static String describe(JavaType t) {
        if (t.isMapLikeType()) {
            return "a map";
        }
        if (isList(t)) {
            return "a list";
        }
        return "a " + t.getRawClass().getSimpleName();
    }
}
