package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import java.util.List;
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
 * {@code Query} of one user's partition ({@value EndToEndFixture#POSTS} posts, one page), mapped to objects:
 * {@code KeyPathTable.query} of the user's subtree against the raw client with {@code pk = :pk} and a hand-written
 * mapping, all strongly consistent (the table default of {@code KeyPathTable}).
 * Both go over HTTP to DynamoDB Local in this JVM, which dominates the time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.ENGINE_HEAP_MIN, ForkOptions.ENGINE_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 20, time = 2)
@Measurement(iterations = 10, time = 2)
public class EndToEndQueryBenchmark extends EndToEndBenchmark {

    /** Through {@code KeyPathTable}. */
    @Benchmark
    public List<Object> keyPath() {
        return fixture.table.query(q -> q.subtree(KeyPath.of("user", fixture.user))).items();
    }

    /** Through the low-level {@code DynamoDbClient}. */
    @Benchmark
    public List<SocialPost> rawClient() {
        return fixture.rawQuery(fixture.user);
    }

    /** The low-level client on the keypath table: separates the engine's cost of binary keys from keypath's. */
    @Benchmark
    public List<SocialPost> rawClientBinaryKeys() {
        return fixture.rawQueryBinaryKeys(fixture.user);
    }
}
