package dev.keypath.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The columns of a read's rows: {@code keyPath} first; then {@code type} and {@code item} for untyped rows, or the
 * record's fields for typed rows; then, when unreadable items become rows ({@link UnreadableRows#COLUMN}),
 * {@code unreadable} (and {@code item} for typed rows). Immutable.
 */
final class RowLayout {
    static final String KEY_PATH = "keyPath";
    static final String TYPE = "type";
    static final String ITEM = "item";
    static final String UNREADABLE = "unreadable";
    private static final Set<String> OWN = Set.of(KEY_PATH, ITEM, UNREADABLE);

    private final Class<?> record;
    private final StructType fields;
    private final boolean unreadableColumns;
    private final StructType schema;

    private RowLayout(Class<?> record, StructType fields, boolean unreadableColumns, StructType schema) {
        this.record = record;
        this.fields = fields;
        this.unreadableColumns = unreadableColumns;
        this.schema = schema;
    }

    /**
     * The layout of {@code rows}, {@code record} the type's class (null for untyped rows).
     *
     * @throws IllegalArgumentException when the type is not a record, a field has no Spark type, or a field is
     *     named like one of the layout's own columns
     */
    static RowLayout of(ItemRows rows, Class<?> record) {
        boolean column = rows.unreadableRows() == UnreadableRows.COLUMN;
        List<StructField> all = new ArrayList<>();
        all.add(DataTypes.createStructField(KEY_PATH, DataTypes.StringType, true));
        StructType fields = null;
        if (record == null) {
            all.add(DataTypes.createStructField(TYPE, DataTypes.StringType, true));
            all.add(DataTypes.createStructField(ITEM, DataTypes.StringType, false));
            if (column) {
                all.add(DataTypes.createStructField(UNREADABLE, DataTypes.StringType, true));
            }
        } else {
            if (!record.isRecord()) {
                throw new IllegalArgumentException(record.getName() + " is not a record: typed rows are read for "
                        + "records; read untyped rows of it");
            }
            fields = SparkValues.structOf(record, record.getSimpleName() + ".");
            for (StructField f : fields.fields()) {
                if (OWN.contains(f.name())) {
                    throw new IllegalArgumentException(record.getSimpleName() + "." + f.name() + " is named like "
                            + "the rows' own column " + f.name() + ": read untyped rows of it");
                }
                // a row of an unreadable item holds no field value
                all.add(column ? f.copy(f.name(), f.dataType(), true, f.metadata()) : f);
            }
            if (column) {
                all.add(DataTypes.createStructField(UNREADABLE, DataTypes.StringType, true));
                all.add(DataTypes.createStructField(ITEM, DataTypes.StringType, true));
            }
        }
        return new RowLayout(record, fields, column, DataTypes.createStructType(all));
    }

    StructType schema() {
        return schema;
    }

    /** The record class, or null for untyped rows. */
    Class<?> record() {
        return record;
    }

    /** The record's fields, or null for untyped rows. */
    StructType fields() {
        return fields;
    }

    boolean unreadableColumns() {
        return unreadableColumns;
    }
}
