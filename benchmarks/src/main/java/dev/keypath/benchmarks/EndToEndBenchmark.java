package dev.keypath.benchmarks;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The engine lifecycle the end-to-end benchmarks share: DynamoDB Local started and filled once per fork
 * ({@link EndToEndFixture}), stopped at the end. Subclasses hold the {@code @Benchmark} methods.
 */
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
