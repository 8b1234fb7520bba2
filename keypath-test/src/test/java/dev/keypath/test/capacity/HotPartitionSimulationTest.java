package dev.keypath.test.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A burst of writes to one logical parent ({@code /day-2026-11-27/event-…}) under DynamoDB's per-partition limit of
 * 1,000 write units a second ({@link PartitionLimiter} on DynamoDB Local), unsharded and spread over 4, 16 and 64
 * shards, beside the same burst with no limit (what the client and the engine can do on this machine). Each event is
 * under 1 KB, one write unit. Writers send batches of 25 from several threads, as a bulk load would; throttled items
 * come back unprocessed and the table's batch policy retries them.
 *
 * <p>Sustained throughput is measured over the second half of the burst, after each partition's first second of
 * units (which the limiter, like DynamoDB, holds at the start) is spent. CI runs a short burst and asserts the
 * shape with a per-partition limit of 250 units, so that on a busy two-core machine the partition limit, not the
 * engine, binds the unsharded burst: the unsharded parent held to its limit and throttled, the sharded ones
 * throttled far less and faster (the engine's own rate moves too much with a busy machine's load to be held to N
 * times the limit there). The long run, at DynamoDB's limit, whose figures the hot-partitions guide
 * and benchmarks/README.md give, is
 * {@code -Dkeypath.simulation.writes=100000 -Dkeypath.simulation.limit=1000 -Dtest=HotPartitionSimulationTest}.
 */
