package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A transform of the stored form of some registered types' items, set with the table builder's
 * {@code storedItemCodec(...)}: it turns the attribute map a write stores into the map sent to DynamoDB, after every
 * extension has run, and a stored item back into the map the table maps, before anything else reads it. The
 * {@code keypath-encryption} module is one: it encrypts and signs items through the AWS Database Encryption SDK.
 *
 * <p>What stays as the codec's {@link #encode} leaves it is what DynamoDB sees: {@code pk}, {@code sk} and
 * {@code _type} must come back unchanged, and an attribute DynamoDB evaluates (a key, an index key, {@code _ttl}, a
 * version a condition compares) must stay readable to it. So the table asks the codec, before it sends anything,
 * whether it may send an update that writes in place ({@link #checkUpdate}) and a condition or filter that reads
 * attributes ({@link #checkExpression}) of a type it encodes; the codec throws to refuse.
 *
 * <p>A stored item the codec cannot decode (altered, or not encoded) is an {@link UnreadableItemException} from
 * {@link #decode}: a collection read hands it to the table's {@link UnreadableItemHandler}, a single read throws it.
 * Implementations must be thread-safe: one instance serves every call of the table.
 */
public interface StoredItemCodec {
    /**
     * Called once, when the table is built, with every registered type and the table's description of them; returns
     * the classes whose items pass through this codec (the others are stored as mapped). Throws to refuse the table,
     * e.g. an {@link ItemMappingException} naming a field the codec cannot serve.
     */
    Set<Class<?>> prepare(List<ItemSchema<?>> schemas, TableDescription description);

    /** The attributes to store for an item of {@code schema}'s type at {@code keyPath}, as the write mapped them. */
    Map<String, AttributeValue> encode(ItemSchema<?> schema, KeyPath keyPath, Map<String, AttributeValue> attributes);

    /**
     * The attributes to map, from the stored item {@code stored} of {@code schema}'s type at {@code keyPath}; an
     * {@link UnreadableItemException} naming the reason when it cannot be decoded.
     */
    Map<String, AttributeValue> decode(ItemSchema<?> schema, KeyPath keyPath, Map<String, AttributeValue> stored);

    /**
     * Refuses, by throwing, an update of an item of {@code schema}'s type at {@code keyPath} that writes the top-level
     * attributes {@code written} in place ({@code UpdateItem}, or an update in a transaction).
     */
    void checkUpdate(ItemSchema<?> schema, KeyPath keyPath, Set<String> written);

    /**
     * Refuses, by throwing, a condition of a write or a filter of a read ({@code use}: "condition" or "filter") that
     * meets items of {@code schema}'s type and reads the values of the top-level attributes {@code read} (an
     * {@code attribute_exists} or {@code attribute_not_exists} alone reads none); {@code expression} is the text as
     * written, for messages.
     */
    void checkExpression(ItemSchema<?> schema, String use, String expression, Set<String> read);
}
