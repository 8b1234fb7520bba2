package dev.keypath.migrate;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The write that upgrades one stored item to its type's current version in place: an {@code UpdateItem} that sets
 * the attributes the upgrade changes or adds and removes those it drops, on condition that each of them (and
 * {@code _kp_v}) still holds what was read. Attributes the upgrade leaves alone are not written, so a concurrent
 * change of them stays; a concurrent change of one it writes fails the condition, and the item is read again. Pure.
 */
final class StoredUpgrade {
    private StoredUpgrade() {
    }

    /**
     * The update that turns {@code stored} into {@code upgraded} in table {@code table}; null when they are equal
     * (the item is current).
     */
    static UpdateItemRequest request(String table, Map<String, AttributeValue> stored,
                                     Map<String, AttributeValue> upgraded) {
        if (stored.equals(upgraded)) {
            return null;
        }
        Set<String> touched = new LinkedHashSet<>();
        for (Map.Entry<String, AttributeValue> e : upgraded.entrySet()) {
            if (!e.getValue().equals(stored.get(e.getKey()))) {
                touched.add(e.getKey());
            }
        }
        for (String name : stored.keySet()) {
            if (!upgraded.containsKey(name)) {
                touched.add(name);
            }
        }
        touched.add(StoredItemLayout.SCHEMA_VERSION); // the version as read is always part of the condition
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        List<String> conditions = new ArrayList<>();
        names.put("#kp_pk", StoredItemLayout.PARTITION_KEY);
        conditions.add("attribute_exists(#kp_pk)");
        int i = 0;
        for (String name : touched) {
            String n = "#a" + i;
            names.put(n, name);
            AttributeValue before = stored.get(name);
            AttributeValue after = upgraded.get(name);
            if (before == null) {
                conditions.add("attribute_not_exists(" + n + ")");
            } else {
                values.put(":o" + i, before);
                conditions.add(n + " = :o" + i);
            }
            if (after == null) {
                if (before != null) {
                    removes.add(n);
                }
            } else if (!after.equals(before)) {
                values.put(":n" + i, after);
                sets.add(n + " = :n" + i);
            }
            i++;
        }
        StringBuilder update = new StringBuilder();
        if (!sets.isEmpty()) {
            update.append("SET ").append(String.join(", ", sets));
        }
        if (!removes.isEmpty()) {
            update.append(update.length() > 0 ? " " : "").append("REMOVE ").append(String.join(", ", removes));
        }
        Map<String, AttributeValue> key = Map.of(StoredItemLayout.PARTITION_KEY,
                stored.get(StoredItemLayout.PARTITION_KEY), StoredItemLayout.SORT_KEY,
                stored.get(StoredItemLayout.SORT_KEY));
        return UpdateItemRequest.builder().tableName(table).key(key).updateExpression(update.toString())
                .conditionExpression(String.join(" AND ", conditions)).expressionAttributeNames(names)
                .expressionAttributeValues(values.isEmpty() ? null : values)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    /** Whether {@code item} is stored under one of {@code schema}'s type names (current or former). */
    static boolean isOf(ItemSchema<?> schema, Map<String, AttributeValue> item) {
        AttributeValue type = item.get(StoredItemLayout.TYPE);
        return type != null && type.s() != null
                && (type.s().equals(schema.typeName()) || schema.history().formerTypeNames().contains(type.s()));
    }
}
