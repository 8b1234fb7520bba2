package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * What bringing one stored item of an older version to its type's current version writes: the attributes the
 * upgrade changes, adds ({@code _kp_v}, a renamed type's {@code _type}) or drops, and the condition that each of
 * them still holds what was read, so that a concurrent writer's change of one fails the write instead of being
 * overwritten (attributes the upgrade leaves alone are neither written nor checked). Used by an update that upgrades
 * the item it updates ({@link UpdateActions#planUpgrading}) and, alone, when the update cannot be merged with it.
 * Immutable; pure apart from the history's own functions.
 */
public final class StoredUpgrades {
    private final DefaultItemSchema<?> schema;
    private final KeyPath keyPath;
    private final Map<String, AttributeValue> stored;
    /** Each attribute the upgrade changes, with its new value, or null where the upgrade drops it. */
    private final Map<String, AttributeValue> changes;

    private StoredUpgrades(DefaultItemSchema<?> schema, KeyPath keyPath, Map<String, AttributeValue> stored,
                           Map<String, AttributeValue> changes) {
        this.schema = schema;
        this.keyPath = keyPath;
        this.stored = stored;
        this.changes = Collections.unmodifiableMap(changes);
    }

    /**
     * The upgrade of {@code stored}, an item of {@code schema}'s type at {@code keyPath}; an
     * {@link dev.keypath.dynamodb.UnreadableItemException} when it is of a newer version or a change fails on it.
     */
    public static StoredUpgrades of(DefaultItemSchema<?> schema, KeyPath keyPath, Map<String, AttributeValue> stored) {
        Map<String, AttributeValue> upgraded = schema.evolution().upgrade(stored, keyPath);
        Map<String, AttributeValue> changes = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> e : upgraded.entrySet()) {
            if (!e.getValue().equals(stored.get(e.getKey()))) {
                changes.put(e.getKey(), e.getValue());
            }
        }
        for (String name : stored.keySet()) {
            if (!upgraded.containsKey(name)) {
                changes.put(name, null);
            }
        }
        return new StoredUpgrades(schema, keyPath, stored, changes);
    }

    /** The attributes the upgrade writes or drops. */
    public Set<String> changed() {
        return changes.keySet();
    }

    /** Each attribute the upgrade changes with its new value, null where it drops the attribute. */
    public Map<String, AttributeValue> changes() {
        return changes;
    }

    /** The condition that {@code _kp_v} and every attribute the upgrade changes hold what was read. */
    public Expr condition() {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> terms = new ArrayList<>();
        List<String> checked = new ArrayList<>(changes.keySet());
        if (!checked.contains(TableAttributes.SCHEMA_VERSION)) {
            checked.add(TableAttributes.SCHEMA_VERSION);
        }
        for (String attribute : checked) {
            String n = "#kp_g" + names.size();
            names.put(n, attribute);
            AttributeValue before = stored.get(attribute);
            if (before == null) {
                terms.add("attribute_not_exists(" + n + ")");
            } else {
                String v = ":kp_g" + values.size();
                values.put(v, before);
                terms.add(n + " = " + v);
            }
        }
        return Expr.of(String.join(" AND ", terms), names, values);
    }

    /**
     * The upgrade alone, as one conditional {@code UpdateItem} of table {@code table}: it requires the item to exist
     * under the type name it was read with, besides {@link #condition()}; a failed condition returns the stored item.
     */
    public UpdateItemRequest request(String table) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        changes.forEach((attribute, v) -> {
            String n = "#kp_n" + names.size();
            names.put(n, attribute);
            if (v == null) {
                removes.add(n);
            } else {
                String p = ":kp_u" + values.size();
                values.put(p, v);
                sets.add(n + " = " + p);
            }
        });
        Expr cond = Expr.of("attribute_exists(#kp_pk) AND #kp_type = :kp_type",
                Map.of("#kp_pk", TableAttributes.PK, "#kp_type", TableAttributes.TYPE),
                Map.of(":kp_type", stored.get(TableAttributes.TYPE))).and(condition());
        names.putAll(cond.names());
        values.putAll(cond.values());
        String update = (sets.isEmpty() ? "" : "SET " + String.join(", ", sets))
                + (removes.isEmpty() ? "" : (sets.isEmpty() ? "" : " ") + "REMOVE " + String.join(", ", removes));
        return UpdateItemRequest.builder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).tableName(table)
                .key(KeyLimits.keyOf(schema, keyPath)).updateExpression(update)
                .conditionExpression(cond.expression()).expressionAttributeNames(names)
                .expressionAttributeValues(values.isEmpty() ? null : values)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build();
    }
}
