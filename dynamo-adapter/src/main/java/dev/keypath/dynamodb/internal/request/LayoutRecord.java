package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The table's layout record as read: one reserved item, at the key path {@code /_kp_layout-table} with {@code _type} =
 * {@code _kp_layout} (docs/FORMAT.md, section 12), that holds per item type its {@link LayoutEntry} in the attribute
 * {@code t:<type name>} (the type's first stored name: a type renamed later keeps its entry), and in {@code refresh}
 * (N) the longest interval, in milliseconds, at which an instance of the table reads it again before writing. Every
 * change is one conditional {@code UpdateItem} that requires each attribute it sets to be as read, so instances that
 * start together agree. Immutable.
 */
public final class LayoutRecord {
    /** Where the record is stored; no item type's key path may start with a {@code _kp_} namespace. */
    public static final KeyPath KEY_PATH = KeyPath.of(TableAttributes.LAYOUT_NAMESPACE, "table");
    static final String REFRESH = "refresh";
    static final String ENTRY_PREFIX = "t:";

    /** The record's attributes as read; empty when there is none. */
    private final Map<String, AttributeValue> stored;

    private LayoutRecord(Map<String, AttributeValue> stored) {
        this.stored = Map.copyOf(stored);
    }

    /** The record stored as {@code item}, or an empty one when {@code item} is null or empty (none is stored). */
    public static LayoutRecord of(Map<String, AttributeValue> item) {
        return new LayoutRecord(item == null ? Map.of() : item);
    }

    /** The key of the record. */
    public static Map<String, AttributeValue> key() {
        return KeyLimits.keyOf(KEY_PATH);
    }

    /** The strongly consistent read of the record, asking for {@code ask} of capacity (null: not asking). */
    public static GetItemRequest read(String table, ReturnConsumedCapacity ask) {
        return GetItemRequest.builder().tableName(table).key(key()).consistentRead(true).returnConsumedCapacity(ask)
                .build();
    }

    /** The entry of the type whose record name is {@code name}, or null when the record has none. */
    public LayoutEntry entry(String name) {
        AttributeValue a = stored.get(ENTRY_PREFIX + name);
        return a == null ? null : LayoutEntry.of(name, a);
    }

    /** The refresh interval in milliseconds, or 0 when none is recorded. */
    public long refreshMillis() {
        AttributeValue a = stored.get(REFRESH);
        return a == null || a.n() == null ? 0 : Long.parseLong(a.n());
    }

    /**
     * The update that sets each of {@code entries} (by record name) and, when not null, {@code refreshMillis}, on
     * condition that each of them is still as this record holds it (or absent); also sets {@code _type}. Asks for
     * {@code ask} of capacity (null: not asking).
     */
    public UpdateItemRequest update(String table, Map<String, LayoutEntry> entries, Long refreshMillis,
                                    ReturnConsumedCapacity ask) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        StringBuilder set = new StringBuilder("SET #kp_t = :kp_t");
        StringBuilder condition = new StringBuilder();
        names.put("#kp_t", TableAttributes.TYPE);
        values.put(":kp_t", AttributeValues.string(TableAttributes.LAYOUT_TYPE));
        int i = 0;
        for (Map.Entry<String, LayoutEntry> e : entries.entrySet()) {
            change("#e" + i, ":e" + i, ":o" + i, ENTRY_PREFIX + e.getKey(), e.getValue().toAttribute(), names, values,
                    set, condition);
            i++;
        }
        if (refreshMillis != null) {
            change("#r", ":r", ":ro", REFRESH, AttributeValues.number(refreshMillis), names, values, set, condition);
        }
        return UpdateItemRequest.builder().tableName(table).key(key()).updateExpression(set.toString())
                .conditionExpression(condition.isEmpty() ? null : condition.toString()).expressionAttributeNames(names)
                .expressionAttributeValues(values).returnConsumedCapacity(ask).build();
    }

    private void change(String name, String value, String old, String attribute, AttributeValue to,
                        Map<String, String> names, Map<String, AttributeValue> values, StringBuilder set,
                        StringBuilder condition) {
        names.put(name, attribute);
        values.put(value, to);
        set.append(", ").append(name).append(" = ").append(value);
        if (!condition.isEmpty()) {
            condition.append(" AND ");
        }
        AttributeValue was = stored.get(attribute);
        if (was == null) {
            condition.append("attribute_not_exists(").append(name).append(')');
        } else {
            values.put(old, was);
            condition.append(name).append(" = ").append(old);
        }
    }

    /** The record names of every type this record holds an entry for. */
    public List<String> names() {
        return stored.keySet().stream().filter(a -> a.startsWith(ENTRY_PREFIX))
                .map(a -> a.substring(ENTRY_PREFIX.length())).sorted().toList();
    }
}
