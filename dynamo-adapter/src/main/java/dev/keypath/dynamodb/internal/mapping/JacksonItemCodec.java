package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Jackson side of one item type's mapping: its reader (unknown attributes ignored), its writers, whether
 * floating numbers are read as BigDecimal, and the writing and reading of whole items through them, with Jackson's
 * failures turned into {@link ItemMappingException}s that name the item's key path and the attribute. Built when an
 * item first needs Jackson, so that types mapped without it never load Jackson's classes. Immutable and thread-safe.
 *
 * @param reader              reads the item type
 * @param writer              serializes by the value's runtime class (subclasses of the item type, key values)
 * @param itemWriter          serializes the item type itself, its serializer resolved once
 * @param bigDecimalForFloats whether the mapper reads floating numbers as BigDecimal
 */
public record JacksonItemCodec(ObjectReader reader, ObjectWriter writer, ObjectWriter itemWriter,
                        boolean bigDecimalForFloats) {

    static JacksonItemCodec of(Class<?> type, JsonMapper mapper) {
        JsonMapper itemMapper = ItemMappers.of(mapper);
        return new JacksonItemCodec(itemMapper.readerFor(type).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES),
                JacksonValues.valueWriter(itemMapper), JacksonValues.valueWriter(itemMapper, type),
                JacksonValues.bigDecimalForFloats(mapper));
    }

    /**
     * Serializes {@code item}, an instance of item type {@code type} stored at {@code path}, straight into
     * {@code attrs}, keeping the root properties {@code stored} accepts.
     */
    public void write(Class<?> type, Object item, KeyPath path, Map<String, AttributeValue> attrs,
               AttributeTreeGenerator.RootProperties stored) {
        AttributeValueGenerator g = AttributeValueGenerator.forItem(type.getSimpleName(), bigDecimalForFloats, attrs,
                stored);
        try {
            (item.getClass() == type ? itemWriter : writer).writeValue(g, item);
        } catch (JacksonException e) {
            throw new ItemMappingException("Jackson cannot serialize " + type.getName() + ": "
                    + e.getOriginalMessage(), path, e);
        }
        if (g.rootToken() != JsonToken.START_OBJECT) {
            throw new ItemMappingException("Jackson serialized " + type.getName() + " as " + g.rootToken()
                    + ", expected an object", path, null);
        }
        g.finish();
    }

    /** Reads a {@code type} from {@code parser}, over the stored item at {@code path}. */
    public <T> T read(Class<T> type, AttributeMapParser parser, KeyPath path) {
        try {
            return reader.readValue(parser);
        } catch (JacksonException e) {
            if (parser.failure() != null) {
                throw new ItemMappingException(parser.failure().getMessage(), path, parser.failure());
            }
            throw new ItemMappingException("Jackson cannot read a " + type.getName() + " from the stored item"
                    + attributePath(e) + ": " + e.getOriginalMessage(), path, e);
        }
    }

    /** Where in the item Jackson failed, e.g. {@code " at stats.likes"}; empty at the root. */
    public static String attributePath(JacksonException e) {
        StringBuilder at = new StringBuilder();
        for (JacksonException.Reference r : e.getPath()) {
            if (r.getPropertyName() != null) {
                at.append(at.length() == 0 ? "" : ".").append(r.getPropertyName());
            } else if (r.getIndex() >= 0) {
                at.append('[').append(r.getIndex()).append(']');
            }
        }
        return at.length() == 0 ? "" : " at " + at;
    }
}
