package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import java.nio.charset.StandardCharsets;
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
 * From a human-readable path to key bytes against building the zero-padded string key from typed values
 * and taking its UTF-8 bytes: what reading and checking a key's text costs beside a string key that checks
 * nothing. keypath is measured both ways a caller can go: {@code KeyPath.parse(text).encode()}, which builds the
 * path first, and {@code KeyPath.encodeText(text)}, which writes the key in one pass over the text.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
public class CoreCodecParseEncodeBenchmark {

    private String text;

    /** Keeps the text in a field so the JIT cannot fold the parse into a constant. */
    @Setup
    public void setup() {
        text = new String(ReactionKey.PATH.toCharArray());
        Checks.equal(KeyPath.decode(keyPath()).toString(), ReactionKey.PATH, "keypath");
        Checks.equal(KeyPath.decode(keyPathEncodeText()).toString(), ReactionKey.PATH, "keypath encodeText");
    }

    /** {@code KeyPath.parse(text).encode()}. */
    @Benchmark
    public byte[] keyPath() {
        return KeyPath.parse(text).encode();
    }

    /** {@code KeyPath.encodeText(text)}: the same bytes, without building the path. */
    @Benchmark
    public byte[] keyPathEncodeText() {
        return KeyPath.encodeText(text);
    }

    /** The zero-padded string key built from typed values, as UTF-8 bytes. */
    @Benchmark
    public byte[] stringKey() {
        return StringKey.build(ReactionKey.USER, ReactionKey.POST, ReactionKey.COMMENT, ReactionKey.REACT)
                .getBytes(StandardCharsets.UTF_8);
    }
}
