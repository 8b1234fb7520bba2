package dev.keypath.dynamodb.internal.mapping;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The container kinds of {@link PlainValue}: collections (a {@code Set} stored as {@link DynamoSets} says, any other
 * as a list; either form read back into the class Jackson picks for the declared interface), maps with text keys,
 * and enums by constant name.
 */
final class PlainContainers {
    private PlainContainers() {
    }

    /**
     * {@code List} and {@code Collection} (read as ArrayList) or {@code Set} (read as HashSet, or as an EnumSet when
     * {@code enumType} names its enum element class, as Jackson reads it) of one kind.
     */
    record Elements(PlainValue element, boolean set, Class<?> enumType) implements PlainValue {
        @Override
        public AttributeValue write(Object value) {
            Collection<?> values = (Collection<?>) value;
            List<AttributeValue> stored = new ArrayList<>(values.size());
            for (Object v : values) {
                AttributeValue a = PlainValue.writeNullable(element, v);
                if (a == null) {
                    return null;
                }
                stored.add(a);
            }
            // by the value's class, as Jackson's path decides: a Set in a Collection field is a set too
            return value instanceof Set ? DynamoSets.of(stored) : AttributeValue.createL(stored);
        }

        @Override
        public Object read(AttributeValue stored) {
            List<AttributeValue> list = elements(stored);
            if (list == null) {
                return DECLINED;
            }
            Collection<Object> out = enumType != null ? enumSet(enumType) : set ? new HashSet<>()
                    : new ArrayList<>(list.size());
            for (AttributeValue a : list) {
                Object v = PlainValue.readNullable(element, false, a);
                if (v == DECLINED || v == null && enumType != null) {
                    return DECLINED; // an EnumSet holds no null: Jackson's answer
                }
                out.add(v);
            }
            return out;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Collection<Object> enumSet(Class<?> type) {
        return (Collection<Object>) (Collection) EnumSet.noneOf((Class) type);
    }

    /**
     * The elements of a stored list or string or number set, as the parser hands them to Jackson (a set's elements
     * as strings or numbers); null for any other attribute.
     */
    private static List<AttributeValue> elements(AttributeValue stored) {
        if (stored.hasL()) {
            return stored.l();
        }
        if (stored.hasSs()) {
            return stored.ss().stream().map(AttributeValue::fromS).toList();
        }
        return stored.hasNs() ? stored.ns().stream().map(AttributeValue::fromN).toList() : null;
    }

    /** {@code Map<String, V>}, read as LinkedHashMap. */
    record TextKeyed(PlainValue value) implements PlainValue {
        @Override
        public AttributeValue write(Object map) {
            Map<?, ?> values = (Map<?, ?>) map;
            Map<String, AttributeValue> stored = new LinkedHashMap<>(2 * values.size());
            for (Map.Entry<?, ?> e : values.entrySet()) {
                AttributeValue a = PlainValue.writeNullable(value, e.getValue());
                if (!(e.getKey() instanceof String key) || a == null) {
                    return null;
                }
                stored.put(key, a);
            }
            return AttributeValue.createM(stored);
        }

        @Override
        public Object read(AttributeValue stored) {
            if (!stored.hasM()) {
                return DECLINED;
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, AttributeValue> e : stored.m().entrySet()) {
                Object v = PlainValue.readNullable(value, false, e.getValue());
                if (v == DECLINED) {
                    return DECLINED;
                }
                out.put(e.getKey(), v);
            }
            return out;
        }
    }

    /** An enum by constant name. */
    static final class Constants implements PlainValue {
        private final Map<String, Object> byName = new HashMap<>();

        Constants(Class<?> type) {
            for (Object c : type.getEnumConstants()) {
                byName.put(((Enum<?>) c).name(), c);
            }
        }

        @Override
        public AttributeValue write(Object value) {
            return AttributeValue.createS(((Enum<?>) value).name());
        }

        @Override
        public Object read(AttributeValue stored) {
            Object c = stored.s() == null ? null : byName.get(stored.s());
            return c != null ? c : DECLINED;
        }
    }
}
