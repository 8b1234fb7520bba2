package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.dynamodb.ItemMappingException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * One Java value to one attribute value through Jackson ({@link AttributeValueGenerator}), and the writers and
 * settings that conversion takes from a mapper. Kept apart from {@link AttributeValues} so that code mapping without
 * Jackson loads none of its classes. Stateless.
 */
public final class JacksonValues {
    private JacksonValues() {
    }

    /** A writer serializing by the value's runtime class, as {@code valueToTree} does (never root-wrapped). */
    public static ObjectWriter valueWriter(JsonMapper mapper) {
        return mapper.writer().without(SerializationFeature.WRAP_ROOT_VALUE);
    }

    /** A writer for instances of exactly {@code type}, its serializer resolved once (never root-wrapped). */
    public static ObjectWriter valueWriter(JsonMapper mapper, Class<?> type) {
        return mapper.writerFor(type).without(SerializationFeature.WRAP_ROOT_VALUE);
    }

    /** Whether numbers Jackson writes as text are read as BigDecimal (the mapper's USE_BIG_DECIMAL_FOR_FLOATS). */
    public static boolean bigDecimalForFloats(JsonMapper mapper) {
        return mapper.isEnabled(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }

    /** Serializes {@code value} with {@code writer} and converts it; {@code where} names it for errors. */
    public static AttributeValue toAttribute(ObjectWriter writer, boolean bigDecimalForFloats, Object value,
                                             String where) {
        if (value == null) {
            return AttributeValues.nul();
        }
        AttributeValueGenerator g = AttributeValueGenerator.forValue(where, bigDecimalForFloats);
        writer.writeValue(g, value);
        AttributeValue converted = g.finish();
        if (converted == null) {
            throw new ItemMappingException("Cannot store " + where + ": Jackson wrote nothing");
        }
        return converted;
    }
}
