package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.export.ExportDirectory;
import dev.keypath.export.TableExporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An export read as a Dataset: one partition per data file, the same rows as a read of the live table, and a data
 * file that differs from its manifest line failing the job.
 */
class ExportReadTest {
    static SparkSession spark;
    static KeyPathTable table;
    static ExportDirectory export;

    @TempDir
    static Path dir;

    @BeforeAll
    static void exportATable() {
        spark = LocalSpark.session();
        table = Blog.fresh("spark-export");
        Blog.fill(table, 20, 15);
        export = TableExporter.builder().client(table.client()).tableName(table.tableName())
                .directory(dir.resolve("export")).segments(3).maxItemsPerFile(70).build().export();
    }

    @AfterAll
    static void close() {
        table.close();
    }

    static TableSpec types() {
        return LocalSpark.table(table.tableName(), Blog.User.class, Blog.Post.class);
    }

    @Test
    void anExportGivesTheRowsOfTheLiveTableInOnePartitionPerDataFile() {
        Dataset<Row> fromExport = KeyPathDatasets.read(spark, ExportRead.of(export.path().toUri().toString(),
                ItemRows.untyped()));
        assertThat(export.dataFiles().size()).isGreaterThan(3);
        assertThat(fromExport.rdd().getNumPartitions()).isEqualTo(export.dataFiles().size());
        Dataset<Row> fromTable = KeyPathDatasets.read(spark, TableRead.of(types(), ItemRows.untyped()).segments(2));
        assertThat(fromExport.count()).isEqualTo(20 + 20 * 15);
        assertThat(fromExport.select("keyPath", "type").exceptAll(fromTable.select("keyPath", "type")).count())
                .isZero();
        assertThat(fromTable.select("keyPath", "type").exceptAll(fromExport.select("keyPath", "type")).count())
                .isZero();

        Dataset<Row> posts = KeyPathDatasets.read(spark, ExportRead.of(dir.resolve("export").toString(),
                ItemRows.of(Blog.Post.class)).types(types()));
        Dataset<Row> livePosts = KeyPathDatasets.read(spark, TableRead.of(types(), ItemRows.of(Blog.Post.class)));
        assertThat(posts.count()).isEqualTo(300);
        assertThat(posts.exceptAll(livePosts).count()).isZero();
    }

    @Test
    void aDataFileThatDiffersFromItsManifestFailsTheJob() throws IOException {
        Path copy = dir.resolve("corrupt");
        copyTree(export.path(), copy);
        Path data;
        try (Stream<Path> all = Files.walk(copy)) {
            data = all.filter(p -> p.getFileName().toString().endsWith(".json.gz")).sorted().findFirst()
                    .orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(data);
        bytes[bytes.length / 2] ^= 0x5a;
        Files.write(data, bytes);
        assertThatThrownBy(() -> KeyPathDatasets.read(spark, ExportRead.of(copy.toString(), ItemRows.untyped()))
                .count()).hasStackTraceContaining(data.getFileName().toString());
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
