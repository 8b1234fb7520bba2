package dev.keypath.spark;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;

import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.export.ExportLines;
import dev.keypath.migrate.ItemMoves;
import dev.keypath.migrate.MigrationMapping;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * keypath-migrate's migration of a string-keyed table into a key-path table as a Spark job, with the same mapping
 * file as {@code keypath migrate}: each task scans one segment of the source within its share of the read budget and
 * maps each item as the single-machine tool does ({@link ItemMoves}); the items are then grouped on their target key
 * path before anything is written, so that every collision is found (two source items of one key path, or a target
 * item from elsewhere at it: none of them is written, each is reported); what the target already holds as the run
 * would write it is skipped, so a run stopped anywhere is resumed by running it again; the rest is written with
 * batch writes within the write budget ({@link KeyPathDatasets#write}). {@link #verify()} then reads source and target
 * again, independently. Immutable.
 *
 * <pre>{@code
 * MigrateJob job = MigrateJob.builder().spark(spark).connection(DynamoDbConnection.region("eu-west-1"))
 *         .source("app-v1").target("app-v2").mapping(Files.readString(Path.of("mapping.json")))
 *         .segments(64).readCapacity(2000).writeCapacity(2000).build();
 * MigrateJobRun run = job.run();
 * MigrateJobVerification check = job.verify();
 * }</pre>
 */
public final class MigrateJob {
    static final StructType MOVES = new StructType()
            .add("kind", DataTypes.StringType, false).add("sourceKey", DataTypes.StringType, true)
            .add("reason", DataTypes.StringType, true).add("keyPath", DataTypes.StringType, true)
            .add("item", DataTypes.StringType, true).add("marker", DataTypes.StringType, true)
            .add("checksum", DataTypes.LongType, true);
    static final StructType TARGET = new StructType()
            .add("targetKeyPath", DataTypes.StringType, false).add("targetMarker", DataTypes.StringType, true)
            .add("targetChecksum", DataTypes.LongType, false);
    private static final int EXAMPLES = 20;

    private final SparkSession spark;
    private final DynamoDbConnection connection;
    private final String source;
    private final String sourceExport;
    private final String target;
    private final String mapping;
    private final int segments;
    private final double readCapacity;
    private final double writeCapacity;
    private final int concurrentTasks;

    private MigrateJob(Builder b) {
        this.spark = Objects.requireNonNull(b.spark, "spark");
        this.connection = Objects.requireNonNull(b.connection, "connection");
        this.sourceExport = b.sourceExport;
        this.source = b.source != null || b.sourceExport == null ? Objects.requireNonNull(b.source, "source")
                : ExportFiles.open(HadoopFiles.of(spark.sparkContext()), b.sourceExport).tableName();
        this.target = Objects.requireNonNull(b.target, "target");
        this.mapping = Objects.requireNonNull(b.mapping, "mapping");
        MigrationMapping.parseJson(mapping); // refused here, naming the problem, rather than on every executor
        this.segments = b.segments;
        this.readCapacity = b.readCapacity;
        this.writeCapacity = b.writeCapacity;
        this.concurrentTasks = b.concurrentTasks;
    }

    /** A builder with 8 segments and no budgets. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The migration: reads and maps the whole source, finds the collisions, writes what the target does not hold yet.
     *
     * @throws dev.keypath.migrate.TargetTableException when the target is missing or not a key-path table
     */
    public MigrateJobRun run() {
        Set<String> indexKeys = ItemMoves.of(connection.client(), MigrationMapping.parseJson(mapping), source, target)
                .targetIndexKeys();
        Dataset<Row> moves = moves(false, indexKeys).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            Dataset<Row> moving = moves.where(col("kind").equalTo("MOVES"));
            Dataset<Row> perPath = moving.groupBy("keyPath").agg(count(lit(1)).as("sources"));
            Dataset<Row> held = targetItems(readCapacity);
            Dataset<Row> decided = moving.join(perPath, "keyPath").join(held, col("keyPath")
                    .equalTo(col("targetKeyPath")), "left_outer")
                    .withColumn("status", when(col("sources").gt(1), "COLLISION")
                            .when(col("targetChecksum").isNull(), "WRITE")
                            .when(col("targetChecksum").equalTo(col("checksum")), "DONE")
                            .when(col("targetMarker").equalTo(col("marker")), "WRITE")
                            .otherwise("COLLISION"))
                    .persist(StorageLevel.MEMORY_AND_DISK());
            try {
                long scanned = moves.count();
                Map<String, Long> kinds = counts(moves, "kind");
                Map<String, Long> status = counts(decided, "status");
                List<String> examples = new ArrayList<>();
                for (Row r : moves.where(col("kind").notEqual("MOVES")).limit(EXAMPLES).collectAsList()) {
                    examples.add(r.getString(1) + ": " + r.getString(2));
                }
                for (Row r : decided.where(col("status").equalTo("COLLISION")).limit(EXAMPLES - examples.size())
                        .collectAsList()) {
                    examples.add(r.getAs("sourceKey") + ": collides at " + r.getAs("keyPath"));
                }
                Dataset<Row> toWrite = decided.where(col("status").equalTo("WRITE"))
                        .select(col("keyPath"), lit(null).cast(DataTypes.StringType).as("type"), col("item"));
                TableWrite write = TableWrite.of(TableSpec.of(connection, target)).writeCapacity(writeCapacity);
                if (concurrentTasks > 0) {
                    write = write.concurrentTasks(concurrentTasks);
                }
                WriteReport written = KeyPathDatasets.write(toWrite, write);
                return new MigrateJobRun(scanned, written.written(), status.getOrDefault("DONE", 0L),
                        kinds.getOrDefault("UNMATCHED", 0L), kinds.getOrDefault("CANNOT_MOVE", 0L),
                        status.getOrDefault("COLLISION", 0L), examples, written.writeUnits());
            } finally {
                decided.unpersist();
            }
        } finally {
            moves.unpersist();
        }
    }

    /**
     * Reads the source and the target again, independently, and compares each source item that moves, as the
     * mapping reads it now, with the target item of its key path.
     */
    public MigrateJobVerification verify() {
        Set<String> indexKeys = ItemMoves.of(connection.client(), MigrationMapping.parseJson(mapping), source, target)
                .targetIndexKeys();
        Dataset<Row> expected = moves(true, indexKeys).where(col("kind").equalTo("MOVES"));
        Dataset<Row> perPath = expected.groupBy("keyPath").agg(count(lit(1)).as("sources"));
        Dataset<Row> held = targetItems(readCapacity);
        Dataset<Row> compared = expected.join(perPath, "keyPath").join(held, col("keyPath")
                        .equalTo(col("targetKeyPath")), "full_outer")
                .select(coalesce(col("keyPath"), col("targetKeyPath")).as("keyPath"), col("sources"), col("checksum"), col("targetChecksum"))
                .withColumn("status", when(col("sources").isNull(), "OTHER")
                        .when(col("sources").gt(1), "COLLISION")
                        .when(col("targetChecksum").isNull(), "MISSING")
                        .when(col("targetChecksum").equalTo(col("checksum")), "MATCHING")
                        .otherwise("DIFFERING")).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            Map<String, Long> status = counts(compared, "status");
            List<String> examples = new ArrayList<>();
            for (Row r : compared.where(col("status").isin("MISSING", "DIFFERING")).limit(EXAMPLES)
                    .collectAsList()) {
                examples.add(r.getString(0) + ": " + r.getString(r.fieldIndex("status")).toLowerCase(Locale.ROOT));
            }
            long matching = status.getOrDefault("MATCHING", 0L);
            long missing = status.getOrDefault("MISSING", 0L);
            long differing = status.getOrDefault("DIFFERING", 0L);
            return new MigrateJobVerification(matching + missing + differing, matching, missing, differing,
                    status.getOrDefault("COLLISION", 0L), status.getOrDefault("OTHER", 0L), examples);
        } finally {
            compared.unpersist();
        }
    }

    private static Map<String, Long> counts(Dataset<Row> rows, String column) {
        Map<String, Long> out = new HashMap<>();
        for (Row r : rows.groupBy(column).count().collectAsList()) {
            out.put(r.getString(0), r.getLong(1));
        }
        return out;
    }

    /** The source's items, each as the run moves it ({@code expected} false) or as a verification expects it. */
    private Dataset<Row> moves(boolean expected, Set<String> indexKeys) {
        String text = mapping;
        String from = source;
        Set<String> keys = Set.copyOf(indexKeys);
        JavaRDD<String> sourceLines = sourceExport != null ? ExportScan.lines(spark, sourceExport)
                : RawScan.lines(spark, connection, source, segments, readCapacity, concurrentTasks);
        JavaRDD<Row> rows = sourceLines.mapPartitions(lines -> {
                    ItemMoves m = ItemMoves.of(MigrationMapping.parseJson(text), from, keys);
                    List<Row> out = new ArrayList<>();
                    while (lines.hasNext()) {
                        Map<String, AttributeValue> item = ExportLines.read(lines.next());
                        ItemMoves.Move move = expected ? m.expected(item) : m.move(item);
                        if (move.kind() == ItemMoves.Kind.MOVES) {
                            out.add(RowFactory.create(move.kind().name(), move.sourceKey(), null,
                                    move.keyPath().toString(), ExportLines.write(move.item()), marker(move.marker()),
                                    move.writtenChecksum()));
                        } else {
                            out.add(RowFactory.create(move.kind().name(), move.sourceKey(), move.reason(), null, null,
                                    null, null));
                        }
                    }
                    return out.iterator();
                });
        return spark.createDataFrame(rows, MOVES);
    }

    /** The target's items but keypath's own: key path, marker and checksum. */
    private Dataset<Row> targetItems(double budget) {
        JavaRDD<Row> rows = RawScan.lines(spark, connection, target, segments, budget, concurrentTasks)
                .mapPartitions(lines -> {
                    List<Row> out = new ArrayList<>();
                    while (lines.hasNext()) {
                        Map<String, AttributeValue> item = ExportLines.read(lines.next());
                        if (StoredItemLayout.isInternalItem(item)) {
                            continue;
                        }
                        out.add(RowFactory.create(StoredItemLayout.keyPathOf(item).toString(),
                                marker(item.get(ItemMoves.MARKER_ATTRIBUTE)), ItemMoves.storedChecksum(item)));
                    }
                    return out.iterator();
                });
        return spark.createDataFrame(rows, TARGET);
    }

    private static String marker(AttributeValue marker) {
        return marker == null ? null : ExportLines.write(Map.of("m", marker));
    }

    /** Builds a {@link MigrateJob}; not thread-safe. */
    public static final class Builder {
        private SparkSession spark;
        private DynamoDbConnection connection;
        private String source;
        private String sourceExport;
        private String target;
        private String mapping;
        private int segments = 8;
        private double readCapacity;
        private double writeCapacity;
        private int concurrentTasks;

        private Builder() {
        }

        /** The job's Spark session. Required. */
        public Builder spark(SparkSession spark) {
            this.spark = spark;
            return this;
        }

        /** Where both tables are. Required. */
        public Builder connection(DynamoDbConnection connection) {
            this.connection = connection;
            return this;
        }

        /** The string-keyed source table. Required unless the source is an export. */
        public Builder source(String table) {
            this.source = table;
            return this;
        }

        /**
         * The export of the string-keyed source table ({@code DYNAMODB_JSON}, as DynamoDB writes it to S3, a Hadoop
         * path as {@link ExportRead} takes it), read instead of the table: one task per data file, each file's
         * checksums verified against the manifest. The source's name, part of each moved item's marker, is
         * {@link #source(String)} when given, else the table the export's summary names. The source table is not read.
         */
        public Builder sourceExport(String path) {
            this.sourceExport = path;
            return this;
        }

        /** The key-path target table, which must exist. Required. */
        public Builder target(String table) {
            this.target = table;
            return this;
        }

        /** The mapping, the text of the mapping file {@code keypath migrate} takes. Required. */
        public Builder mapping(String json) {
            this.mapping = json;
            return this;
        }

        /** The scan segments of each table, one task each. */
        public Builder segments(int segments) {
            if (segments < 1 || segments > 1_000_000) {
                throw new IllegalArgumentException("segments must be 1 to 1000000, not " + segments);
            }
            this.segments = segments;
            return this;
        }

        /** The read budget of the whole job in units per second (0: none). */
        public Builder readCapacity(double unitsPerSecond) {
            new TaskBudget(unitsPerSecond);
            this.readCapacity = unitsPerSecond;
            return this;
        }

        /** The write budget of the whole job in units per second (0: none). */
        public Builder writeCapacity(double unitsPerSecond) {
            new TaskBudget(unitsPerSecond);
            this.writeCapacity = unitsPerSecond;
            return this;
        }

        /** The tasks that run at once, among which the budgets are divided, instead of the slots counted. */
        public Builder concurrentTasks(int tasks) {
            if (tasks < 1) {
                throw new IllegalArgumentException("concurrent tasks must be positive, not " + tasks);
            }
            this.concurrentTasks = tasks;
            return this;
        }

        public MigrateJob build() {
            return new MigrateJob(this);
        }
    }
}
