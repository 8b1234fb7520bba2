package dev.keypath.spark;

import java.io.Serializable;
import java.util.Objects;

/**
 * A read of a live key-path table as a Dataset: the table, the rows ({@link ItemRows}), the read budget of the whole
 * job in capacity units per second (divided among the tasks that run at once; 0 for none), and the segments of the
 * parallel scan, one input partition each (by default at least one per task slot and one per 128 MB of the table,
 * from {@code DescribeTable}'s size). Reads are eventually consistent unless asked otherwise. Immutable and
 * serializable.
 *
 * <pre>{@code
 * Dataset<Row> posts = KeyPathDatasets.read(spark, TableRead.of(app, ItemRows.of(Post.class)).readCapacity(500));
 * }</pre>
 */
public final class TableRead implements Serializable {
    private static final long serialVersionUID = 1L;

    private final TableSpec table;
    private final ItemRows rows;
    private final double readCapacity;
    private final int segments;
    private final int concurrentTasks;
    private final boolean consistent;

    private TableRead(TableSpec table, ItemRows rows, double readCapacity, int segments, int concurrentTasks,
                      boolean consistent) {
        this.table = Objects.requireNonNull(table, "table");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.readCapacity = readCapacity;
        this.segments = segments;
        this.concurrentTasks = concurrentTasks;
        this.consistent = consistent;
    }

    /** The read of {@code rows} from {@code table}, with no budget. */
    public static TableRead of(TableSpec table, ItemRows rows) {
        return new TableRead(table, rows, 0, 0, 0, false);
    }

    /** This read within {@code unitsPerSecond} read capacity units for the whole job (0: none). */
    public TableRead readCapacity(double unitsPerSecond) {
        new TaskBudget(unitsPerSecond); // checks the value
        return new TableRead(table, rows, unitsPerSecond, segments, concurrentTasks, consistent);
    }

    /** This read in {@code segments} scan segments, one input partition each (1 to 1,000,000). */
    public TableRead segments(int segments) {
        if (segments < 1 || segments > 1_000_000) {
            throw new IllegalArgumentException("segments must be 1 to 1000000, not " + segments);
        }
        return new TableRead(table, rows, readCapacity, segments, concurrentTasks, consistent);
    }

    /**
     * This read, its budget divided among {@code tasks} tasks at once, instead of the task slots counted from Spark's
     * configuration.
     */
    public TableRead concurrentTasks(int tasks) {
        if (tasks < 1) {
            throw new IllegalArgumentException("concurrent tasks must be positive, not " + tasks);
        }
        return new TableRead(table, rows, readCapacity, segments, tasks, consistent);
    }

    /** This read, strongly consistent (twice the read units). */
    public TableRead consistentRead() {
        return new TableRead(table, rows, readCapacity, segments, concurrentTasks, true);
    }

    public TableSpec table() {
        return table;
    }

    public ItemRows rows() {
        return rows;
    }

    public double readCapacity() {
        return readCapacity;
    }

    /** The segments asked for, or 0 to choose them. */
    public int segments() {
        return segments;
    }

    /** The task slots given, or 0 to count them. */
    public int concurrentTasks() {
        return concurrentTasks;
    }

    public boolean consistent() {
        return consistent;
    }
}
