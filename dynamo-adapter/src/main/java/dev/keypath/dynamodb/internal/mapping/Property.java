package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A readable field or record component of an item class, found by reflection once per type. */
public final class Property {
    private final String name;
    private final Class<?> javaType;
    private final AnnotatedElement element;
    /**
     * The accessor (or, for a class, the field) read by core reflection: a method handle per property would cost
     * start-up for no steady-state gain on the JDK 17 runtime, whose reflection compiles to direct calls.
     */
    private final Method accessor;
    private final Field field;

    private Property(String name, Class<?> javaType, AnnotatedElement element, Method accessor, Field field) {
        this.name = name;
        this.javaType = javaType;
        this.element = element;
        this.accessor = accessor;
        this.field = accessor != null ? null : field;
    }

    /** All properties of {@code type}: record components, or non-static fields of the class and superclasses. */
    public static Map<String, Property> of(Class<?> type) {
        Map<String, Property> props = new LinkedHashMap<>();
        if (type.isRecord()) {
            for (RecordComponent rc : type.getRecordComponents()) {
                Method m = rc.getAccessor();
                m.setAccessible(true);
                props.put(rc.getName(), new Property(rc.getName(), rc.getType(), rc, m, null));
            }
            return props;
        }
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
        }
        for (Class<?> c : chain) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) {
                    continue;
                }
                f.setAccessible(true);
                props.put(f.getName(), new Property(f.getName(), f.getType(), f, null, f));
            }
        }
        return props;
    }

    public String name() {
        return name;
    }

    public Class<?> javaType() {
        return javaType;
    }

    public <A extends Annotation> A annotation(Class<A> type) {
        return element.getAnnotation(type);
    }

    public Object get(Object target) {
        try {
            return accessor != null ? accessor.invoke(target) : field.get(target);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new ItemMappingException("Cannot read " + target.getClass().getName() + "." + name, null, cause);
        } catch (IllegalAccessException e) {
            throw new ItemMappingException("Cannot read " + target.getClass().getName() + "." + name, null, e);
        }
    }
}
