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
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * CPU cost of mapping one {@link SocialPost} to the {@code PutItemRequest} that stores it, no network:
 * keypath's {@code ItemSchema.toItem} (key paths encoded to {@code pk}/{@code sk}, fields through Jackson) against
 * the Enhanced Client's {@code TableSchema.itemToMap(bean, false)} (string keys built by the bean's getters).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class MapperPutBenchmark {

    private MapperFixture fixture;

    /** Builds both mappers once and checks they store the same attributes. */
    @Setup
    public void setup() {
        fixture = new MapperFixture();
        Checks.equal(keyPath().item(), fixture.schema.toItem(fixture.post), "keypath request");
        Checks.equal(enhancedClient().item().size(), keyPath().item().size(), "attribute count");
    }

    /** {@code ItemSchema.toItem} into a {@code PutItemRequest}. */
    @Benchmark
    public PutItemRequest keyPath() {
        return PutItemRequest.builder().tableName(MapperFixture.TABLE).item(fixture.schema.toItem(fixture.post))
                .build();
    }

    /** {@code TableSchema.itemToMap(bean, false)} into a {@code PutItemRequest}. */
    @Benchmark
    public PutItemRequest enhancedClient() {
        return PutItemRequest.builder().tableName(MapperFixture.TABLE)
                .item(fixture.tableSchema.itemToMap(fixture.bean, false)).build();
    }
}
