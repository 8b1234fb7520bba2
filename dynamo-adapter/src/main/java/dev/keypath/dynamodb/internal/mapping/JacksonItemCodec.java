package dev.keypath.dynamodb.internal.mapping;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Jackson side of one item type's mapping: its reader (unknown attributes ignored), its writers, and whether
 * floating numbers are read as BigDecimal. Built when an item first needs Jackson. Immutable and thread-safe.
 *
 * @param reader              reads the item type
 * @param writer              serializes by the value's runtime class (subclasses of the item type, key values)
 * @param itemWriter          serializes the item type itself, its serializer resolved once
 * @param bigDecimalForFloats whether the mapper reads floating numbers as BigDecimal
 */
record JacksonItemCodec(ObjectReader reader, ObjectWriter writer, ObjectWriter itemWriter,
                        boolean bigDecimalForFloats) {

    static JacksonItemCodec of(Class<?> type, JsonMapper mapper) {
        JsonMapper itemMapper = ItemMappers.of(mapper);
        return new JacksonItemCodec(itemMapper.readerFor(type).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES),
                AttributeValues.valueWriter(itemMapper), AttributeValues.valueWriter(itemMapper, type),
                AttributeValues.bigDecimalForFloats(mapper));
    }
}
