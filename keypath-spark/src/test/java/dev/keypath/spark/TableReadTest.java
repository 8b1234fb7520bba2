package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live table read as a Dataset: one partition per scan segment, every item once, untyped rows with their key
 * paths and stored attributes, typed rows with the record's fields, keypath's own items left out, and the items
 * nothing can read failing the job, becoming rows of their own, or going to a side output: never dropped.
 */
class TableReadTest {
    static final int USERS = 30;
    static final int POSTS = 20;
    static SparkSession spark;
    static KeyPathTable table;
    static int stored;
    static Set<String> storedPaths = new HashSet<>();

    @TempDir
    static Path dir;

    @BeforeAll
    static void fill() {
        spark = LocalSpark.session();
        table = Blog.fresh("spark-read");
        stored = Blog.fill(table, USERS, POSTS);
        for (var item : Blog.scan(table.tableName())) {
            if (!StoredItemLayout.isInternalItem(item)) {
                storedPaths.add(StoredItemLayout.keyPathOf(item).toString());
            }
        }
    }

    @AfterAll
    static void close() {
        table.close();
    }

    static TableSpec spec() {
        return LocalSpark.table(table.tableName(), Blog.User.class, Blog.Post.class);
    }

    @Test
    void untypedRowsAreEveryItemOnceWithItsKeyPathInOnePartitionPerSegment() {
        Dataset<Row> rows = KeyPathDatasets.read(spark, TableRead.of(spec(), ItemRows.untyped()).segments(5));
        assertThat(rows.rdd().getNumPartitions()).isEqualTo(5);
        assertThat(rows.schema().fieldNames()).containsExactly("keyPath", "type", "item");
        List<Row> all = rows.collectAsList();
        assertThat(all).hasSize(stored);
        assertThat(all.stream().map(r -> r.getString(0)).collect(Collectors.toSet())).isEqualTo(storedPaths);
        Row user = all.stream().filter(r -> r.getString(0).equals("/user-" + Blog.user(3))).findFirst().orElseThrow();
        assertThat(user.getString(1)).isEqualTo("User");
        assertThat(user.getString(2)).startsWith("{\"Item\":").contains("\"user 3\"");
    }

    @Test
    void typedRowsHoldTheRecordsFieldsAndOnlyItsItems() {
        Dataset<Row> posts = KeyPathDatasets.read(spark, TableRead.of(spec(), ItemRows.of(Blog.Post.class))
                .segments(3));
        assertThat(posts.schema().fieldNames()).containsExactly("keyPath", "userId", "postId", "title", "score",
                "labels", "draft");
        assertThat(posts.count()).isEqualTo((long) USERS * POSTS);
        Row one = posts.where("title = 'post 4 of 7'").collectAsList().get(0);
        assertThat(one.getString(0)).isEqualTo(KeyPath.of("user", Blog.user(7)).then("post", 4L).toString());
        assertThat(one.getString(1)).isEqualTo(Blog.user(7).toString());
        assertThat(one.getLong(2)).isEqualTo(4L);
        assertThat(one.getDecimal(4)).isEqualByComparingTo(new BigDecimal("7.4"));
        assertThat(one.<String>getList(5)).containsExactly("a", "b4");
        assertThat(one.getBoolean(6)).isFalse();
        assertThat(posts.where("draft").count()).isEqualTo((long) USERS * ((POSTS + 2) / 3));
    }

    @Test
    void unreadableItemsFailTheJobBecomeRowsOrGoToTheSideOutputNeverDropped() throws IOException {
        KeyPathTable other = Blog.fresh("spark-unreadable");
        try {
            Blog.fill(other, 5, 3);
            Blog.putUnknownType(other, KeyPath.of("ghost", 1));
            Blog.putBadKey(other);
            TableSpec s = LocalSpark.table(other.tableName(), Blog.User.class, Blog.Post.class);

            assertThatThrownBy(() -> KeyPathDatasets.read(spark, TableRead.of(s, ItemRows.of(Blog.Post.class)))
                    .count()).hasStackTraceContaining("UnreadableItemException");

            Dataset<Row> column = KeyPathDatasets.read(spark, TableRead.of(s, ItemRows.of(Blog.Post.class)
                    .unreadable(UnreadableRows.COLUMN)).segments(2));
            assertThat(column.where("unreadable is null").count()).isEqualTo(15);
            List<Row> bad = column.where("unreadable is not null").collectAsList();
            assertThat(bad).hasSize(2);
            assertThat(bad).allSatisfy(r -> assertThat(r.getString(r.fieldIndex("item"))).startsWith("{\"Item\":"));
            assertThat(bad.stream().map(r -> r.getString(0)).filter(p -> p != null)).containsExactly("/ghost-1");

            String side = dir.resolve("side").toUri().toString();
            long rows = KeyPathDatasets.read(spark, TableRead.of(s, ItemRows.of(Blog.Post.class)
                    .unreadable(UnreadableRows.SIDE_OUTPUT, side)).segments(3)).count();
            assertThat(rows).isEqualTo(15);
            List<String> lines;
            try (Stream<Path> files = Files.list(dir.resolve("side"))) {
                lines = files.filter(f -> f.getFileName().toString().endsWith(".jsonl")).flatMap(f -> {
                    try {
                        return Files.readAllLines(f).stream();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }).toList();
            }
            assertThat(lines).hasSize(2);
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("\"keyPath\":\"/ghost-1\"").contains("Ghost"));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("\"keyPath\":null"));

            // untyped rows read every item with a key path; the one without fails, or is a row of its own
            assertThatThrownBy(() -> KeyPathDatasets.read(spark, TableRead.of(s, ItemRows.untyped())).count())
                    .hasStackTraceContaining("UnreadableItemException");
            assertThat(KeyPathDatasets.read(spark, TableRead.of(s, ItemRows.untyped()
                    .unreadable(UnreadableRows.COLUMN))).where("unreadable is not null").count()).isEqualTo(1);
        } finally {
            other.close();
        }
    }

    @Test
    void theDataSourceReadsByOptionsToo() {
        Dataset<Row> rows = spark.read().format("keypath").option("table", table.tableName())
                .option("endpoint", LocalSpark.engine().endpointUri().toString()).option("region", "us-east-1")
                .option("types", Blog.User.class.getName() + "," + Blog.Post.class.getName())
                .option("type", Blog.User.class.getName()).option("segments", "2").load();
        assertThat(rows.count()).isEqualTo(USERS);
        assertThatThrownBy(() -> spark.read().format("keypath").option("table", "x").option("colour", "red").load())
                .hasMessageContaining("unknown option colour");
    }
}
