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

/**
 * CPU cost of mapping a {@code GetItemResponse} back to one {@link SocialPost}, no network: keypath's
 * {@code ItemSchema.fromItem} (including decoding the binary key and matching its template) against the Enhanced
 * Client's {@code TableSchema.mapToItem} (including parsing the string keys in the bean's setters).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class MapperGetBenchmark {

    private MapperFixture fixture;
    private GetItemResponse keyPathResponse;
    private GetItemResponse enhancedResponse;

    /** Builds both mappers and the stored items once and checks both read back the post. */
    @Setup
    public void setup() {
        fixture = new MapperFixture();
        keyPathResponse = GetItemResponse.builder().item(fixture.schema.toItem(fixture.post)).build();
        enhancedResponse = GetItemResponse.builder().item(fixture.tableSchema.itemToMap(fixture.bean, false)).build();
        Checks.equal(keyPath(), fixture.post, "keypath");
        Checks.equal(enhancedClient().getTitle(), fixture.post.title(), "enhanced client");
    }

    /** {@code ItemSchema.fromItem} of the response's item. */
    @Benchmark
    public SocialPost keyPath() {
        return fixture.schema.fromItem(keyPathResponse.item());
    }

    /** {@code TableSchema.mapToItem} of the response's item. */
    @Benchmark
    public SocialPostBean enhancedClient() {
        return fixture.tableSchema.mapToItem(enhancedResponse.item());
    }
}
