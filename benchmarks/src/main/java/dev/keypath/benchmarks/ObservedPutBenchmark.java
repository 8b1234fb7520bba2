package dev.keypath.benchmarks;

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
 * What observing a {@code KeyPathTable.put} costs, no network (a {@link CannedItemClient}): the put without an
 * observer ({@code keyPath}, the baseline), with the Micrometer observer on {@code ObservationRegistry.NOOP}
 * ({@code noopRegistry}), with the meters alone on a {@code SimpleMeterRegistry}: the operation timer and the
 * capacity counters ({@code meters}), and with one observation per operation timed by Micrometer's handler into a
 * {@code SimpleMeterRegistry}, with the capacity counters ({@code observed}); {@link MicrometerObservationBenchmark}
 * gives what the observation costs Micrometer alone. Run with {@code -prof gc} for the allocation per
 * operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class ObservedPutBenchmark {
    private SocialPost post;
    private ObservedTables tables;

    /** Builds the four tables over one canned client and checks each puts the post. */
    @Setup
    public void setup() {
        post = SocialPost.sample();
        tables = new ObservedTables(new CannedItemClient(GetItemResponse.builder().build(),
                PutItemResponse.builder().consumedCapacity(CannedHttpClient.CAPACITY).build()));
        Checks.equal(keyPath(), post, "plain put");
        Checks.equal(noopRegistry(), post, "put observed on NOOP");
        Checks.equal(meters(), post, "put with meters alone");
        Checks.equal(observed(), post, "put observed into a simple registry");
    }

    /** The put, no observer. */
    @Benchmark
    public SocialPost keyPath() {
        return tables.plain.put(post);
    }

    /** The put observed on {@code ObservationRegistry.NOOP}. */
    @Benchmark
    public SocialPost noopRegistry() {
        return tables.noop.put(post);
    }

    /** The put with the meters alone ({@code KeyPathObservations.meters}) on a {@code SimpleMeterRegistry}. */
    @Benchmark
    public SocialPost meters() {
        return tables.meters.put(post);
    }

    /** The put observed, the observation timed by Micrometer's handler into a {@code SimpleMeterRegistry}. */
    @Benchmark
    public SocialPost observed() {
        return tables.observed.put(post);
    }
}
