package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * A record's canonical constructor, called with its components in order. Core reflection rather than a spread
 * method handle: on the JDK 17 runtime a spreader costs tens of milliseconds of start-up to build, and a
 * constructor called often is compiled to a direct call either way. Immutable and thread-safe.
 */
public final class RecordConstructor {
    private final Constructor<?> constructor;

    private RecordConstructor(Constructor<?> constructor) {
        this.constructor = constructor;
    }

    /** The canonical constructor of {@code record}, or an {@link ItemMappingException} if it cannot be used. */
    public static RecordConstructor of(Class<?> record) {
        RecordComponent[] components = record.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < types.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            Constructor<?> c = record.getDeclaredConstructor(types);
            c.setAccessible(true);
            return new RecordConstructor(c);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ItemMappingException("Cannot use the canonical constructor of " + record.getName(), null, e);
        }
    }

    /**
     * A new record of {@code components}; what the constructor throws is thrown unchanged (unchecked) or wrapped
     * (checked) in an {@link InvocationTargetException}'s cause.
     */
    public Object construct(Object[] components) throws Throwable {
        try {
            return constructor.newInstance(components);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
