package dev.keypath.spark;

import java.io.Serializable;
import java.util.Objects;

/**
 * A write of a Dataset's rows into a key-path table with batch writes ({@code BatchWriteItem}, unprocessed items and
 * throttled calls retried): rows of one registered type (a column per field, by name; {@code keyPath}, when present,
 * must be the item's) or untyped rows ({@code item}: the stored attributes as DynamoDB JSON, {@code keyPath} the key
 * path they hold). Each put replaces the item of its key, so a task Spark runs again writes the same items again and
 * none twice; a row whose item could differ on a second attempt (an unset generated id) is refused. The write budget
 * of the whole job is in capacity units per second (divided among the tasks that run at once; 0 for none). A row
 * the table would refuse (a bad or mismatched key path, an item over 400 KB, a key over DynamoDB's sizes, a value
 * that does not fit its field) is refused alone, with its reason: the write fails naming them after writing the
 * others, or, with a refusals directory, lists them there as JSON lines. Immutable and serializable.
 *
 * <pre>{@code
 * WriteReport report = KeyPathDatasets.write(posts, TableWrite.of(app).type(Post.class).writeCapacity(1000));
 * }</pre>
 */
public final class TableWrite implements Serializable {
    private static final long serialVersionUID = 1L;

    private final TableSpec table;
    private final String type;
    private final double writeCapacity;
    private final int concurrentTasks;
    private final String refusals;

    private TableWrite(TableSpec table, String type, double writeCapacity, int concurrentTasks, String refusals) {
        this.table = Objects.requireNonNull(table, "table");
        this.type = type;
        this.writeCapacity = writeCapacity;
        this.concurrentTasks = concurrentTasks;
        this.refusals = refusals;
    }

    /** A write of untyped rows into {@code table}, with no budget. */
    public static TableWrite of(TableSpec table) {
        return new TableWrite(table, null, 0, 0, null);
    }

    /** This write, of rows of the registered type {@code type}. */
    public TableWrite type(Class<?> type) {
        return typeName(type.getName());
    }

    /** This write, of rows of the registered type of this class name. */
    public TableWrite typeName(String className) {
        return new TableWrite(table, Objects.requireNonNull(className, "className"), writeCapacity, concurrentTasks,
                refusals);
    }

    /** This write within {@code unitsPerSecond} write capacity units for the whole job (0: none). */
    public TableWrite writeCapacity(double unitsPerSecond) {
        new TaskBudget(unitsPerSecond);
        return new TableWrite(table, type, unitsPerSecond, concurrentTasks, refusals);
    }

    /** This write, its budget divided among {@code tasks} tasks at once instead of the slots counted. */
    public TableWrite concurrentTasks(int tasks) {
        if (tasks < 1) {
            throw new IllegalArgumentException("concurrent tasks must be positive, not " + tasks);
        }
        return new TableWrite(table, type, writeCapacity, tasks, refusals);
    }

    /**
     * This write, refused rows listed in {@code directory} (a Hadoop path; a JSON line each) instead of failing the
     * write.
     */
    public TableWrite refusals(String directory) {
        return new TableWrite(table, type, writeCapacity, concurrentTasks, Objects.requireNonNull(directory,
                "directory"));
    }

    public TableSpec table() {
        return table;
    }

    /** The class name of the rows' type, or null for untyped rows. */
    public String typeName() {
        return type;
    }

    public double writeCapacity() {
        return writeCapacity;
    }

    public int concurrentTasks() {
        return concurrentTasks;
    }

    /** The refusals directory, or null to fail the write on a refused row. */
    public String refusalsDirectory() {
        return refusals;
    }
}
