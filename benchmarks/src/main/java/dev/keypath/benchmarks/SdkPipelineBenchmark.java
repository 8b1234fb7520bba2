package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.Page;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What observing a table costs through the whole AWS SDK: a real {@code DynamoDbClient}, configured as an
 * application would (static credentials, a region, an endpoint), whose HTTP client ({@link CannedHttpClient})
 * answers with DynamoDB's JSON without a socket, so the request is marshalled and signed and the response's CRC32
 * checked and unmarshalled as in production, and only the network and the engine are left out. A get, a put and a
 * page of {@value #ITEMS} posts, each in the four ways of {@link ObservedTables}: no observer ({@code none}, the
 * baseline), the Micrometer observer on {@code ObservationRegistry.NOOP} ({@code noopRegistry}), the meters alone
 * on a {@code SimpleMeterRegistry} ({@code meters}), and one observation per operation timed by Micrometer's
 * handler into a {@code SimpleMeterRegistry}, with the capacity counters ({@code observed}). All twelve run in one
 * JMH run; add {@code -prof gc} for the allocation per operation. {@code -p capacity=NONE,INDEXES} sets what each
 * request asks of its consumed capacity, to see what asking costs the SDK.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class SdkPipelineBenchmark {
    static final int ITEMS = 1000;

    /** How the table is observed. */
    @Param({"none", "noopRegistry", "meters", "observed"})
    public String observer;

    /** What each request asks of its consumed capacity: {@code INDEXES} (the table's default) or {@code NONE}. */
    @Param({"INDEXES"})
    public String capacity;

    private DynamoDbClient client;
    private KeyPathTable table;
    private SocialPost post;
    private KeyPath path;
    private ItemQuery subtree;

    /** Builds the client and the table and checks that each call reads or writes what it should. */
    @Setup(Level.Trial)
    public void setup() {
        ItemSchema<SocialPost> schema = ItemSchemas.of(SocialPost.class);
        post = SocialPost.sample();
        List<Map<String, AttributeValue>> items = new ArrayList<>(ITEMS);
        for (int i = 1; i <= ITEMS; i++) {
            items.add(schema.toItem(SocialPost.sample(SocialPost.USER, i)));
        }
        client = client(new CannedHttpClient(Map.of(
                "GetItem", CannedHttpClient.Canned.of(DynamoJson.getItem(schema.toItem(post), ObservedTables.CAPACITY),
                        DynamoJson.getItem(schema.toItem(post), null)),
                "PutItem", CannedHttpClient.Canned.of(DynamoJson.putItem(ObservedTables.CAPACITY),
                        DynamoJson.putItem(null)),
                "Query", CannedHttpClient.Canned.of(DynamoJson.query(items, ObservedTables.CAPACITY),
                        DynamoJson.query(items, null)))));
        KeyPathTable.Builder builder = KeyPathTables.builder().client(client).tableName(MapperFixture.TABLE)
                .register(SocialPost.class)
                .pageTokenSecret("benchmark-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8))
                .returnConsumedCapacity(ReturnConsumedCapacity.fromValue(capacity));
        OperationObserver watching = ObservedTables.observer(observer);
        table = (watching == null ? builder : builder.operationObserver(watching)).build();
        path = table.keyPathOf(post);
        subtree = ItemQuery.of(q -> q.subtree(KeyPath.of("user", SocialPost.USER)));
        Checks.equal(get(), Optional.of(post), "get through the SDK (" + observer + ")");
        Checks.equal(put(), post, "put through the SDK (" + observer + ")");
        Checks.equal(page().items().size(), ITEMS, "page through the SDK (" + observer + ")");
        Checks.equal(page().items().get(0), SocialPost.sample(SocialPost.USER, 1), "first post of the page");
        Checks.equal(page().capacity().readUnits(), capacity.equals("NONE") ? 0.0 : 1.0,
                "the page's capacity, read from the JSON");
    }

    /** Closes the client. */
    @TearDown(Level.Trial)
    public void close() {
        client.close();
    }

    /** A real client over {@code http}: static credentials, a region, a loopback endpoint it never connects to. */
    static DynamoDbClient client(CannedHttpClient http) {
        return DynamoDbClient.builder().httpClient(http).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create("AKIDBENCHMARK", "benchmark-secret")))
                .endpointOverride(URI.create("http://127.0.0.1:8000"))
                .build();
    }

    /** {@code GetItem} of one post. */
    @Benchmark
    public Optional<SocialPost> get() {
        return table.get(SocialPost.class, path);
    }

    /** {@code PutItem} of one post. */
    @Benchmark
    public SocialPost put() {
        return table.put(post);
    }

    /** One {@code Query} page of {@value #ITEMS} posts. */
    @Benchmark
    public Page<SocialPost> page() {
        return table.query(SocialPost.class, subtree);
    }
}
