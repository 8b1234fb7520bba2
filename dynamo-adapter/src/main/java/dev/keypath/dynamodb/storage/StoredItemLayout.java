package dev.keypath.dynamodb.storage;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.internal.extension.TimeToLiveExtension;
import dev.keypath.dynamodb.internal.operation.TableBootstrap;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The attribute names and limits of an item as a key-path table stores it: the binary {@code pk}/{@code sk} that
 * encode its key path, its type name, its expiry and the attribute names keypath keeps for itself.
 */
public final class StoredItemLayout {
    /** The binary partition key attribute: the encoded first part of the key path. */
    public static final String PARTITION_KEY = TableAttributes.PK;
    /** The binary sort key attribute: the encoded rest of the key path. */
    public static final String SORT_KEY = TableAttributes.SK;
    /** The string attribute holding the item's type name. */
    public static final String TYPE = TableAttributes.TYPE;
    /** The number attribute the table's time to live reads (epoch seconds). */
    public static final String TIME_TO_LIVE = TableAttributes.TTL;
    /** The attribute holding the unique key paths an item owns. */
    public static final String ALIASES = TableAttributes.ALIASES;
    /** The version of an item's stored form ({@code N}); an item without it is at version 1. */
    public static final String SCHEMA_VERSION = TableAttributes.SCHEMA_VERSION;
    /** The largest partition key DynamoDB stores, in bytes. */
    public static final int MAX_PARTITION_KEY_BYTES = TableAttributes.MAX_PARTITION_KEY;
    /** The largest sort key DynamoDB stores, in bytes. */
    public static final int MAX_SORT_KEY_BYTES = TableAttributes.MAX_SORT_KEY;
    /** The most puts one {@code BatchWriteItem} call takes. */
    public static final int BATCH_WRITE_LIMIT = TableAttributes.BATCH_WRITE_CHUNK;
    /**
     * The {@code _type} names of keypath's own items, which hold no object of the application: sequence counters
     * ({@code _kp_sequence}) and alias items ({@code _kp_alias}); FORMAT.md, section 12. Every read of the table
     * leaves them out; a copy of the table must carry them over for its unique key paths and sequences to work.
     */
    public static final Set<String> INTERNAL_TYPES = TableAttributes.INTERNAL_TYPES;

    private StoredItemLayout() {
    }

    /**
     * The key path a stored item's {@code pk}/{@code sk} encode: the one decoding of stored keys, which the tables,
     * export, streams and the CLI share.
     *
     * @throws StoredKeyException naming the attribute when one is missing or not binary, or their bytes are not a
     *     key path (then with the core's {@link dev.keypath.KeyPathFormatException} as its cause)
     */
    public static KeyPath keyPathOf(Map<String, AttributeValue> item) {
        return DefaultItemSchema.keyPathOfItem(item);
    }

    /** Whether {@code item} is one of keypath's own items: its {@code _type} is one of {@link #INTERNAL_TYPES}. */
    public static boolean isInternalItem(Map<String, AttributeValue> item) {
        AttributeValue type = item.get(TYPE);
        return type != null && TableAttributes.isInternalType(type.s());
    }

    /**
     * Whether {@code item} has expired by {@code clock}: its {@link #TIME_TO_LIVE} is a number of epoch seconds at or
     * before now. Every read of a key-path table leaves such an item out, whatever its type, until DynamoDB deletes
     * it.
     */
    public static boolean isExpired(Map<String, AttributeValue> item, Clock clock) {
        return TimeToLiveExtension.isExpired(item, clock);
    }

    /**
     * The attribute names a schema keeps for its own stored fields beyond the key ones (none for a schema keypath
     * did not build), which data from elsewhere must not take.
     */
    public static Set<String> reservedAttributes(ItemSchema<?> schema) {
        return schema instanceof DefaultItemSchema<?> d ? Set.copyOf(d.reservedAttributes()) : Set.of();
    }

    /**
     * Checks that a described table has a key-path table's keys ({@code pk} HASH, {@code sk} RANGE, both binary),
     * for tools that read or write a table without creating it.
     *
     * @throws TableSchemaMismatchException naming the table and the key schema it has
     */
    public static void checkKeys(TableDescription table) {
        TableBootstrap.checkKeyPathKeys(table);
    }
}
