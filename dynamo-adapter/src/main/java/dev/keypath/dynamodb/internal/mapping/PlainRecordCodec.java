package dev.keypath.dynamodb.internal.mapping;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A record whose every component is a {@link PlainValue} kind ({@link PlainRecords} decides), mapped without
 * Jackson: as an item (its components beside the key attributes, key components left to the key path) or nested
 * (a map attribute). Writing and reading give exactly what the Jackson path gives, or decline. Immutable and
 * thread-safe.
 */
public final class PlainRecordCodec implements PlainValue {
    private final Class<?> type;
    private final String[] names;
    private final Property[] components;
    /** Per component its kind; null for a key component of an item type (never written or read as an attribute). */
    private final PlainValue[] kinds;
    private final boolean[] primitive;
    private final RecordConstructor constructor;

    PlainRecordCodec(Class<?> type, Property[] components, PlainValue[] kinds) {
        this.type = type;
        this.components = components;
        this.kinds = kinds;
        this.names = new String[components.length];
        this.primitive = new boolean[components.length];
        for (int i = 0; i < components.length; i++) {
            names[i] = components[i].name();
            primitive[i] = components[i].javaType().isPrimitive();
        }
        this.constructor = RecordConstructor.of(type);
    }

    /**
     * Puts the non-key components of {@code item} into {@code attributes}, leaving out null ones (as Jackson's
     * path does, under keypath's {@code NON_NULL} inclusion); false, with {@code attributes} partly filled, if a
     * value is declined.
     */
    public boolean writeItem(Object item, Map<String, AttributeValue> attributes) {
        for (int i = 0; i < components.length; i++) {
            if (kinds[i] != null) {
                Object value = components[i].get(item);
                if (value == null) {
                    continue;
                }
                AttributeValue a = kinds[i].write(value);
                if (a == null) {
                    return false;
                }
                attributes.put(names[i], a);
            }
        }
        return true;
    }

    /**
     * The item stored as {@code attributes}, its key components taken from {@code keyValues} (indexed as
     * {@code keyComponents} says: the component of each key value), or {@link #DECLINED}.
     */
    public Object readItem(Map<String, AttributeValue> attributes, int[] keyComponents, Object[] keyValues) {
        Object[] args = new Object[components.length];
        for (int k = 0; k < keyComponents.length; k++) {
            args[keyComponents[k]] = keyValues[k];
        }
        for (int i = 0; i < components.length; i++) {
            if (kinds[i] != null) {
                AttributeValue a = attributes.get(names[i]);
                // a missing attribute is a null field; Jackson's answer for a primitive depends on its settings
                Object v = a == null ? (primitive[i] ? DECLINED : null)
                        : PlainValue.readNullable(kinds[i], primitive[i], a);
                if (v == DECLINED) {
                    return DECLINED;
                }
                args[i] = v;
            }
        }
        return construct(args);
    }

    @Override
    public AttributeValue write(Object value) {
        Map<String, AttributeValue> stored = new LinkedHashMap<>(2 * components.length);
        return writeItem(value, stored) ? AttributeValue.createM(stored) : null;
    }

    @Override
    public Object read(AttributeValue stored) {
        return stored.hasM() ? readItem(stored.m(), new int[0], new Object[0]) : DECLINED;
    }

    private Object construct(Object[] args) {
        try {
            return constructor.construct(args);
        } catch (Throwable e) { // the Jackson path reports what the constructor refuses
            return DECLINED;
        }
    }

    @Override
    public String toString() {
        return "PlainRecordCodec[" + type.getName() + "]";
    }
}
