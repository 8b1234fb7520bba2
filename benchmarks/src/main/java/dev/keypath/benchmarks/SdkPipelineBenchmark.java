package dev.keypath.benchmarks;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.Page;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What observing a table costs through the whole AWS SDK ({@link PipelineCalls}: a real {@code DynamoDbClient}
 * over canned HTTP answers). A get, a put and a page of {@value #ITEMS} posts, each in the four ways of
 * {@link ObservedTables}: no observer ({@code none}, the baseline), the Micrometer observer on
 * {@code ObservationRegistry.NOOP} ({@code noopRegistry}), the meters alone on a {@code SimpleMeterRegistry}
 * ({@code meters}), and one observation per operation timed by Micrometer's handler into a
 * {@code SimpleMeterRegistry}, with the capacity counters ({@code observed}). All twelve run in one JMH run; add
 * {@code -prof gc} for the allocation per operation. {@code -p capacity=NONE,INDEXES} sets what each request asks
 * of its consumed capacity, to see what asking costs the SDK. {@link BuildsBenchmark} runs the same calls of this
 * build and an earlier one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class SdkPipelineBenchmark {
    static final int ITEMS = PipelineCalls.ITEMS;

    /** How the table is observed. */
    @Param({"none", "noopRegistry", "meters", "observed"})
    public String observer;

    /** What each request asks of its consumed capacity: {@code INDEXES} (the table's default) or {@code NONE}. */
    @Param({"INDEXES"})
    public String capacity;

    private PipelineCalls calls;

    /** Builds the client and the table and checks that each call reads or writes what it should. */
    @Setup(Level.Trial)
    public void setup() {
        OperationObserver watching = ObservedTables.observer(observer);
        calls = new PipelineCalls(PipelineCalls.SDK, b -> {
            KeyPathTable.Builder builder = (KeyPathTable.Builder) b;
            builder.returnConsumedCapacity(ReturnConsumedCapacity.fromValue(capacity));
            if (watching != null) {
                builder.operationObserver(watching);
            }
        });
        Checks.equal(page().capacity().readUnits(), capacity.equals("NONE") ? 0.0 : 1.0,
                "the page's capacity, read from the JSON");
    }

    /** Closes the client. */
    @TearDown(Level.Trial)
    public void close() {
        calls.close();
    }

    /** {@code GetItem} of one post. */
    @Benchmark
    public Optional<SocialPost> get() {
        return calls.get();
    }

    /** {@code PutItem} of one post. */
    @Benchmark
    public SocialPost put() {
        return calls.put();
    }

    /** One {@code Query} page of {@value #ITEMS} posts. */
    @Benchmark
    public Page<SocialPost> page() {
        return calls.page();
    }
}
