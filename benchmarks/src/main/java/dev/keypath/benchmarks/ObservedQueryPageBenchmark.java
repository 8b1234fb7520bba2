package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * What observing one query page of {@value #ITEMS} posts costs, no network (the page of
 * {@link MapperQueryPageBenchmark} from a {@link CannedQueryClient}): without an observer ({@code keyPath}, the
 * baseline), and in the three observed ways of {@link ObservedPutBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class ObservedQueryPageBenchmark {
    static final int ITEMS = 1000;

    private ObservedTables tables;
    private ItemQuery subtree;

    /** Builds the four tables over one canned page and checks each reads all its posts. */
    @Setup
    public void setup() {
        ItemSchema<SocialPost> schema = ItemSchemas.of(SocialPost.class);
        List<Map<String, AttributeValue>> items = new ArrayList<>(ITEMS);
        for (int i = 1; i <= ITEMS; i++) {
            items.add(schema.toItem(SocialPost.sample(SocialPost.USER, i)));
        }
        tables = new ObservedTables(new CannedQueryClient(QueryResponse.builder().items(items).count(ITEMS)
                .scannedCount(ITEMS).consumedCapacity(CannedHttpClient.CAPACITY).build()));
        subtree = ItemQuery.of(q -> q.subtree(KeyPath.of("user", SocialPost.USER)));
        Checks.equal(keyPath().items().size(), ITEMS, "plain page");
        Checks.equal(noopRegistry().items().size(), ITEMS, "page observed on NOOP");
        Checks.equal(meters().items().size(), ITEMS, "page with meters alone");
        Checks.equal(observed().items().size(), ITEMS, "page observed into a simple registry");
    }

    /** The page, no observer. */
    @Benchmark
    public Page<SocialPost> keyPath() {
        return tables.plain.query(SocialPost.class, subtree);
    }

    /** The page observed on {@code ObservationRegistry.NOOP}. */
    @Benchmark
    public Page<SocialPost> noopRegistry() {
        return tables.noop.query(SocialPost.class, subtree);
    }

    /** The page with the meters alone ({@code KeyPathObservations.meters}) on a {@code SimpleMeterRegistry}. */
    @Benchmark
    public Page<SocialPost> meters() {
        return tables.meters.query(SocialPost.class, subtree);
    }

    /** The page observed, the observation timed by Micrometer's handler into a {@code SimpleMeterRegistry}. */
    @Benchmark
    public Page<SocialPost> observed() {
        return tables.observed.query(SocialPost.class, subtree);
    }
}
