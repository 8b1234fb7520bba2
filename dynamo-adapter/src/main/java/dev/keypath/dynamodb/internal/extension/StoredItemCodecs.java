package dev.keypath.dynamodb.internal.extension;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.StoredItemCodec;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TypeDescriptions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table's {@link StoredItemCodec}, with the types it encodes resolved once when the table is built; {@link #NONE}
 * for a table without one, which encodes nothing. Immutable.
 */
public final class StoredItemCodecs {
    /** No codec: every item is stored as mapped. */
    public static final StoredItemCodecs NONE = new StoredItemCodecs(null, Map.of());

    private final StoredItemCodec codec;
    private final Map<Class<?>, Boolean> encoded;

    private StoredItemCodecs(StoredItemCodec codec, Map<Class<?>, Boolean> encoded) {
        this.codec = codec;
        this.encoded = encoded;
    }

    /** {@code codec} prepared for {@code schemas}: it may refuse them here. */
    public static StoredItemCodecs of(StoredItemCodec codec, Collection<DefaultItemSchema<?>> schemas) {
        if (codec == null) {
            return NONE;
        }
        List<ItemSchema<?>> all = new ArrayList<>(schemas);
        Set<Class<?>> types = codec.prepare(List.copyOf(all), TypeDescriptions.of(schemas));
        Map<Class<?>, Boolean> encoded = new IdentityHashMap<>();
        for (DefaultItemSchema<?> s : schemas) {
            if (types.contains(s.type())) {
                encoded.put(s.type(), Boolean.TRUE);
            }
        }
        return new StoredItemCodecs(codec, encoded);
    }

    /** Whether items of {@code schema}'s type pass through the codec. */
    public boolean encodes(ItemSchema<?> schema) {
        return !encoded.isEmpty() && encoded.containsKey(schema.type());
    }

    /** {@code attributes} as stored: encoded for a type the codec encodes, else the same map. */
    public Map<String, AttributeValue> encode(ItemSchema<?> schema, KeyPath keyPath,
                                              Map<String, AttributeValue> attributes) {
        return encodes(schema) ? codec.encode(schema, keyPath, attributes) : attributes;
    }

    /** {@code stored} as mapped: decoded for a type the codec encodes, else the same map. */
    public Map<String, AttributeValue> decode(ItemSchema<?> schema, KeyPath keyPath,
                                              Map<String, AttributeValue> stored) {
        return encodes(schema) ? codec.decode(schema, keyPath, stored) : stored;
    }

    /** Lets the codec refuse an in-place update of {@code written} attributes. */
    public void checkUpdate(ItemSchema<?> schema, KeyPath keyPath, Set<String> written) {
        if (encodes(schema)) {
            codec.checkUpdate(schema, keyPath, written);
        }
    }

    /** Lets the codec refuse a condition or filter reading {@code read} attributes. */
    public void checkExpression(ItemSchema<?> schema, String use, String expression, Set<String> read) {
        if (encodes(schema)) {
            codec.checkExpression(schema, use, expression, read);
        }
    }
}
