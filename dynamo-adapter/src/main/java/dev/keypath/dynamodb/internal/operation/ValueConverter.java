package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.ItemMappers;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/** Converts caller-supplied Java values (conditions, updates) to attribute values with the table's mapper. */
public final class ValueConverter {
    private final ObjectWriter writer;
    private final boolean bigDecimalForFloats;

    public ValueConverter(JsonMapper mapper) {
        this.writer = AttributeValues.valueWriter(ItemMappers.of(mapper));
        this.bigDecimalForFloats = AttributeValues.bigDecimalForFloats(mapper);
    }

    public AttributeValue toAttribute(Object value, String where) {
        if (value instanceof AttributeValue av) {
            return av;
        }
        return AttributeValues.toAttribute(writer, bigDecimalForFloats, value, where);
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
