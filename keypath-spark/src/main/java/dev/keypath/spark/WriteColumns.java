package dev.keypath.spark;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Where a written row's values are: for typed rows, the column of each field of the record (by name; a field with
 * no column is null), else {@code item}; and {@code keyPath} and {@code unreadable} when present. A column that is
 * neither a field nor one of those, or whose Spark type is not the field's, is refused before anything is written.
 * Immutable.
 */
final class WriteColumns {
    private final Class<?> record;
    private final StructType fields;
    private final int[] fieldColumns;
    private final int keyPath;
    private final int item;
    private final int unreadable;

    private WriteColumns(Class<?> record, StructType fields, int[] fieldColumns, int keyPath, int item,
                         int unreadable) {
        this.record = record;
        this.fields = fields;
        this.fieldColumns = fieldColumns;
        this.keyPath = keyPath;
        this.item = item;
        this.unreadable = unreadable;
    }

    /**
     * The columns of {@code schema} for rows of {@code record} (null for untyped rows).
     *
     * @throws IllegalArgumentException naming the column that is none of the row's, or whose type differs
     */
    static WriteColumns of(StructType schema, Class<?> record) {
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < schema.fields().length; i++) {
            at.put(schema.fields()[i].name(), i);
        }
        int keyPath = column(schema, at, RowLayout.KEY_PATH);
        int unreadable = column(schema, at, RowLayout.UNREADABLE);
        int item = column(schema, at, RowLayout.ITEM);
        if (record == null) {
            if (item < 0) {
                throw new IllegalArgumentException("untyped rows are written from their item column (DynamoDB JSON), "
                        + "which these rows lack: " + schema.simpleString());
            }
            for (StructField f : schema.fields()) {
                if (!Set.of(RowLayout.KEY_PATH, RowLayout.TYPE, RowLayout.ITEM, RowLayout.UNREADABLE)
                        .contains(f.name())) {
                    throw new IllegalArgumentException("column " + f.name() + " is not one of untyped rows' ("
                            + "keyPath, type, item, unreadable): write typed rows of a registered type instead");
                }
            }
            return new WriteColumns(null, null, new int[0], keyPath, item, unreadable);
        }
        if (!record.isRecord()) {
            throw new IllegalArgumentException(record.getName() + " is not a record: typed rows are written for "
                    + "records; write untyped rows of it");
        }
        StructType fields = SparkValues.structOf(record, record.getSimpleName() + ".");
        RecordComponent[] components = record.getRecordComponents();
        int[] columns = new int[components.length];
        List<String> known = new ArrayList<>(List.of(RowLayout.KEY_PATH, RowLayout.TYPE, RowLayout.ITEM,
                RowLayout.UNREADABLE));
        for (int i = 0; i < components.length; i++) {
            String name = components[i].getName();
            known.add(name);
            Integer c = at.get(name);
            columns[i] = c == null ? -1 : c;
            if (c != null) {
                DataType given = schema.fields()[c].dataType();
                DataType wanted = fields.fields()[i].dataType();
                if (!given.catalogString().equals(wanted.catalogString())) {
                    throw new IllegalArgumentException("column " + name + " is " + given.catalogString() + ", but "
                            + record.getSimpleName() + "." + name + " is written from " + wanted.catalogString());
                }
            }
        }
        for (StructField f : schema.fields()) {
            if (!known.contains(f.name())) {
                throw new IllegalArgumentException("column " + f.name() + " is no field of " + record.getSimpleName()
                        + " (its fields: " + known.subList(4, known.size()) + ")");
            }
        }
        return new WriteColumns(record, fields, columns, keyPath, item, unreadable);
    }

    private static int column(StructType schema, Map<String, Integer> at, String name) {
        Integer i = at.get(name);
        if (i == null) {
            return -1;
        }
        DataType t = schema.fields()[i].dataType();
        if (!t.catalogString().equals("string")) {
            throw new IllegalArgumentException("column " + name + " must be a string, not " + t.catalogString());
        }
        return i;
    }

    /** The row's keyPath, or null. */
    String keyPath(InternalRow row) {
        return keyPath < 0 || row.isNullAt(keyPath) ? null : row.getUTF8String(keyPath).toString();
    }

    /** The row's item text, or null. */
    String item(InternalRow row) {
        return item < 0 || row.isNullAt(item) ? null : row.getUTF8String(item).toString();
    }

    /** Why the row's item was unreadable, or null. */
    String unreadable(InternalRow row) {
        return unreadable < 0 || row.isNullAt(unreadable) ? null : row.getUTF8String(unreadable).toString();
    }

    /**
     * The record of a typed row.
     *
     * @throws IllegalArgumentException naming the field whose value does not fit, or an unreadable item's row
     */
    Object record(InternalRow row) {
        String why = unreadable(row);
        if (why != null) {
            throw new IllegalArgumentException("it is the row of an unreadable item (" + why + ")");
        }
        Object[] values = new Object[fieldColumns.length];
        for (int i = 0; i < fieldColumns.length; i++) {
            int c = fieldColumns[i];
            values[i] = c < 0 || row.isNullAt(c) ? null : row.get(c, fields.fields()[i].dataType());
        }
        return SparkValues.record(record, new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(values),
                fields, record.getSimpleName() + ".");
    }

    /** The value of {@code record}'s component {@code name}. */
    static Object component(Object record, String name) {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            if (c.getName().equals(name)) {
                try {
                    return c.getAccessor().invoke(record);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + name, e);
                }
            }
        }
        return null;
    }
}
