package dev.keypath.spark;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * keypath's Java API on Spark: a live key-path table or an export read as a Dataset, and a Dataset written into a
 * key-path table, through the {@code keypath} data source ({@link KeyPathDataSource}) with the settings given whole.
 * Stateless apart from the reports of writes still being handed back.
 *
 * <pre>{@code
 * TableSpec app = TableSpec.of(DynamoDbConnection.region("eu-west-1"), "app").register(Post.class);
 * Dataset<Row> posts = KeyPathDatasets.read(spark, TableRead.of(app, ItemRows.of(Post.class)).readCapacity(500));
 * WriteReport report = KeyPathDatasets.write(posts, TableWrite.of(copy).type(Post.class).writeCapacity(1000));
 * }</pre>
 */
public final class KeyPathDatasets {
    /** Reports of writes that have committed, until {@link #write} takes them, by the write's id. */
    private static final Map<String, WriteReport> REPORTS = new ConcurrentHashMap<>();

    private KeyPathDatasets() {
    }

    /** The rows of a live table, one partition per scan segment. */
    public static Dataset<Row> read(SparkSession spark, TableRead read) {
        return spark.read().format(KeyPathDataSource.NAME).option(SparkOptions.SETTINGS, SparkOptions.encode(read))
                .load();
    }

    /** The rows of an export, one partition per data file. */
    public static Dataset<Row> read(SparkSession spark, ExportRead read) {
        return spark.read().format(KeyPathDataSource.NAME).option(SparkOptions.SETTINGS, SparkOptions.encode(read))
                .load();
    }

    /**
     * Writes {@code rows} into the table as {@code write} says, and reports what the tasks that counted did.
     *
     * @throws RowsRefusedException when rows were refused and no refusals directory lists them (the others are
     *     written)
     */
    public static WriteReport write(Dataset<Row> rows, TableWrite write) {
        String id = UUID.randomUUID().toString();
        try {
            rows.write().format(KeyPathDataSource.NAME).option(SparkOptions.SETTINGS, SparkOptions.encode(write))
                    .option(SparkOptions.REPORT, id).mode("append").save();
            WriteReport report = REPORTS.remove(id);
            if (report == null) {
                throw new IllegalStateException("the write of " + write.table() + " committed no report");
            }
            return report;
        } finally {
            REPORTS.remove(id);
        }
    }

    /** Hands the report of the write {@code id} (null: none asked for it) back to {@link #write}, on the driver. */
    static void reported(String id, WriteReport report) {
        if (id != null) {
            REPORTS.put(id, report);
        }
    }
}
