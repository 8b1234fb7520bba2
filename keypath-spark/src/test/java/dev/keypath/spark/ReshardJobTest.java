package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableLayoutMismatchException;
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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkException;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The re-shard as a Spark job against keypath-migrate's single-machine re-shard of an identical table, from 4 shards
 * to 16: the same items after, item for item (keys included); the re-shard recorded as finished, so that the new
 * layout alone is declared; a second run moving nothing; the verification finding every item in place. So too when a
 * task is killed mid-run and Spark runs it again, and when the job is stopped after a task and run again.
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

    static final int ITEMS = LocalSpark.ITEMS;
    /** How often the tables read the layout record, and the clock margin: a switch half a second after its announcement. */
    static final Duration REFRESH = Duration.ofMillis(200);
    static final Duration MARGIN = Duration.ofMillis(100);
    static SparkSession spark;
    /** The table keypath-migrate's single-machine re-shard moved, which every job's table is compared with. */
    static String byTool;
    static ReshardRun tool;
    static double toolSeconds;

    @BeforeAll
    static void start() {
        spark = LocalSpark.session();
        byTool = filled("spark-reshard-tool");
        long t0 = System.nanoTime();
        try (KeyPathTable t = table(byTool, From4To16.class)) {
            tool = Reshard.builder().client(t.client()).table(byTool).type(t.schema(From4To16.class)).segments(4)
                    .clockMargin(MARGIN).build().run();
        }
        toolSeconds = (System.nanoTime() - t0) / 1e9;
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

    static TableSpec spec(DynamoDbConnection connection, String name) {
        return TableSpec.of(connection, name).register(From4To16.class).setup(b -> b.layoutRefresh(REFRESH));
    }

    /**
     * What every run must leave: the table the single-machine run left, item for item (so no item lost, none stored
     * twice), the verification finding every item in place, a rerun moving nothing, and the re-shard recorded as
     * finished, so that the new layout alone starts and reads the items.
     */
    static void reshardedAsByTheTool(String byJob) {
        assertThat(stored(byJob)).isEqualTo(stored(byTool)).hasSize(ITEMS);
        TableSpec spec = spec(LocalSpark.engine(), byJob);
        ReshardJobRun check = ReshardJob.of(spark, spec, From4To16.class).verify();
        assertThat(check.clean()).as(check.describe()).isTrue();
        assertThat(check.ofType()).isEqualTo(ITEMS);
        ReshardJobRun again = ReshardJob.of(spark, spec, From4To16.class).segments(3).clockMargin(MARGIN).run();
        assertThat(again.moved()).isZero();
        assertThat(again.writeUnits()).isZero();
        assertThat(again.inPlace()).isEqualTo(ITEMS);
        try (KeyPathTable at16 = table(byJob, At16.class)) {
            at16.bootstrap();
            assertThat(at16.get(At16.class, KeyPath.of("day", "2026-12-07").then("event", 7)))
                    .contains(new At16("2026-12-07", 7, "n7"));
        }
    }

    @Test
    void theJobMovesAsTheSingleMachineReshardAndARerunMovesNothing() {
        String byJob = filled("spark-reshard-job");
        TableSpec spec = spec(LocalSpark.engine(), byJob);
        long t0 = System.nanoTime();
        ReshardJobRun run = ReshardJob.of(spark, spec, From4To16.class).segments(4).clockMargin(MARGIN).run();
        double jobSeconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "re-shard of %d items: single machine %.1f s (%.0f items/s), Spark local[2] "
                + "%.1f s (%.0f items/s); %s%n", ITEMS, toolSeconds, ITEMS / toolSeconds, jobSeconds,
                ITEMS / jobSeconds, run.describe());

        // an item moved into a segment not scanned yet is read there again, in place
        assertThat(run.ofType()).isGreaterThanOrEqualTo(ITEMS);
        assertThat(run.moved()).isEqualTo(tool.moved()).isGreaterThan(ITEMS / 2);
        assertThat(run.switchAt()).isNotNull();
        reshardedAsByTheTool(byJob);
    }

    @Test
    void aTaskKilledWhileMovingIsRunAgainAndNothingIsLostOrMovedTwice() {
        String byJob = filled("spark-reshard-killed");
        // a task's first attempt is killed at its second move, after its first went through
        FirstAttemptFault.arm("TransactWriteItems");
        ReshardJobRun run;
        try {
            run = ReshardJob.of(spark, spec(LocalSpark.engine().interceptor(FirstAttemptFault.class), byJob),
                    From4To16.class).segments(4).clockMargin(MARGIN).run();
        } finally {
            FirstAttemptFault.disarm();
        }
        assertThat(FirstAttemptFault.kills()).isEqualTo(1);
        System.out.println("with a task killed: " + run.describe());

        // the kept attempts count their own moves: the killed attempt's one item is found in place
        assertThat(run.moved()).isEqualTo(tool.moved() - 1);
        assertThat(run.leftovers()).isZero();
        assertThat(run.conflicts()).isZero();
        reshardedAsByTheTool(byJob);
    }

    @Test
    void aJobStoppedAfterATaskIsResumedByRunningItAgain() throws InterruptedException {
        String byJob = filled("spark-reshard-stopped");
        TableSpec spec = spec(LocalSpark.engine(), byJob);
        // the driver gives up once a task that moved items has finished, as a driver stopped mid-job leaves the
        // table (the segments of the four former shards' keys are some of the eight: the others hold nothing)
        StopAfterAMovingTask stop = new StopAfterAMovingTask();
        CountedMoves.MOVES.set(0);
        spark.sparkContext().addSparkListener(stop);
        try {
            assertThatThrownBy(() -> ReshardJob.of(spark, spec(LocalSpark.engine().interceptor(CountedMoves.class),
                    byJob), From4To16.class).segments(8).clockMargin(MARGIN).run())
                    .isInstanceOf(SparkException.class).hasMessageContaining("cancelled");
            stop.awaitEveryTaskEnded();
        } finally {
            spark.sparkContext().removeSparkListener(stop);
        }

        // part of the items moved, the re-shard not recorded as finished: the new layout alone does not start yet
        ReshardJobRun left = ReshardJob.of(spark, spec, From4To16.class).verify();
        long notMoved = left.ofType() - left.inPlace();
        System.out.println("stopped after a task: " + left.describe());
        assertThat(left.ofType()).isEqualTo(ITEMS);
        assertThat(notMoved).isPositive().isLessThan(tool.moved());
        try (KeyPathTable at16 = table(byJob, At16.class)) {
            assertThatThrownBy(at16::bootstrap).isInstanceOf(TableLayoutMismatchException.class);
        }

        // the run again finds the switch announced and moves what is left, each item once
        ReshardJobRun resumed = ReshardJob.of(spark, spec, From4To16.class).segments(4).clockMargin(MARGIN).run();
        System.out.println("run again: " + resumed.describe());
        assertThat(resumed.moved()).isEqualTo(notMoved);
        assertThat(resumed.leftovers()).isZero();
        reshardedAsByTheTool(byJob);
    }

    /** Counts the moves (transactions) of the clients it is added to. */
    public static final class CountedMoves implements ExecutionInterceptor {
        static final AtomicInteger MOVES = new AtomicInteger();

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            if ("TransactWriteItems".equals(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME))) {
                MOVES.incrementAndGet();
            }
        }
    }

    /**
     * Cancels every job once a task has finished after a move; then lets a test wait until every task started has
     * ended (a cancelled task that was running goes on to its end, its result dropped).
     */
    static final class StopAfterAMovingTask extends SparkListener {
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final AtomicInteger started = new AtomicInteger();
        private final AtomicInteger ended = new AtomicInteger();
        private final CountDownLatch jobEnded = new CountDownLatch(1);

        @Override
        public void onTaskStart(SparkListenerTaskStart start) {
            started.incrementAndGet();
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            ended.incrementAndGet();
            if (end.taskInfo().successful() && CountedMoves.MOVES.get() > 0 && stopped.compareAndSet(false, true)) {
                spark.sparkContext().cancelAllJobs();
            }
        }

        @Override
        public void onJobEnd(SparkListenerJobEnd end) {
            jobEnded.countDown();
        }

        /** Waits for the job's end, after which no task starts, then for the end of every task it started. */
        void awaitEveryTaskEnded() throws InterruptedException {
            assertThat(jobEnded.await(5, TimeUnit.MINUTES)).as("the job ended").isTrue();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (ended.get() < started.get() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(stopped).isTrue();
            assertThat(ended.get()).as("tasks ended of those started").isEqualTo(started.get());
        }
    }
}
