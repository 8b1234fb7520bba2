package dev.keypath.dynamodb.internal.expression;

import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.ItemMappers;
import dev.keypath.dynamodb.internal.mapping.JacksonValues;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Converts caller-supplied Java values (conditions, updates) to attribute values with the table's mapper, checks
 * update paths against the item types ({@link #paths()}), and turns returned attribute values into plain Java
 * values and those into Java types.
 */
public final class ValueConverter {
    /** The Jackson side, built on the first value converted or path checked. */
    private record Jackson(JsonMapper mapper, ObjectWriter writer, boolean bigDecimalForFloats, UpdatePaths paths) {
        Object convert(Object plain, Class<?> type) {
            try {
                return mapper.convertValue(plain, type);
            } catch (JacksonException | IllegalArgumentException e) {
                throw new ItemMappingException("Cannot convert the returned value " + plain + " to "
                        + type.getSimpleName() + ": " + e.getMessage(), null, e);
            }
        }
    }

    private final MapperSource source;
    private volatile Jackson jackson;

    public ValueConverter(MapperSource mapper) {
        this.source = mapper;
    }

    public ValueConverter(JsonMapper mapper) {
        this(MapperSource.of(mapper, false));
    }

    private Jackson jackson() {
        Jackson j = jackson;
        if (j == null) {
            JsonMapper given = source.get();
            JsonMapper m = ItemMappers.of(given);
            j = new Jackson(m, JacksonValues.valueWriter(m), JacksonValues.bigDecimalForFloats(given),
                    new UpdatePaths(m));
            jackson = j;
        }
        return j;
    }

    public AttributeValue toAttribute(Object value, String where) {
        if (value instanceof AttributeValue av) {
            return av;
        }
        Jackson j = jackson();
        return JacksonValues.toAttribute(j.writer(), j.bigDecimalForFloats(), value, where);
    }

    public Expr toExpr(Condition c) {
        if (c == null) {
            return Expr.NONE;
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        c.values().forEach((k, v) -> values.put(k, toAttribute(v, "condition value " + k)));
        return Expr.of(c.expression(), c.names(), values);
    }

    /** The checker of update paths, with this table's names. */
    public UpdatePaths paths() {
        return jackson().paths();
    }

    /** {@code value} as a plain Java value (see {@code UpdateResult}). */
    public static Object plain(AttributeValue value) {
        return switch (value.type()) {
            case S -> value.s();
            case N -> AttributeValues.canonicalNumber(value.n());
            case B -> value.b().asByteArray();
            case BOOL -> value.bool();
            case NUL -> null;
            case L -> {
                List<Object> list = new ArrayList<>(value.l().size());
                value.l().forEach(v -> list.add(plain(v)));
                yield list;
            }
            case M -> plain(value.m());
            case SS -> new LinkedHashSet<>(value.ss());
            case NS -> {
                Set<Object> set = new LinkedHashSet<>();
                value.ns().forEach(n -> set.add(AttributeValues.canonicalNumber(n)));
                yield set;
            }
            case BS -> {
                List<Object> list = new ArrayList<>(value.bs().size());
                value.bs().forEach(b -> list.add(b.asByteArray()));
                yield list;
            }
            default -> throw new ItemMappingException("Unknown attribute value type: " + value);
        };
    }

    /** Every attribute of {@code attributes} as a plain Java value, in order. */
    public static Map<String, Object> plain(Map<String, AttributeValue> attributes) {
        Map<String, Object> map = new LinkedHashMap<>();
        attributes.forEach((k, v) -> map.put(k, plain(v)));
        return map;
    }

    /** A plain value converted to {@code type} by the table's mapper. */
    public Object convert(Object plain, Class<?> type) {
        return jackson().convert(plain, type);
    }
}
