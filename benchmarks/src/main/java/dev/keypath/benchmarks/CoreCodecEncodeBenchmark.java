package dev.keypath.benchmarks;

import com.apple.foundationdb.tuple.Tuple;
import dev.keypath.KeyPath;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
 * Encoding the reaction key ({@link ReactionKey}) to bytes: keypath against the FoundationDB tuple layer and the
 * hand-built string key. {@code keyPath} is the baseline the summary divides by.
 *
 * <p>{@code Tuple.pack()} memoizes its result, so packing the same prebuilt {@code Tuple} again only copies
 * a cached array ({@code tupleMemoized}, shown for completeness). {@code tuple} therefore packs a fresh
 * {@code Tuple} made from prebuilt items, which is what encoding a key you have not encoded before costs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
public class CoreCodecEncodeBenchmark {

    private KeyPath path;
    private List<Object> tupleItems;
    private Tuple prebuiltTuple;

    /** Builds the inputs once and checks that the competitors encode the same key. */
    @Setup
    public void setup() {
        path = ReactionKey.keyPath();
        tupleItems = ReactionKey.tupleItems();
        prebuiltTuple = Tuple.fromList(tupleItems);
        Checks.equal(path.toString(), ReactionKey.PATH, "keypath");
        Checks.equal(Tuple.fromBytes(tuple()).getItems(), tupleItems, "tuple");
        Checks.equal(StringKey.parse(new String(stringKey(), StandardCharsets.UTF_8)),
                new StringKey.Parts(ReactionKey.USER, ReactionKey.POST, ReactionKey.COMMENT, ReactionKey.REACT),
                "string key");
    }

    /** {@code KeyPath.encode()} of a prebuilt path. */
    @Benchmark
    public byte[] keyPath() {
        return path.encode();
    }

    /** Building the path from typed values, then encoding it: the same work {@link #stringKey()} does. */
    @Benchmark
    public byte[] keyPathFromValues() {
        return KeyPath.of("user", ReactionKey.USER).then("post", ReactionKey.POST)
                .then("comment", ReactionKey.COMMENT).then("react", ReactionKey.REACT).encode();
    }

    /** {@code Tuple.pack()} of a tuple that has not been packed yet. */
    @Benchmark
    public byte[] tuple() {
        return Tuple.fromList(tupleItems).pack();
    }

    /** {@code Tuple.pack()} again on the same tuple: a copy of its memoized bytes, not an encoding. */
    @Benchmark
    public byte[] tupleMemoized() {
        return prebuiltTuple.pack();
    }

    /** The zero-padded string key built from typed values, as UTF-8 bytes. */
    @Benchmark
    public byte[] stringKey() {
        return StringKey.build(ReactionKey.USER, ReactionKey.POST, ReactionKey.COMMENT, ReactionKey.REACT)
                .getBytes(StandardCharsets.UTF_8);
    }
}
