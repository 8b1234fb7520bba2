package dev.keypath.dynamodb.internal.schema;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.LazyJacksonCodec;
import dev.keypath.dynamodb.internal.mapping.NameSet;
import dev.keypath.dynamodb.internal.mapping.PlainRecordCodec;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema.Encoded;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Encodes the items of one type into the attributes a put stores: {@code pk}/{@code sk} from the key path,
 * {@code _type}, the other fields (through {@link PlainRecordCodec} for a plain record, else straight from
 * Jackson's serializer), the index keys and the aliases, and the version of the stored form the table writes
 * ({@link SchemaEvolution}). Immutable and thread-safe.
 */
final class ItemEncoder {
    private final Class<?> type;
    private final ItemKeys keys;
    private final IndexKeyPaths indexKeys;
    private final AliasKeyPaths aliasKeys;
    /** Writes the type without Jackson when it qualifies ({@link dev.keypath.dynamodb.internal.mapping.PlainRecords}); else null. */
    private final PlainRecordCodec plain;
    private final LazyJacksonCodec jackson;
    /** Reserved attribute names and key field names: never stored as attributes. */
    private final NameSet notStored;
    private final Set<String> keyFieldNames;
    private final Set<String> reserved;
    /** The size the attribute map is made for: one entry per property and the attributes keypath adds. */
    private final int capacity;
    private final AttributeValue typeAttribute;
    /** How the partition is spread, or null. */
    private final ShardRule shards;
    private final String typeName;
    /** Stamps the written version, and turns the item into the version before while the table writes that. */
    private final SchemaEvolution evolution;

    /** The encoder of {@code type} as {@code declared}, through {@code jackson} where it needs Jackson. */
    ItemEncoder(Class<?> type, ItemDeclaration declared, LazyJacksonCodec jackson, SchemaEvolution evolution) {
        this.type = type;
        this.keys = declared.keys();
        this.indexKeys = declared.indexKeys();
        this.aliasKeys = declared.aliasKeys();
        this.plain = declared.plain();
        this.jackson = jackson;
        this.notStored = declared.names().notStored();
        this.keyFieldNames = declared.names().keyFieldNames();
        this.reserved = declared.names().reserved();
        this.capacity = 2 * (declared.components().length + 6);
        this.typeAttribute = AttributeValues.string(declared.typeName());
        this.shards = declared.shards();
        this.typeName = declared.typeName();
        this.evolution = evolution;
    }

    /**
     * Encodes {@code item}, with {@code generated} values replacing unset auto-id key fields: key, type, fields,
     * secondary keys and aliases. The expiry attribute is the time-to-live extension's.
     */
    Encoded encode(Object item, Map<String, Object> generated) {
        if (!type.isInstance(item)) {
            throw new UnknownItemTypeException(item.getClass().getName() + " is not a " + type.getName(), null);
        }
        KeyPath path = keys.keyPathOf(item, generated);
        Map<String, AttributeValue> attrs = new LinkedHashMap<>(capacity);
        attrs.put(TableAttributes.PK, AttributeValues.binary(shards == null ? path.partitionKey()
                : shards.partitionKeyForPut(path, typeName)));
        attrs.put(TableAttributes.SK, AttributeValues.binary(path.sortKey()));
        attrs.put(TableAttributes.TYPE, typeAttribute);
        if (plain == null || item.getClass() != type || !plain.writeItem(item, attrs)) {
            if (attrs.size() > 3) { // a plain write declined half way: Jackson writes the whole item
                attrs.keySet().retainAll(List.of(TableAttributes.PK, TableAttributes.SK, TableAttributes.TYPE));
            }
            jackson.get().write(type, item, path, attrs, name -> storedName(name, path));
        }
        indexKeys.store(item, path, generated, attrs);
        aliasKeys.store(item, generated, attrs);
        return new Encoded(path, evolution.toWriteVersion(attrs));
    }

    /** Whether a serialized property is stored: not if it is a key field; an error if its name is reserved. */
    private boolean storedName(String name, KeyPath path) {
        if (!notStored.contains(name)) {
            return true;
        }
        if (keyFieldNames.contains(name)) {
            return false;
        }
        if (reserved.contains(name)) {
            throw new ItemMappingException("Property '" + name + "' of " + type.getName()
                    + " uses a reserved attribute name", path, null);
        }
        return true;
    }
}
