package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.ItemMappers;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/** Converts caller-supplied Java values (conditions, updates) to attribute values with the table's mapper. */
public final class ValueConverter {
    private final MapperSource mapper;
    /** Built on the first value converted. */
    private volatile ObjectWriter writer;
    private volatile boolean bigDecimalForFloats;

    public ValueConverter(MapperSource mapper) {
        this.mapper = mapper;
    }

    public ValueConverter(JsonMapper mapper) {
        this(MapperSource.of(mapper, false));
    }

    public AttributeValue toAttribute(Object value, String where) {
        if (value instanceof AttributeValue av) {
            return av;
        }
        ObjectWriter w = writer;
        if (w == null) {
            JsonMapper m = mapper.get();
            bigDecimalForFloats = AttributeValues.bigDecimalForFloats(m);
            w = AttributeValues.valueWriter(ItemMappers.of(m));
            writer = w;
        }
        return AttributeValues.toAttribute(w, bigDecimalForFloats, value, where);
    }

    public Expr toExpr(Condition c) {
        if (c == null) {
            return Expr.NONE;
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        c.values().forEach((k, v) -> values.put(k, toAttribute(v, "condition value " + k)));
        return Expr.of(c.expression(), c.names(), values);
    }
}
