package dev.keypath.benchmarks;

import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
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

/**
 * What one Micrometer observation costs by itself, with no keypath code: started and stopped on a registry whose
 * handler times it into a {@code SimpleMeterRegistry}, with as many low-cardinality keys as keypath's operation
 * observation has. It is the floor under {@link ObservedGetBenchmark}'s {@code observed}: whatever keypath does, an
 * observation per operation costs at least this.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class MicrometerObservationBenchmark {
    private static final KeyValues KEYS = KeyValues.of("db.system.name", "aws.dynamodb", "db.operation.name", "get",
            "aws.dynamodb.table_names", MapperFixture.TABLE, "aws.dynamodb.index_name", "none",
            "keypath.access_pattern", "SocialPost.get", "keypath.item_type", "SocialPost", "keypath.outcome",
            "success", "error.type", "none");

    private ObservationRegistry registry;

    /** The registry with Micrometer's meter handler. */
    @Setup
    public void setup() {
        registry = ObservedTables.timedRegistry(new SimpleMeterRegistry());
    }

    /** One observation with eight low-cardinality keys, started and stopped. */
    @Benchmark
    public Observation observation() {
        Observation observation = Observation.start("keypath.operation", registry);
        observation.lowCardinalityKeyValues(KEYS);
        observation.stop();
        return observation;
    }
}
