package dev.keypath.benchmarks;

import com.apple.foundationdb.tuple.Tuple;
import dev.keypath.KeyPath;
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
 * Rendering the reaction key ({@link ReactionKey}) as text for logs and debugging: {@code KeyPath.toString()}
 * against {@code Tuple.toString()}, with the string-key build as a reference.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
public class CoreCodecFormatBenchmark {

    private KeyPath path;
    private Tuple tuple;

    /** Builds the values once. */
    @Setup
    public void setup() {
        path = ReactionKey.keyPath();
        tuple = Tuple.fromList(ReactionKey.tupleItems());
        Checks.equal(keyPath(), ReactionKey.PATH, "keypath");
    }

    /** {@code KeyPath.toString()}: the canonical path text. */
    @Benchmark
    public String keyPath() {
        return path.toString();
    }

    /** {@code Tuple.toString()}. */
    @Benchmark
    public String tuple() {
        return tuple.toString();
    }

    /** The zero-padded string key built from typed values (reference). */
    @Benchmark
    public String stringKey() {
        return StringKey.build(ReactionKey.USER, ReactionKey.POST, ReactionKey.COMMENT, ReactionKey.REACT);
    }
}
