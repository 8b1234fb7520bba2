package dev.keypath.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine lifecycle the end-to-end benchmarks share: DynamoDB Local started and filled once per fork
 * ({@link EndToEndFixture}), stopped at the end, and the run settings they share (JMH applies a superclass's
 * annotations to its subclasses). Subclasses hold the {@code @Benchmark} methods.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.ENGINE_HEAP_MIN, ForkOptions.ENGINE_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 20, time = 2)
@Measurement(iterations = 10, time = 2)
public abstract class EndToEndBenchmark {

    /** The running engine, its tables and clients. */
    protected EndToEndFixture fixture;

    /** Starts DynamoDB Local and fills both tables. */
    @Setup(Level.Trial)
    public void start() {
        fixture = new EndToEndFixture();
    }

    /** Stops DynamoDB Local. */
    @TearDown(Level.Trial)
    public void stop() {
        fixture.close();
    }
}
