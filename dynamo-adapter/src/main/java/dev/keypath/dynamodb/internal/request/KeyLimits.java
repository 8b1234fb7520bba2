package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemTooLargeException;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Checks DynamoDB's key and item size limits before a request is built. */
public final class KeyLimits {
    private KeyLimits() {
    }

    /** Checks {@code pk}/{@code sk} of {@code path}. */
    public static void checkKey(KeyPath path) {
        int pk = path.partitionKey().length;
        if (pk > TableAttributes.MAX_PARTITION_KEY) {
            throw new KeyTooLargeException(path, TableAttributes.PK, pk, TableAttributes.MAX_PARTITION_KEY);
        }
        int sk = path.sortKey().length;
        if (sk > TableAttributes.MAX_SORT_KEY) {
            throw new KeyTooLargeException(path, TableAttributes.SK, sk, TableAttributes.MAX_SORT_KEY);
        }
    }

    /**
     * Checks every binary key attribute of an encoded item of {@code schema}'s type (table and index keys) and the
     * item size; the size is counted character by character only when {@link ItemSizes#upperBound} could exceed the
     * limit.
     */
    public static void checkItem(KeyPath path, Map<String, AttributeValue> item, DefaultItemSchema<?> schema) {
        checkAttr(path, item, TableAttributes.PK, TableAttributes.MAX_PARTITION_KEY);
        checkAttr(path, item, TableAttributes.SK, TableAttributes.MAX_SORT_KEY);
        List<String> partitions = schema.indexPartitionAttributes();
        List<String> sorts = schema.indexSortAttributes();
        for (int i = 0; i < partitions.size(); i++) {
            checkAttr(path, item, partitions.get(i), TableAttributes.MAX_PARTITION_KEY);
            checkAttr(path, item, sorts.get(i), TableAttributes.MAX_SORT_KEY);
        }
        checkSize(path, item);
    }

    /**
     * Checks an item's size; it is counted character by character only when {@link ItemSizes#upperBound} could exceed
     * the limit.
     */
    static void checkSize(KeyPath path, Map<String, AttributeValue> item) {
        if (ItemSizes.upperBound(item) > TableAttributes.MAX_ITEM) {
            long size = ItemSizes.itemSize(item);
            if (size > TableAttributes.MAX_ITEM) {
                throw new ItemTooLargeException(path, size, TableAttributes.MAX_ITEM);
            }
        }
    }

    private static void checkAttr(KeyPath path, Map<String, AttributeValue> item, String attr, int limit) {
        AttributeValue v = item.get(attr);
        if (v != null && v.b() != null && v.b().asByteArrayUnsafe().length > limit) {
            throw new KeyTooLargeException(path, attr, v.b().asByteArrayUnsafe().length, limit);
        }
    }

    /**
     * {@code pk}/{@code sk} of {@code path}, each encoded once and checked against DynamoDB's key size limits
     * ({@link KeyTooLargeException}).
     */
    public static Map<String, AttributeValue> keyOf(KeyPath path) {
        byte[] pk = path.partitionKey();
        if (pk.length > TableAttributes.MAX_PARTITION_KEY) {
            throw new KeyTooLargeException(path, TableAttributes.PK, pk.length, TableAttributes.MAX_PARTITION_KEY);
        }
        byte[] sk = path.sortKey();
        if (sk.length > TableAttributes.MAX_SORT_KEY) {
            throw new KeyTooLargeException(path, TableAttributes.SK, sk.length, TableAttributes.MAX_SORT_KEY);
        }
        return Map.of(TableAttributes.PK, AttributeValues.binary(pk), TableAttributes.SK, AttributeValues.binary(sk));
    }

    /**
     * {@link #keyOf(KeyPath)} of an item of {@code schema}'s type, whose partition key is in its shard when the type
     * is sharded (a {@link dev.keypath.dynamodb.RandomShardException} when that shard is random); null
     * {@code schema}: the path's own key (alias items, counters).
     */
    public static Map<String, AttributeValue> keyOf(DefaultItemSchema<?> schema, KeyPath path) {
        if (schema == null || schema.shards() == null) {
            return keyOf(path);
        }
        byte[] pk = schema.partitionKeyOf(path);
        if (pk.length > TableAttributes.MAX_PARTITION_KEY) {
            throw new KeyTooLargeException(path, TableAttributes.PK, pk.length, TableAttributes.MAX_PARTITION_KEY);
        }
        byte[] sk = path.sortKey();
        if (sk.length > TableAttributes.MAX_SORT_KEY) {
            throw new KeyTooLargeException(path, TableAttributes.SK, sk.length, TableAttributes.MAX_SORT_KEY);
        }
        return Map.of(TableAttributes.PK, AttributeValues.binary(pk), TableAttributes.SK, AttributeValues.binary(sk));
    }

    /** The {@code pk}/{@code sk} attributes of an encoded item, whose sizes {@link #checkItem} has checked. */
    public static Map<String, AttributeValue> keyOfItem(Map<String, AttributeValue> item) {
        return Map.of(TableAttributes.PK, item.get(TableAttributes.PK), TableAttributes.SK, item.get(TableAttributes.SK));
    }

}
