package dev.keypath.dynamodb.internal.mapping;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Decides which records map without Jackson ({@link PlainRecordCodec}) under keypath's default mapper: records
 * that Jackson would map by their components alone. A record qualifies when neither it nor its components,
 * accessors, fields, constructors or methods carry annotations other than keypath's, Bean Validation's and the
 * JDK's core ones; when it has no getter-like method besides its accessors (Jackson would serialize it); and when
 * every component is text, a number, a boolean, a UUID, an instant, an enum of the same kind, a qualifying record,
 * or a {@code List}, {@code Collection}, {@code Set} or {@code Map<String, …>} of those. Every other type goes
 * through Jackson. Stateless.
 */
public final class PlainRecords {
    private static final List<String> ALLOWED_ANNOTATIONS = List.of("dev.keypath.", "jakarta.validation.", "java.lang.");

    private PlainRecords() {
    }

    /**
     * The codec of item type {@code type} whose components at {@code keyComponents} come from the key path, or
     * null if the type does not qualify.
     */
    public static PlainRecordCodec item(Class<?> type, int[] keyComponents, Map<String, Property> properties) {
        if (!plainClass(type)) {
            return null;
        }
        Property[] components = properties.values().toArray(new Property[0]);
        RecordComponent[] declared = type.getRecordComponents();
        PlainValue[] kinds = new PlainValue[components.length];
        Set<Integer> keys = new HashSet<>();
        for (int k : keyComponents) {
            keys.add(k);
        }
        Set<Class<?>> visiting = new HashSet<>(Set.of(type));
        for (int i = 0; i < components.length; i++) {
            if (keys.contains(i)) {
                if (!plainKey(declared[i].getType())) {
                    return null;
                }
                continue;
            }
            kinds[i] = kind(declared[i].getGenericType(), visiting);
            if (kinds[i] == null) {
                return null;
            }
        }
        return new PlainRecordCodec(type, components, kinds);
    }

    /** Key component types whose values the key path gives exactly as Jackson would read them. */
    private static boolean plainKey(Class<?> t) {
        return t == String.class || t == UUID.class || t == BigInteger.class || t.isEnum() || t == long.class
                || t == Long.class || t == int.class || t == Integer.class || t == short.class || t == Short.class
                || t == byte.class || t == Byte.class;
    }

    private static PlainValue kind(Type type, Set<Class<?>> visiting) {
        if (type instanceof Class<?> c) {
            PlainScalars scalar = PlainScalars.of(c);
            if (scalar != null) {
                return scalar;
            }
            if (c.isEnum()) {
                return plainEnum(c) ? new PlainContainers.Constants(c) : null;
            }
            return c.isRecord() ? nested(c, visiting) : null;
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (raw == List.class || raw == Collection.class || raw == Set.class) {
                PlainValue element = kind(args[0], visiting);
                Class<?> enumType = raw == Set.class && args[0] instanceof Class<?> c && c.isEnum() ? c : null;
                return element == null ? null : new PlainContainers.Elements(element, raw == Set.class, enumType);
            }
            if (raw == Map.class && args[0] == String.class) {
                PlainValue value = kind(args[1], visiting);
                return value == null ? null : new PlainContainers.TextKeyed(value);
            }
        }
        return null;
    }

    private static PlainValue nested(Class<?> record, Set<Class<?>> visiting) {
        if (!visiting.add(record) || !plainClass(record)) {
            return null; // a record that contains itself is left to Jackson
        }
        try {
            RecordComponent[] declared = record.getRecordComponents();
            Property[] components = Property.of(record).values().toArray(new Property[0]);
            PlainValue[] kinds = new PlainValue[declared.length];
            for (int i = 0; i < declared.length; i++) {
                kinds[i] = kind(declared[i].getGenericType(), visiting);
                if (kinds[i] == null) {
                    return null;
                }
            }
            return new PlainRecordCodec(record, components, kinds);
        } finally {
            visiting.remove(record);
        }
    }

    /** A record Jackson maps by its components alone. */
    private static boolean plainClass(Class<?> record) {
        if (!record.isRecord() || record.getTypeParameters().length > 0 || !allowed(record)
                || !plainInterfaces(record)) {
            return false;
        }
        Set<String> accessors = new HashSet<>();
        for (RecordComponent rc : record.getRecordComponents()) {
            accessors.add(rc.getName());
            if (!allowed(rc) || !allowed(rc.getAccessor())) {
                return false;
            }
            try {
                if (!allowed(record.getDeclaredField(rc.getName()))) {
                    return false;
                }
            } catch (NoSuchFieldException e) {
                return false;
            }
        }
        for (Constructor<?> c : record.getDeclaredConstructors()) {
            if (!allowed(c) || !allowedParameters(c.getParameterAnnotations())) {
                return false;
            }
        }
        for (Method m : record.getDeclaredMethods()) {
            if (!allowed(m) || !allowedParameters(m.getParameterAnnotations())) {
                return false;
            }
        }
        for (Method m : record.getMethods()) {
            if (getterLike(m) && !accessors.contains(m.getName())) {
                return false;
            }
        }
        return true;
    }

    /** Jackson reads class annotations of supertypes too: every interface must be free of others' annotations. */
    private static boolean plainInterfaces(Class<?> type) {
        for (Class<?> i : type.getInterfaces()) {
            if (!allowed(i) || !plainInterfaces(i)) {
                return false;
            }
            for (Method m : i.getDeclaredMethods()) {
                if (!allowed(m)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A method Jackson could take as a property: public, not static, no parameters, returns a value. */
    private static boolean getterLike(Method m) {
        if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0 || m.getReturnType() == void.class
                || m.getDeclaringClass() == Object.class || m.getDeclaringClass() == Record.class) {
            return false;
        }
        String n = m.getName();
        return (n.startsWith("get") && n.length() > 3) || (n.startsWith("is") && n.length() > 2);
    }

    private static boolean plainEnum(Class<?> type) {
        if (!allowed(type)) {
            return false;
        }
        for (var f : type.getDeclaredFields()) {
            if (!allowed(f)) {
                return false;
            }
        }
        for (Method m : type.getDeclaredMethods()) {
            if (!allowed(m)) {
                return false;
            }
        }
        return true;
    }

    private static boolean allowedParameters(Annotation[][] parameters) {
        for (Annotation[] annotations : parameters) {
            for (Annotation a : annotations) {
                if (!allowed(a)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean allowed(AnnotatedElement element) {
        for (Annotation a : element.getDeclaredAnnotations()) {
            if (!allowed(a)) {
                return false;
            }
        }
        return true;
    }

    private static boolean allowed(Annotation a) {
        String name = a.annotationType().getName();
        for (String prefix : ALLOWED_ANNOTATIONS) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