class HotPartitionSimulationTest {
    static final int WRITES = Integer.getInteger("keypath.simulation.writes", 1_500);
    static final int WRITERS = Integer.getInteger("keypath.simulation.writers", 8);
    static final int BATCH = 25;
    static final String DAY = "2026-11-27";
    /** Write units a partition serves per second: DynamoDB's 1,000 in the long run, a quarter in CI (see above). */
    static final double LIMIT = Integer.getInteger("keypath.simulation.limit", 250);
    static final BatchPolicy PATIENT = new BatchPolicy(Duration.ofMillis(5), Duration.ofMillis(100),
            Duration.ofMinutes(5));
    /**
     * The SDK's retries of a call the limiter refuses whole (a batch none of whose items fits the budget): a bulk
     * loader's short capped backoff by default; {@code -Dkeypath.simulation.sdk-retries=default} keeps the SDK's own
     * throttling backoff, which waits far longer.
     */
    static final boolean SDK_DEFAULT_RETRIES = "default".equals(System.getProperty("keypath.simulation.sdk-retries"));
    private static final Map<String, Result> RESULTS = new LinkedHashMap<>();

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    record Event(String day, long eventId, String kind, String body) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId")
    record Event4(String day, long eventId, String kind, String body) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record Event16(String day, long eventId, String kind, String body) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 64, by = "eventId")
    record Event64(String day, long eventId, String kind, String body) {
    }

    /** What one burst did. */
    record Result(int shards, boolean limited, int items, double seconds, double sustainedPerSecond,
                  long throttled, int partitions) {
        String row() {
            return String.format(Locale.ROOT, "| %s | %s | %,d | %d | %.1f | %,.0f | %,d |",
                    shards == 1 ? "unsharded" : shards + " shards",
                    limited ? String.format(Locale.ROOT, "%,.0f WCU/s", LIMIT) : "none", items,
                    partitions, seconds, sustainedPerSecond, throttled);
        }
    }

    @AfterAll
    static void printTable() {
        System.out.println("| layout | per-partition limit | items | partitions written | seconds | sustained items/s"
                + " | throttled writes |");
        System.out.println("| --- | --- | --- | --- | --- | --- | --- |");
        RESULTS.values().forEach(r -> System.out.println(r.row()));
    }

    @Test
    void shardingLiftsTheBurstAboveOnePartitionsLimitUntilTheEngineIsTheBound() throws Exception {
        burst(Event.class, 1, false); // warms the JVM and the engine up: not a figure
        RESULTS.clear();
        burst(Event.class, 1, false); // the engine's own rate, printed with the others
        Result unsharded = burst(Event.class, 1, true);
        Result four = burst(Event4.class, 4, true);
        Result sixteen = burst(Event16.class, 16, true);
        Result sixtyFour = burst(Event64.class, 64, true);

        assertThat(unsharded.sustainedPerSecond()).as("one partition is held to its limit")
                .isLessThan(LIMIT * 1.15);
        assertThat(unsharded.throttled()).as("and throttled").isPositive();
        for (Result sharded : List.of(four, sixteen, sixtyFour)) {
            // the engine's rate moves with the machine's load, so CI checks that the partition limit stopped binding;
            // the long run on a quiet machine gives the rates against N times the limit
            assertThat(sharded.throttled()).as(sharded.row()).isLessThan(unsharded.throttled() / 4);
            assertThat(sharded.sustainedPerSecond()).as(sharded.row() + " against " + unsharded.row())
                    .isGreaterThan(unsharded.sustainedPerSecond());
        }
    }

    /** Writes {@link #WRITES} events of {@code type} to one day, on a fresh table, with or without the limiter. */
    private static Result burst(Class<? extends Record> type, int shards, boolean limited) throws Exception {
        PartitionLimiter limiter = PartitionLimiter.builder().writeUnitsPerSecond(limited ? LIMIT : 1e12).build();
        try (DynamoDbClient client = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> {
            o.addExecutionInterceptor(limiter);
            if (!SDK_DEFAULT_RETRIES) {
                BackoffStrategy shortBackoff = BackoffStrategy.exponentialDelay(Duration.ofMillis(5),
                        Duration.ofMillis(100));
                o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(50)
                        .backoffStrategy(shortBackoff).throttlingBackoffStrategy(shortBackoff)
                        .circuitBreakerEnabled(false).build());
            }
        }).build()) {
            KeyPathTable table = KeyPathTables.builder().client(client)
                    .tableName(TestDynamoDb.uniqueTableName("hot-" + shards)).register(type).batchPolicy(PATIENT)
                    .build();
            table.bootstrap();
            AtomicLong next = new AtomicLong();
            int batches = (WRITES + BATCH - 1) / BATCH;
            AtomicLongArray doneAt = new AtomicLongArray(batches);
            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            long start = System.nanoTime();
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    running.add(writers.submit(() -> {
                        for (long b = next.getAndIncrement(); b < batches; b = next.getAndIncrement()) {
                            List<Object> events = new ArrayList<>(BATCH);
                            for (long id = b * BATCH; id < Math.min(WRITES, (b + 1) * BATCH); id++) {
                                events.add(event(type, id));
                            }
                            table.batchWrite(WriteBatch.builder().putAll(events).build());
                            doneAt.set((int) b, System.nanoTime());
                        }
                        return null;
                    }));
                }
                for (Future<?> f : running) {
                    f.get();
                }
            } finally {
                writers.shutdownNow();
            }
            long end = System.nanoTime();
            long[] times = new long[batches];
            for (int i = 0; i < batches; i++) {
                times[i] = doneAt.get(i);
            }
            Arrays.sort(times);
            int half = batches / 2;
            double halfSeconds = (times[batches - 1] - times[half - 1]) / 1e9;
            int halfItems = WRITES - half * BATCH;
            Result result = new Result(shards, limited, WRITES, (end - start) / 1e9, halfItems / halfSeconds,
                    limiter.throttledWrites(), limiter.usage().size());
            RESULTS.put(shards + (limited ? "" : " unlimited"), result);
            System.out.println(result.row());
            return result;
        }
    }

    private static Object event(Class<? extends Record> type, long id) {
        String body = "event " + id + " of a burst to one day";
        if (type == Event4.class) {
            return new Event4(DAY, id, "click", body);
        }
        if (type == Event16.class) {
            return new Event16(DAY, id, "click", body);
        }
        if (type == Event64.class) {
            return new Event64(DAY, id, "click", body);
        }
        return new Event(DAY, id, "click", body);
    }
}
