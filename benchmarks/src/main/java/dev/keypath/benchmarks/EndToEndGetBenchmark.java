package dev.keypath.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Strongly consistent {@code GetItem} of one post, mapped to a {@link SocialPost}: {@code KeyPathTable.get} against
 * the raw client with string keys and a hand-written mapping.
 * Both go over HTTP to DynamoDB Local in this JVM, which dominates the time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.ENGINE_HEAP_MIN, ForkOptions.ENGINE_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 20, time = 2)
@Measurement(iterations = 10, time = 2)
public class EndToEndGetBenchmark extends EndToEndBenchmark {

    /** Through {@code KeyPathTable}. */
    @Benchmark
    public SocialPost keyPath() {
        return fixture.table.get(SocialPost.class, EndToEndFixture.path(fixture.user, 7)).orElseThrow();
    }

    /** Through the low-level {@code DynamoDbClient}. */
    @Benchmark
    public SocialPost rawClient() {
        return fixture.rawGet(fixture.user, 7);
    }

    /** The low-level client on the keypath table: separates the engine's cost of binary keys from keypath's. */
    @Benchmark
    public SocialPost rawClientBinaryKeys() {
        return fixture.rawGetBinaryKeys(fixture.user, 7);
    }
}
