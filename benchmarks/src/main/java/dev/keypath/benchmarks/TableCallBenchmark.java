package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
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
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * A {@code KeyPathTable.get} and {@code put} of a post on a canned client, with the table's defaults (no listener,
 * no observer): what every call of an application pays, request building and response mapping included, without
 * network. Only the table's API of every release is used, so the same class measures one build against another
 * (the observer's cost is in {@link ObservedGetBenchmark} and {@link ObservedPutBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class TableCallBenchmark {
    private KeyPathTable table;
    private SocialPost post;
    private KeyPath path;

    /** The table over a client answering every get with the post; checks both calls. */
    @Setup
    public void setup() {
        post = SocialPost.sample();
        table = KeyPathTables.builder()
                .client(new CannedItemClient(GetItemResponse.builder()
                        .item(ItemSchemas.of(SocialPost.class).toItem(post)).build(),
                        PutItemResponse.builder().build()))
                .tableName(MapperFixture.TABLE).register(SocialPost.class)
                .pageTokenSecret("benchmark-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8)).build();
        path = table.keyPathOf(post);
        Checks.equal(get(), Optional.of(post), "get");
        Checks.equal(put(), post, "put");
    }

    /** The get. */
    @Benchmark
    public Optional<SocialPost> get() {
        return table.get(SocialPost.class, path);
    }

    /** The put. */
    @Benchmark
    public SocialPost put() {
        return table.put(post);
    }
}
