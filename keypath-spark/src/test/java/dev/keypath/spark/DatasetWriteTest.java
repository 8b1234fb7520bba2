package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.Encoders;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A Dataset written into a key-path table: untyped rows as stored and typed rows through the table, the target then
 * holding the source's items item for item; a task that fails mid-write and is run again losing and duplicating
 * nothing; rows the table would refuse refused alone, with their reasons.
 */
class DatasetWriteTest {
    static final AtomicInteger KILLED = new AtomicInteger();
    static SparkSession spark;
    static KeyPathTable source;
    static int stored;

    @TempDir
    static Path dir;

    @BeforeAll
    static void fill() {
        spark = LocalSpark.session();
        source = Blog.fresh("spark-write-source");
        stored = Blog.fill(source, 25, 12);
    }

    @AfterAll
    static void close() {
        source.close();
    }

    static TableSpec spec(KeyPathTable t) {
        return LocalSpark.table(t.tableName(), Blog.User.class, Blog.Post.class);
    }

    /** The stored items of a table but keypath's own, by key path. */
    static Map<String, Map<String, AttributeValue>> items(String table) {
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        for (var item : Blog.scan(table)) {
            if (!StoredItemLayout.isInternalItem(item)) {
                out.put(StoredItemLayout.keyPathOf(item).toString(), item);
            }
        }
        return out;
    }

    @Test
    void untypedRowsAreWrittenAsStoredAndATaskRunAgainWritesNothingTwice() {
        try (KeyPathTable target = Blog.fresh("spark-write-untyped")) {
            Dataset<Row> rows = KeyPathDatasets.read(spark, TableRead.of(spec(source), ItemRows.untyped())
                    .segments(4));
            // the first attempt of every task fails after writing part of its rows; Spark runs it again
            Dataset<Row> failingOnce = rows.map((MapFunction<Row, Row>) r -> {
                TaskContext task = TaskContext.get();
                if (task.attemptNumber() == 0 && r.getString(0).hashCode() % 7 == 0 && task.partitionId() % 2 == 0) {
                    KILLED.incrementAndGet();
                    throw new IllegalStateException("killed on its first attempt");
                }
                return r;
            }, Encoders.row(rows.schema()));
            WriteReport report = KeyPathDatasets.write(failingOnce, TableWrite.of(spec(target)).writeCapacity(0));
            assertThat(KILLED.get()).isPositive();
            assertThat(report.written()).isEqualTo(stored);
            assertThat(report.refused()).isZero();
            assertThat(items(target.tableName())).isEqualTo(items(source.tableName()));
        }
    }

    @Test
    void typedRowsAreWrittenThroughTheTable() {
        try (KeyPathTable target = Blog.fresh("spark-write-typed")) {
            Dataset<Row> posts = KeyPathDatasets.read(spark, TableRead.of(spec(source), ItemRows.of(Blog.Post.class)));
            WriteReport report = KeyPathDatasets.write(posts, TableWrite.of(spec(target)).type(Blog.Post.class)
                    .writeCapacity(200));
            assertThat(report.written()).isEqualTo(25 * 12);
            assertThat(report.writeUnits()).isEqualTo(25 * 12);
            Map<String, Map<String, AttributeValue>> sourcePosts = new HashMap<>(items(source.tableName()));
            sourcePosts.values().removeIf(i -> !"Post".equals(i.get(StoredItemLayout.TYPE).s()));
            assertThat(items(target.tableName())).isEqualTo(sourcePosts);
            assertThat(target.get(Blog.Post.class, KeyPath.of("user", Blog.user(3)).then("post", 5L))).contains(new Blog.Post(Blog.user(3), 5L,
                    "post 5 of 3", new BigDecimal("3.5"), List.of("a", "b5"), false));
        }
    }

    @Test
    void rowsTheTableWouldRefuseAreRefusedAloneWithTheirReasons() throws Exception {
        try (KeyPathTable target = Blog.fresh("spark-write-refused")) {
            Dataset<Row> rows = spark.createDataFrame(List.of(
                    new UserRow("/user-" + Blog.user(1), Blog.user(1).toString(), "fine", List.of("a")),
                    new UserRow("/user-" + Blog.user(2), Blog.user(2).toString(), "x".repeat(420 * 1024), List.of()),
                    new UserRow("/user-" + Blog.user(9), Blog.user(3).toString(), "moved", List.of()),
                    new UserRow(null, Blog.user(4).toString(), "no key path given", List.of())), UserRow.class)
                    .selectExpr("keyPath", "userId", "name", "tags").repartition(2);
            assertThatThrownBy(() -> KeyPathDatasets.write(rows, TableWrite.of(spec(target)).type(Blog.User.class)))
                    .hasStackTraceContaining("2 rows were refused");
            assertThat(items(target.tableName())).containsOnlyKeys("/user-" + Blog.user(1), "/user-" + Blog.user(4));

            Path refusals = dir.resolve("refusals");
            WriteReport report = KeyPathDatasets.write(rows, TableWrite.of(spec(target)).type(Blog.User.class)
                    .refusals(refusals.toString()));
            assertThat(report.written()).isEqualTo(2);
            assertThat(report.refused()).isEqualTo(2);
            assertThat(report.examples()).anySatisfy(e -> assertThat(e).contains("over DynamoDB's 400 KB"));
            assertThat(report.examples()).anySatisfy(e -> assertThat(e).startsWith("/user-" + Blog.user(9))
                    .contains("differs"));
            long lines;
            try (var files = Files.list(refusals)) {
                lines = files.filter(f -> f.toString().endsWith(".jsonl")).mapToLong(f -> {
                    try {
                        return Files.readAllLines(f).size();
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                }).sum();
            }
            assertThat(lines).isEqualTo(2);
        }
    }

    /** A user as rows give it, its tags a list. */
    public static final class UserRow implements java.io.Serializable {
        private String keyPath;
        private String userId;
        private String name;
        private List<String> tags;

        public UserRow() {
        }

        UserRow(String keyPath, String userId, String name, List<String> tags) {
            this.keyPath = keyPath;
            this.userId = userId;
            this.name = name;
            this.tags = tags;
        }

        public String getKeyPath() {
            return keyPath;
        }

        public void setKeyPath(String keyPath) {
            this.keyPath = keyPath;
        }

        public String getUserId() {
            return userId;
        }

        public void setUserId(String userId) {
            this.userId = userId;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public List<String> getTags() {
            return tags;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }
    }
}
