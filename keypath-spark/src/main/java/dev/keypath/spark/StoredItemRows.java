package dev.keypath.spark;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.export.ExportLines;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.unsafe.types.UTF8String;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stored items as rows of a {@link RowLayout}. keypath's own items and expired items are left out as a table's reads
 * leave them, unless kept. An untyped row is every item with its decoded key path; a typed read gives the items of
 * its type, read by the table ({@link KeyPathTable#readStoredItem}), and leaves out items of the table's other
 * registered types (each is another typed read's). An item it cannot read (a key that is not a key path, no or an
 * unregistered type, one its type cannot read, a value Spark cannot hold) goes where {@link UnreadableRows} says.
 * Not thread-safe: one per task.
 */
final class StoredItemRows {
    private final ItemRows rows;
    private final RowLayout layout;
    private final KeyPathTable table;
    private final ItemSchema<?> schema;
    private final Set<String> typeNames;
    private final Set<String> registered;
    private final SideOutput sideOutput;
    private final Clock clock;
    private long unreadable;

    /**
     * @param table      the table that reads typed rows (null for untyped rows)
     * @param sideOutput where unreadable items go under {@link UnreadableRows#SIDE_OUTPUT}, else null
     */
    StoredItemRows(ItemRows rows, RowLayout layout, KeyPathTable table, SideOutput sideOutput, Clock clock) {
        this.rows = rows;
        this.layout = layout;
        this.table = table;
        this.sideOutput = sideOutput;
        this.clock = clock;
        if (layout.record() != null) {
            this.schema = table.schema(layout.record());
            this.typeNames = new java.util.HashSet<>(schema.history().formerTypeNames());
            this.typeNames.add(schema.typeName());
            this.registered = new java.util.HashSet<>();
            for (Class<?> c : table.registeredTypes()) {
                ItemSchema<?> s = table.schema(c);
                registered.add(s.typeName());
                registered.addAll(s.history().formerTypeNames());
            }
        } else {
            this.schema = null;
            this.typeNames = Set.of();
            this.registered = Set.of();
        }
    }

    /** Unreadable items met so far. */
    long unreadable() {
        return unreadable;
    }

    /**
     * The row of {@code item}, or null when it gives none: left out, another type's, or an unreadable item sent to
     * the side output.
     *
     * @throws UnreadableItemException for an unreadable item under {@link UnreadableRows#FAIL}
     */
    InternalRow row(Map<String, AttributeValue> item) {
        boolean internal = StoredItemLayout.isInternalItem(item);
        if ((internal && !rows.keepsInternalItems())
                || (!rows.keepsExpiredItems() && StoredItemLayout.isExpired(item, clock))) {
            return null;
        }
        KeyPath path;
        try {
            path = StoredItemLayout.keyPathOf(item);
        } catch (StoredKeyException e) {
            return unreadable(null, item, new UnreadableItemException(e.getMessage(), null, e));
        }
        AttributeValue type = item.get(StoredItemLayout.TYPE);
        String typeName = type == null ? null : type.s();
        if (layout.record() == null) {
            Object[] values = new Object[layout.schema().size()];
            values[0] = UTF8String.fromString(path.toString());
            values[1] = typeName == null ? null : UTF8String.fromString(typeName);
            values[2] = UTF8String.fromString(ExportLines.write(item));
            return new GenericInternalRow(values);
        }
        if (internal || (typeName != null && registered.contains(typeName) && !typeNames.contains(typeName))) {
            return null; // another type's item, or keypath's own
        }
        Object object;
        InternalRow fields;
        try {
            Optional<Object> read = table.readStoredItem(item);
            if (read.isEmpty()) {
                return null;
            }
            object = read.get();
            fields = SparkValues.structValue(object, layout.fields(), layout.record().getSimpleName() + ".");
        } catch (UnreadableItemException e) {
            return unreadable(path, item, e);
        } catch (SparkValues.ValueException e) {
            return unreadable(path, item, new UnreadableItemException(e.getMessage() + " [key path " + path + "]",
                    path, e));
        }
        Object[] values = new Object[layout.schema().size()];
        values[0] = UTF8String.fromString(path.toString());
        int n = layout.fields().size();
        for (int i = 0; i < n; i++) {
            values[1 + i] = fields.isNullAt(i) ? null : fields.get(i, layout.fields().fields()[i].dataType());
        }
        return new GenericInternalRow(values);
    }

    private InternalRow unreadable(KeyPath path, Map<String, AttributeValue> item, UnreadableItemException problem) {
        unreadable++;
        switch (rows.unreadableRows()) {
            case COLUMN -> {
                Object[] values = new Object[layout.schema().size()];
                values[0] = path == null ? null : UTF8String.fromString(path.toString());
                int last = values.length - 1;
                if (layout.record() == null) {
                    AttributeValue type = item.get(StoredItemLayout.TYPE);
                    values[1] = type == null || type.s() == null ? null : UTF8String.fromString(type.s());
                    values[2] = UTF8String.fromString(ExportLines.write(item));
                    values[last] = UTF8String.fromString(problem.getMessage());
                } else {
                    values[last - 1] = UTF8String.fromString(problem.getMessage());
                    values[last] = UTF8String.fromString(ExportLines.write(item));
                }
                return new GenericInternalRow(values);
            }
            case SIDE_OUTPUT -> {
                sideOutput.add(path == null ? null : path.toString(), problem.getMessage(), item);
                return null;
            }
            default -> throw problem;
        }
    }
}
