package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.migrate.Migration;
import dev.keypath.migrate.MigrationMapping;
import dev.keypath.migrate.MigrationRun;
import dev.keypath.test.TestDynamoDb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The migration as a Spark job against keypath-migrate's single-machine run on the same source: the same target
 * table item for item; collisions found before anything is written, none of a collision's items written; a second
 * run writing nothing; the verification reading both tables again.
 */
class MigrateJobTest {
    static final int ITEMS = LocalSpark.ITEMS;
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.session();
    }

    static MigrateJob.Builder job(String source, String target) {
        return MigrateJob.builder().spark(spark).connection(LocalSpark.engine()).source(source).target(target)
                .mapping(StringKeyedSource.MAPPING).segments(4);
    }

    /** A table's items as stored but keypath's own, by their keys. */
    static Map<String, Map<String, AttributeValue>> stored(String table) {
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        for (var item : Blog.scan(table)) {
            if (!dev.keypath.dynamodb.storage.StoredItemLayout.isInternalItem(item)) {
                out.put(dev.keypath.dynamodb.storage.StoredItemLayout.keyPathOf(item).toString(), item);
            }
        }
        return out;
    }

    @Test
    void theJobMakesTheTargetTheSingleMachineRunMakesItemForItem() {
        String source = StringKeyedSource.create("spark-migrate-source", ITEMS);
        String bySpark = StringKeyedSource.target("spark-migrate-job");
        String byTool = StringKeyedSource.target("spark-migrate-tool");

        long t0 = System.nanoTime();
        MigrationRun tool = Migration.builder().client(TestDynamoDb.get().client()).source(source).target(byTool)
                .mapping(MigrationMapping.parseJson(StringKeyedSource.MAPPING)).segments(4).build().run();
        double toolSeconds = (System.nanoTime() - t0) / 1e9;
        t0 = System.nanoTime();
        MigrateJobRun run = job(source, bySpark).build().run();
        double jobSeconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("migration of %d source items: single machine %.1f s (%.0f items/s), Spark local[2] %.1f s"
                + " (%.0f items/s)%n", tool.scanned(), toolSeconds, tool.scanned() / toolSeconds, jobSeconds,
                run.scanned() / jobSeconds);
        System.out.println(run.describe());

        assertThat(run.scanned()).isEqualTo(tool.scanned());
        assertThat(run.written()).isEqualTo(tool.written());
        assertThat(run.unmatched() + run.cannotMove()).isEqualTo(tool.unmatched() + tool.invalid());
        assertThat(run.collisions()).isZero();
        Map<String, Map<String, AttributeValue>> expected = stored(byTool);
        assertThat(expected).hasSize((int) tool.written());
        assertThat(stored(bySpark)).isEqualTo(expected);

        MigrateJobVerification check = job(source, bySpark).build().verify();
        System.out.println(check.describe());
        assertThat(check.clean()).as(check.describe()).isTrue();
        assertThat(check.expected()).isEqualTo(tool.written());
    }

    @Test
    void aMigrationFromTheSourcesExportMakesTheTargetTheLiveSourceMakes(@TempDir Path dir) throws IOException {
        String source = StringKeyedSource.create("spark-migrate-exported", 200);
        Path export = StringKeyedExport.write(dir, source, 70);
        String fromTable = StringKeyedSource.target("spark-migrate-from-table");
        String fromExport = StringKeyedSource.target("spark-migrate-from-export");

        MigrateJobRun live = job(source, fromTable).build().run();
        // the source's name, part of each item's marker, from the export's summary
        MigrateJob exported = MigrateJob.builder().spark(spark).connection(LocalSpark.engine())
                .sourceExport(export.toUri().toString()).target(fromExport)
                .mapping(StringKeyedSource.MAPPING).build();
        MigrateJobRun run = exported.run();
        assertThat(ExportScan.lines(spark, export.toString()).getNumPartitions()).isEqualTo((int) ((live.scanned() + 69) / 70));
        System.out.println("from the export: " + run.describe());

        assertThat(run.scanned()).isEqualTo(live.scanned());
        assertThat(run.written()).isEqualTo(live.written()).isPositive();
        assertThat(run.unmatched()).isEqualTo(live.unmatched());
        assertThat(run.cannotMove()).isEqualTo(live.cannotMove());
        assertThat(stored(fromExport)).isEqualTo(stored(fromTable));
        MigrateJobVerification check = exported.verify();
        assertThat(check.clean()).as(check.describe()).isTrue();
        assertThat(check.matching()).isEqualTo(live.written());
        assertThat(exported.run().alreadyDone()).isEqualTo(live.written());

        // a data file that is not the one the manifest describes fails the job, naming it
        Path file = export.resolve("data/file1.json.gz");
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 5] ^= 1;
        Files.write(file, bytes);
        assertThatThrownBy(exported::run).hasStackTraceContaining("file1.json.gz");
    }

    @Test
    void aTaskKilledWhileWritingIsRunAgainAndNothingIsLostOrDuplicated() {
        String source = StringKeyedSource.create("spark-migrate-killed", ITEMS);
        String target = StringKeyedSource.target("spark-migrate-killed-target");
        FirstAttemptFault.arm("BatchWriteItem");
        MigrateJobRun run;
        try {
            run = MigrateJob.builder().spark(spark).connection(LocalSpark.engine().interceptor(FirstAttemptFault.class))
                    .source(source).target(target).mapping(StringKeyedSource.MAPPING).segments(4).build().run();
        } finally {
            FirstAttemptFault.disarm();
        }
        assertThat(FirstAttemptFault.kills()).isEqualTo(1);
        System.out.println("with a task killed: " + run.describe());

        MigrateJobVerification check = job(source, target).build().verify();
        assertThat(check.clean()).as(check.describe()).isTrue();
        assertThat(check.others()).isZero();
        assertThat(run.written()).isEqualTo(check.expected()).isEqualTo(stored(target).size());
    }

    @Test
    void collisionsAreFoundBeforeWritingAndASecondRunWritesNothing() {
        String source = StringKeyedSource.create("spark-migrate-collide", 40);
        String pk = "USER#" + new UUID(42, 1);
        // POST#1 and POST#000001 are both /user-…/post-1
        StringKeyedSource.put(source, List.of(Map.of("PK", StringKeyedSource.s(pk), "SK",
                StringKeyedSource.s("POST#1"), "title", StringKeyedSource.s("the other post 1"))));
        String target = StringKeyedSource.target("spark-migrate-collide-target");

        MigrateJobRun first = job(source, target).build().run();
        System.out.println(first.describe() + " " + first.examples());
        assertThat(first.collisions()).isEqualTo(2);
        assertThat(first.complete()).isFalse();
        assertThat(first.examples()).anySatisfy(e -> assertThat(e).contains("collides at /user-"));
        String collided = "/user-" + new UUID(42, 1) + "/post-1";
        assertThat(stored(target)).doesNotContainKey(collided).hasSize((int) first.written());

        MigrateJobRun second = job(source, target).build().run();
        assertThat(second.written()).isZero();
        assertThat(second.writeUnits()).isZero();
        assertThat(second.alreadyDone()).isEqualTo(first.written());
        assertThat(second.collisions()).isEqualTo(2);

        MigrateJobVerification check = job(source, target).build().verify();
        assertThat(check.collisions()).isEqualTo(2);
        assertThat(check.missing()).isZero();
        assertThat(check.differing()).isZero();
        assertThat(check.matching()).isEqualTo(first.written());

        // an item changed after the run is found by the verification, and written again by a run
        StringKeyedSource.put(source, List.of(Map.of("PK", StringKeyedSource.s(pk), "SK",
                StringKeyedSource.s("PROFILE"), "name", StringKeyedSource.s("renamed"))));
        assertThat(job(source, target).build().verify().differing()).isEqualTo(1);
        assertThat(job(source, target).build().run().written()).isEqualTo(1);
        assertThat(job(source, target).build().verify().clean()).isTrue();
    }
}
