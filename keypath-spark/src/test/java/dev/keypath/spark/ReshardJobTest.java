package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.migrate.Reshard;
import dev.keypath.migrate.ReshardRun;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The re-shard as a Spark job against keypath-migrate's single-machine re-shard of an identical table, from 4 shards
 * to 16: the same items after, item for item (keys included); the re-shard recorded as finished, so that the new
 * layout alone is declared; a second run moving nothing; the verification finding every item in place.
 */
class ReshardJobTest {
    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "Event")
    @Sharded(count = 4, by = "eventId")
    record At4(String day, long eventId, String note) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "Event")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record From4To16(String day, long eventId, String note) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "Event")
    @Sharded(count = 16, by = "eventId")
    record At16(String day, long eventId, String note) {
    }

    static final int ITEMS = Integer.getInteger("keypath.spark.items", 1000);
    /** How often the tables read the layout record, and the clock margin: a switch half a second after its announcement. */
    static final Duration REFRESH = Duration.ofMillis(200);
    static final Duration MARGIN = Duration.ofMillis(100);
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.session();
    }

    static KeyPathTable table(String name, Class<?> type) {
        return KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name).register(type)
                .layoutRefresh(REFRESH).build();
    }

    /** A table of events in 4 shards, its re-shard to 16 declared; the table's name. */
    static String filled(String hint) {
        EngineProcess.ensure();
        String name = TestDynamoDb.uniqueTableName(hint);
        try (KeyPathTable at4 = table(name, At4.class)) {
            at4.bootstrap();
            List<Object> events = new ArrayList<>();
            for (int i = 0; i < ITEMS; i++) {
                events.add(new At4("2026-12-07", i, "n" + i));
            }
            for (int from = 0; from < events.size(); from += 500) {
                List<Object> chunk = events.subList(from, Math.min(events.size(), from + 500));
                at4.batchWrite(w -> chunk.forEach(w::put));
            }
        }
        try (KeyPathTable declared = table(name, From4To16.class)) {
            declared.bootstrap();
        }
        return name;
    }

    /** Every stored item but keypath's own, keys included. */
    static Set<Map<String, AttributeValue>> stored(String table) {
        Set<Map<String, AttributeValue>> out = new HashSet<>();
        for (var item : Blog.scan(table)) {
            if (!StoredItemLayout.isInternalItem(item)) {
                out.add(item);
            }
        }
        return out;
    }

    @Test
    void theJobMovesAsTheSingleMachineReshardAndARerunMovesNothing() {
        String byTool = filled("spark-reshard-tool");
        String byJob = filled("spark-reshard-job");
        assertThat(stored(byJob)).isEqualTo(stored(byTool));
        long t0 = System.nanoTime();
        ReshardRun tool;
        try (KeyPathTable t = table(byTool, From4To16.class)) {
            tool = Reshard.builder().client(t.client()).table(byTool).type(t.schema(From4To16.class)).segments(4)
                    .clockMargin(MARGIN).build().run();
        }
        double toolSeconds = (System.nanoTime() - t0) / 1e9;
        TableSpec spec = LocalSpark.table(byJob, From4To16.class).setup(b -> b.layoutRefresh(REFRESH));
        t0 = System.nanoTime();
        ReshardJobRun run = ReshardJob.of(spark, spec, From4To16.class).segments(4).clockMargin(MARGIN).run();
        double jobSeconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("re-shard of %d items: single machine %.1f s, Spark local[2] %.1f s; %s%n", ITEMS,
                toolSeconds, jobSeconds, run.describe());

        // an item moved into a segment not scanned yet is read there again, in place
        assertThat(run.ofType()).isGreaterThanOrEqualTo(ITEMS);
        assertThat(run.moved()).isEqualTo(tool.moved()).isGreaterThan(ITEMS / 2);
        assertThat(run.switchAt()).isNotNull();
        assertThat(stored(byJob)).isEqualTo(stored(byTool)).hasSize(ITEMS);

        ReshardJobRun again = ReshardJob.of(spark, spec, From4To16.class).segments(3).clockMargin(MARGIN).run();
        assertThat(again.moved()).isZero();
        assertThat(again.writeUnits()).isZero();
        assertThat(again.inPlace()).isEqualTo(ITEMS);
        ReshardJobRun check = ReshardJob.of(spark, spec, From4To16.class).verify();
        assertThat(check.clean()).isTrue();
        assertThat(check.ofType()).isEqualTo(ITEMS);

        // the re-shard is recorded as finished: the new layout alone starts, and reads every item
        try (KeyPathTable at16 = table(byJob, At16.class)) {
            at16.bootstrap();
            assertThat(at16.get(At16.class, KeyPath.of("day", "2026-12-07").then("event", 7)))
                    .contains(new At16("2026-12-07", 7, "n7"));
        }
    }
}
