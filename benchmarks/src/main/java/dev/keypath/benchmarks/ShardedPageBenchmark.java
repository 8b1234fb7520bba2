package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A page of {@value #PAGE} items of one parent, read as one collection: spread over {@value #SHARDS} shards
 * (16 concurrent queries, merged in key order: on the asynchronous table through the SDK's async client, on the
 * synchronous one on the table's own threads; and, for comparison, one after another on a synchronous table whose
 * threads are closed) against the same {@value #ITEMS} items unsharded (one query), in one table of DynamoDB Local in
 * this JVM. The first page of each, strongly consistent. The ratio of the sharded to the unsharded time is the cost
 * of reading the shards.
 *
 * <p>The sharded page reads at most {@value #PAGE} + {@value #SHARDS} items, in one round of {@value #SHARDS}
 * queries here (the shards are evenly filled), and returns the items up to the lowest of the shards' last keys: it
 * holds fewer than {@value #PAGE} items (the set-up prints both sizes), and its token goes on from there;
 * {@code unshardedSyncSameSize} reads an unsharded page of that many items.
 *
 * <p>{@code -p engine=process} runs DynamoDB Local in a JVM of its own on loopback instead of in the fork, so that
 * a profiler of the fork ({@code -prof gc}, {@code -prof stack}) sees the client's work alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.ENGINE_HEAP_MIN, ForkOptions.ENGINE_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 10, time = 2)
public class ShardedPageBenchmark {
    static final int SHARDS = 16;
    static final int ITEMS = 2_000;
    static final int PAGE = 1_000;

    /** An event of a busy day, sharded by its id. */
    @ItemType(name = "ShardedEvent", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = SHARDS, by = "eventId")
    public record ShardedEvent(String day, long eventId, String kind, String body) {
    }

    /** The same event, unsharded. */
    @ItemType(name = "PlainEvent", keyPath = "/plainday-{day}/event-{eventId}")
    public record PlainEvent(String day, long eventId, String kind, String body) {
    }

    /** Where DynamoDB Local runs: {@code fork} (in the benchmark's JVM) or {@code process} (a JVM of its own). */
    @Param({"fork"})
    public String engine;

    private EmbeddedDynamoDb db;
    private EngineProcess process;
    private DynamoDbClient client;
    private DynamoDbAsyncClient asyncClient;
    private KeyPathTable table;
    /** The same table with its threads closed: a sharded round's requests go one after another. */
    private KeyPathTable oneAfterAnother;
    private KeyPathAsyncTable async;
    private ItemQuery sharded;
    private ItemQuery unsharded;
    /** The unsharded page cut to the sharded page's size. */
    private ItemQuery unshardedSameSize;

    /** Starts DynamoDB Local and writes the items both ways. */
    @Setup(Level.Trial)
    public void start() {
        URI endpoint;
        switch (engine) {
            case "fork" -> {
                db = EmbeddedDynamoDb.start();
                endpoint = db.endpoint();
            }
            case "process" -> {
                process = EngineProcess.start();
                endpoint = process.endpoint();
            }
            default -> throw new IllegalArgumentException("engine is fork or process, not " + engine);
        }
        StaticCredentialsProvider credentials = StaticCredentialsProvider.create(
                AwsBasicCredentials.create("local", "local"));
        client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(credentials).overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(30)))
                .build(); // as EmbeddedDynamoDb's own client
        table = KeyPathTables.builder().client(client).tableName("sharded")
                .register(ShardedEvent.class, PlainEvent.class).build();
        table.bootstrap();
        oneAfterAnother = KeyPathTables.builder().client(client).tableName("sharded")
                .register(ShardedEvent.class, PlainEvent.class).build();
        oneAfterAnother.close();
        asyncClient = DynamoDbAsyncClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(credentials).build();
        async = KeyPathTables.asyncBuilder().client(asyncClient).tableName("sharded")
                .register(ShardedEvent.class, PlainEvent.class).build();
        List<Object> items = new ArrayList<>(2 * ITEMS);
        for (long id = 0; id < ITEMS; id++) {
            String body = "event body " + id + " ".repeat(60);
            items.add(new ShardedEvent("2026-11-27", id * 7_919, "click", body));
            items.add(new PlainEvent("2026-11-27", id * 7_919, "click", body));
        }
        table.batchWrite(WriteBatch.builder().putAll(items).build());
        sharded = ItemQuery.of(q -> q.subtree(KeyPath.of("day", "2026-11-27")).limit(PAGE));
        unsharded = ItemQuery.of(q -> q.subtree(KeyPath.of("plainday", "2026-11-27")).limit(PAGE));
        int shardedSize = table.query(sharded).items().size();
        Checks.equal(shardedSize > PAGE * 8 / 10, true, "a sharded page is mostly full");
        Checks.equal(async.query(sharded).join().items().size(), shardedSize, "the async page is the sync one");
        Checks.equal(table.query(unsharded).items().size(), PAGE, "an unsharded page is full");
        unshardedSameSize = ItemQuery.of(q -> q.subtree(KeyPath.of("plainday", "2026-11-27")).limit(shardedSize));
        System.out.println("page sizes: sharded " + shardedSize + ", unsharded " + PAGE + " items");
    }

    /** Stops DynamoDB Local. */
    @TearDown(Level.Trial)
    public void stop() {
        table.close();
        asyncClient.close();
        client.close();
        if (db != null) {
            db.close();
        }
        if (process != null) {
            process.close();
        }
    }

    /** The sharded page on the synchronous table: 16 queries at once on the table's threads, merged. */
    @Benchmark
    public List<Object> shardedSync() {
        return table.query(sharded).items();
    }

    /** The sharded page on a synchronous table without threads: 16 queries one after another, merged. */
    @Benchmark
    public List<Object> shardedSyncOneAfterAnother() {
        return oneAfterAnother.query(sharded).items();
    }

    /** The sharded page on the asynchronous table: 16 queries at once, merged. */
    @Benchmark
    public List<Object> shardedAsync() {
        return async.query(sharded).join().items();
    }

    /** The same page unsharded on the synchronous table: one query. */
    @Benchmark
    public List<Object> unshardedSync() {
        return table.query(unsharded).items();
    }

    /** The unsharded page of as many items as the sharded page holds, on the synchronous table: one query. */
    @Benchmark
    public List<Object> unshardedSyncSameSize() {
        return table.query(unshardedSameSize).items();
    }

    /** The same page unsharded on the asynchronous table: one query. */
    @Benchmark
    public List<Object> unshardedAsync() {
        return async.query(unsharded).join().items();
    }
}
