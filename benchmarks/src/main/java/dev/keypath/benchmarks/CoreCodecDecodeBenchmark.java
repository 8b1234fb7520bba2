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
 * Decoding the reaction key ({@link ReactionKey}) back into typed values: {@code KeyPath.decode(bytes)} against
 * {@code Tuple.fromBytes(bytes)} and parsing the string key (split on '#', {@code Long.parseLong},
 * {@code UUID.fromString}). The string key starts as a {@code String}, as DynamoDB string attributes
 * arrive; the binary keys start as {@code byte[]}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
public class CoreCodecDecodeBenchmark {

    private byte[] keyPathBytes;
    private byte[] tupleBytes;
    private String stringKey;

    /** Encodes the inputs once and checks that each competitor reads back the reaction key. */
    @Setup
    public void setup() {
        keyPathBytes = ReactionKey.keyPath().encode();
        tupleBytes = Tuple.fromList(ReactionKey.tupleItems()).pack();
        stringKey = ReactionKey.stringKey();
        Checks.equal(keyPath().toString(), ReactionKey.PATH, "keypath");
        Checks.equal(tuple().getItems(), ReactionKey.tupleItems(), "tuple");
        Checks.equal(stringKey(), new StringKey.Parts(ReactionKey.USER, ReactionKey.POST, ReactionKey.COMMENT,
                ReactionKey.REACT), "string key");
    }

    /** {@code KeyPath.decode(bytes)} of the 63-byte key. */
    @Benchmark
    public KeyPath keyPath() {
        return KeyPath.decode(keyPathBytes);
    }

    /** {@code Tuple.fromBytes(bytes)}, which decodes every element eagerly. */
    @Benchmark
    public Tuple tuple() {
        return Tuple.fromBytes(tupleBytes);
    }

    /** Splitting and parsing the zero-padded string key. */
    @Benchmark
    public StringKey.Parts stringKey() {
        return StringKey.parse(stringKey);
    }
}
