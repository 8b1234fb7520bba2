package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.mapping.AttributeMapParser;
import dev.keypath.dynamodb.internal.mapping.JacksonItemCodec;
import dev.keypath.dynamodb.internal.mapping.JacksonValues;
import dev.keypath.dynamodb.internal.mapping.LazyJacksonCodec;
import dev.keypath.dynamodb.internal.mapping.NameSet;
import dev.keypath.dynamodb.internal.mapping.PlainRecordCodec;
import dev.keypath.dynamodb.internal.mapping.PlainValue;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.KeyField;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Decodes the stored items of one type: checks the type name, takes the key fields' values out of the key path,
 * and builds the object from them and the other attributes (by the canonical constructor for a plain record,
 * else through Jackson's deserializer reading an {@link AttributeMapParser}), after upgrading an item of an older
 * version of the stored form to the current one ({@link SchemaEvolution}). Whatever a stored item of the type
 * cannot be read for is an {@link UnreadableItemException} naming its key path. Immutable and thread-safe.
 *
 * @param <T> the item type
 */
final class ItemDecoder<T> {
    private final Class<T> type;
    private final String typeName;
    private final ItemKeys keys;
    private final List<KeyField> keyFields;
    /** Reads the type without Jackson when it qualifies ({@link dev.keypath.dynamodb.internal.mapping.PlainRecords}); else null. */
    private final PlainRecordCodec plain;
    /** For a plain record: each key field's component index. */
    private final int[] keyFieldComponents;
    private final LazyJacksonCodec jackson;
    private final NameSet notStored;
    /** The key fields' property names, in key order, as the deserializer reads them. */
    private final String[] keyPropertyNames;
    /** Upgrades items of older versions of the stored form; refuses newer ones. */
    private final SchemaEvolution evolution;

    /** The decoder of {@code type} as {@code declared}, through {@code jackson} where it needs Jackson. */
    ItemDecoder(Class<T> type, ItemDeclaration declared, LazyJacksonCodec jackson, SchemaEvolution evolution) {
        this.type = type;
        this.typeName = declared.typeName();
        this.keys = declared.keys();
        this.keyFields = declared.keyFields();
        this.plain = declared.plain();
        this.keyFieldComponents = type.isRecord() ? declared.keyComponents() : null;
        this.jackson = jackson;
        this.notStored = declared.names().notStored();
        this.keyPropertyNames = declared.names().keyPropertyNames();
        this.evolution = evolution;
    }

    /**
     * The object of a stored item, whose key path the caller may already know ({@code knownPath}, decoded from the
     * same {@code pk}/{@code sk} or the key it was read by; null to decode it). An {@link UnreadableItemException}
     * naming the key path when the item cannot be read, an {@link UnknownItemTypeException} when it is of another
     * type.
     */
    T fromItem(Map<String, AttributeValue> item, KeyPath knownPath) {
        try {
            return read(item, knownPath);
        } catch (UnreadableItemException | UnknownItemTypeException e) {
            throw e;
        } catch (ItemMappingException e) {
            throw unreadable(e);
        }
    }

    /**
     * Checks that an item of this type stored at {@code path} can be read from its key: an
     * {@link UnreadableItemException} naming the path when the path is off the template or an id does not fit its
     * field.
     */
    void checkStoredKeyPath(KeyPath path) {
        try {
            keys.valuesOf(path);
        } catch (ItemMappingException e) {
            throw unreadable(e);
        }
    }

    /** {@code e}, met reading a stored item, as the item's {@link UnreadableItemException}. */
    private UnreadableItemException unreadable(ItemMappingException e) {
        KeyPath path = e.keyPath().orElse(null);
        String message = e.getMessage();
        if (path != null) {
            message = message.replace(" [key path " + path + "]", "");
        }
        return new UnreadableItemException("Stored item cannot be read as " + typeName + ": " + message, path, e);
    }

    private T read(Map<String, AttributeValue> stored, KeyPath knownPath) {
        KeyPath path = knownPath != null ? knownPath : StoredKeyPaths.of(stored);
        AttributeValue tn = stored.get(TableAttributes.TYPE);
        if (tn == null || !(typeName.equals(tn.s()) || evolution.isTypeName(tn.s()))) {
            throw new UnknownItemTypeException("Stored item is of type " + (tn == null ? "(none)" : tn.s())
                    + ", not " + typeName, path);
        }
        Map<String, AttributeValue> item = evolution.upgrade(stored, path);
        Object[] keyValues = keys.valuesOf(path);
        if (plain != null) {
            Object read = plain.readItem(item, keyFieldComponents, keyValues);
            if (read != PlainValue.DECLINED) {
                return type.cast(read);
            }
        }
        return jackson.get().read(type, new AttributeMapParser(item, notStored, keyPropertyNames,
                parsedKeyValues(keyValues, path)), path);
    }

    /**
     * The key fields' values in {@code path}, in key order, as {@link AttributeMapParser} hands them to a
     * deserializer; an {@link ItemMappingException} naming the path when the path is off the template or an id
     * does not fit its field.
     */
    Object[] keyValuesOf(KeyPath path) {
        return parsedKeyValues(keys.valuesOf(path), path);
    }

    /** Key values as the parser hands them to Jackson (a new array). */
    private Object[] parsedKeyValues(Object[] typed, KeyPath path) {
        Object[] parsed = new Object[typed.length];
        for (int i = 0; i < typed.length; i++) {
            try {
                parsed[i] = parsedKeyValue(typed[i], keyFields.get(i).where());
            } catch (ItemMappingException e) {
                throw new ItemMappingException(e.getMessage(), path, e);
            }
        }
        return parsed;
    }

    /**
     * A key field's value as the parser hands it to the deserializer: as the tokens Jackson's default serializers
     * give it (strings, longs and ints as they are, a UUID as its text, anything else through the mapper).
     */
    private Object parsedKeyValue(Object value, String where) {
        if (value instanceof String || value instanceof Long || value instanceof Integer) {
            return value;
        }
        if (value instanceof UUID u) {
            return u.toString();
        }
        if (value instanceof KeyId k) {
            return k.toString(); // what KeyIdJson reads back
        }
        JacksonItemCodec j = jackson.get();
        return JacksonValues.toAttribute(j.writer(), j.bigDecimalForFloats(), value, where);
    }
}
