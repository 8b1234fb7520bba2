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
 * {@code PutItem} of one post: {@code KeyPathTable.put} against the raw client with a hand-built attribute map.
 * Both go over HTTP to DynamoDB Local in this JVM, which dominates the time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.ENGINE_HEAP_MIN, ForkOptions.ENGINE_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 20, time = 2)
@Measurement(iterations = 10, time = 2)
public class EndToEndPutBenchmark extends EndToEndBenchmark {

    private final SocialPost post = SocialPost.sample();

    /** Through {@code KeyPathTable}. */
    @Benchmark
    public SocialPost keyPath() {
        return fixture.table.put(post);
    }

    /** Through the low-level {@code DynamoDbClient}. */
    @Benchmark
    public Object rawClient() {
        return fixture.client.putItem(EndToEndFixture.putRequest(post));
    }

    /** The low-level client writing the same item to the keypath table: separates the engine's cost of binary keys. */
    @Benchmark
    public Object rawClientBinaryKeys() {
        return fixture.client.putItem(EndToEndFixture.putRequestBinaryKeys(post));
    }
}
