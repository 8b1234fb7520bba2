package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.FieldDescription;
import java.lang.annotation.Annotation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stored fields of a class as {@link FieldDescription}s: the properties the item mapper writes, under the names
 * it writes them, each with the kind of value it holds ({@link FieldDescription} lists the kinds), and the fields
 * of nested records after their parent. Stateless; works from the mapper's view of a class, so a renamed or ignored
 * property is described as it is stored.
 */
final class StoredFieldTypes {
    /** Simple names of the annotations that make a field non-null (Jakarta Validation, JSpecify, JSR 305...). */
    private static final Set<String> NON_NULL = Set.of("NotNull", "NonNull", "Nonnull");

    private final JsonMapper mapper;

    StoredFieldTypes(JsonMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * The stored fields of {@code type}, those whose Java name is in {@code skipped} left out (the key fields), in
     * the order the mapper gives them, each nested record's fields after it.
     */
    List<FieldDescription> fieldsOf(Class<?> type, Set<String> skipped) {
        List<FieldDescription> out = new ArrayList<>();
        Set<Class<?>> open = new HashSet<>();
        open.add(type);
        addFields(mapper.constructType(type), "", skipped, open, out);
        return out;
    }

    private void addFields(JavaType type, String prefix, Set<String> skipped, Set<Class<?>> open,
                           List<FieldDescription> out) {
        List<BeanPropertyDefinition> props = mapper._serializationContext().introspectBeanDescription(type)
                .findProperties();
        for (BeanPropertyDefinition p : props) {
            if (!p.couldSerialize() || skipped.contains(p.getInternalName())) {
                continue;
            }
            JavaType declared = p.getPrimaryType();
            boolean nullable = !declared.isPrimitive() && !annotatedNonNull(p);
            JavaType value = declared.isReferenceType() ? declared.getReferencedType() : declared;
            String path = prefix + p.getName();
            out.add(new FieldDescription(path, kindOf(value), nullable));
            addNested(value, path, open, out);
        }
    }

    /** Describes the fields of the records {@code value} holds (itself, or its elements), below {@code path}. */
    private void addNested(JavaType value, String path, Set<Class<?>> open, List<FieldDescription> out) {
        if (isRecordLike(value)) {
            if (open.add(value.getRawClass())) { // a recursive record is described once, at its first place
                addFields(value, path + ".", Set.of(), open, out);
                open.remove(value.getRawClass());
            }
        } else if (value.isArrayType() && value.getRawClass() != byte[].class || value.isCollectionLikeType()) {
            addNested(value.getContentType(), path + "[]", open, out);
        } else if (value.isMapLikeType()) {
            addNested(value.getContentType(), path + "{}", open, out);
        }
    }

    /** The kind of value of a field of Java type {@code type}, e.g. {@code list<record>}. */
    static String kindOf(JavaType type) {
        if (type.isReferenceType()) {
            return kindOf(type.getReferencedType());
        }
        Class<?> raw = type.getRawClass();
        String scalar = scalarKind(raw);
        if (scalar != null) {
            return scalar;
        }
        if (type.isArrayType() || type.isCollectionLikeType()) {
            String of = type.getContentType() == null ? "any" : kindOf(type.getContentType());
            return (Set.class.isAssignableFrom(raw) ? "set<" : "list<") + of + ">";
        }
        if (type.isMapLikeType()) {
            return "map<" + (type.getContentType() == null ? "any" : kindOf(type.getContentType())) + ">";
        }
        if (JsonNode.class.isAssignableFrom(raw)) {
            return "json";
        }
        if (raw == Object.class) {
            return "any";
        }
        if (raw.getName().startsWith("java.") || raw.getName().startsWith("javax.")) {
            return "java:" + raw.getSimpleName();
        }
        return "record";
    }

    /** The kind of a single value of class {@code raw}, or null when it is a container or a record. */
    static String scalarKind(Class<?> raw) {
        if (raw == String.class || raw == char.class || raw == Character.class || raw == char[].class) {
            return "string";
        }
        if (raw == long.class || raw == int.class || raw == short.class || raw == byte.class || raw == Long.class
                || raw == Integer.class || raw == Short.class || raw == Byte.class || raw == BigInteger.class) {
            return "number";
        }
        if (raw == double.class || raw == float.class || raw == Double.class || raw == Float.class
                || raw == BigDecimal.class) {
            return "decimal";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "boolean";
        }
        if (raw == byte[].class || ByteBuffer.class.isAssignableFrom(raw)
                || raw.getName().equals("software.amazon.awssdk.core.SdkBytes")) {
            return "binary";
        }
        if (raw == UUID.class) {
            return "uuid";
        }
        if (raw == Instant.class) {
            return "instant";
        }
        if (raw == KeyPath.class) {
            return "keypath";
        }
        if (KeyId.class.isAssignableFrom(raw)) {
            return "keyid";
        }
        if (raw.isEnum()) {
            return "enum" + Arrays.stream(raw.getEnumConstants()).map(c -> ((Enum<?>) c).name()).sorted()
                    .collect(Collectors.joining(",", "[", "]"));
        }
        return null;
    }

    private static boolean isRecordLike(JavaType type) {
        return "record".equals(kindOf(type));
    }

    /** Whether an annotation on the property's field, accessor or constructor parameter says it is never null. */
    private static boolean annotatedNonNull(BeanPropertyDefinition p) {
        return Stream.of(p.getField(), p.getGetter(), p.getConstructorParameter(), p.getPrimaryMember())
                .filter(m -> m != null)
                .flatMap(AnnotatedMember::annotations)
                .map(Annotation::annotationType)
                .anyMatch(a -> NON_NULL.contains(a.getSimpleName()));
    }
}
