package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchemas;
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
 * What observing a {@code KeyPathTable.get} costs, no network (a {@link CannedItemClient} answering with the
 * stored post), in the four ways of {@link ObservedPutBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class ObservedGetBenchmark {
    private KeyPath path;
    private ObservedTables tables;

    /** Builds the four tables over one canned client and checks each reads the post. */
    @Setup
    public void setup() {
        SocialPost post = SocialPost.sample();
        tables = new ObservedTables(new CannedItemClient(GetItemResponse.builder()
                .item(ItemSchemas.of(SocialPost.class).toItem(post)).consumedCapacity(CannedHttpClient.CAPACITY)
                .build(), PutItemResponse.builder().build()));
        path = tables.plain.keyPathOf(post);
        Checks.equal(keyPath(), Optional.of(post), "plain get");
        Checks.equal(noopRegistry(), Optional.of(post), "get observed on NOOP");
        Checks.equal(meters(), Optional.of(post), "get with meters alone");
        Checks.equal(observed(), Optional.of(post), "get observed into a simple registry");
    }

    /** The get, no observer. */
    @Benchmark
    public Optional<SocialPost> keyPath() {
        return tables.plain.get(SocialPost.class, path);
    }

    /** The get observed on {@code ObservationRegistry.NOOP}. */
    @Benchmark
    public Optional<SocialPost> noopRegistry() {
        return tables.noop.get(SocialPost.class, path);
    }

    /** The get with the meters alone ({@code KeyPathObservations.meters}) on a {@code SimpleMeterRegistry}. */
    @Benchmark
    public Optional<SocialPost> meters() {
        return tables.meters.get(SocialPost.class, path);
    }

    /** The get observed, the observation timed by Micrometer's handler into a {@code SimpleMeterRegistry}. */
    @Benchmark
    public Optional<SocialPost> observed() {
        return tables.observed.get(SocialPost.class, path);
    }
}
