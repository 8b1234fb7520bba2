package dev.keypath.benchmarks;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationObserver;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
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
 * This build against another build of keypath, one build per fork: the get, put and page of {@link PipelineCalls}
 * on the client {@link #client} names, the whole AWS SDK over canned HTTP answers ({@code sdk}) or prebuilt
 * responses without the SDK ({@code canned}, each build's own work alone). {@link #build} {@code previous} runs the
 * other build, loaded by {@link SeparateBuild} from the checkout {@link #previous} names, with its defaults; any
 * other value runs this build with that observer ({@link ObservedTables#observer}: {@code none},
 * {@code noopRegistry}, {@code meters}, {@code metersActive}, {@code observed}) and the capacity {@link #capacity} asks. Both builds are
 * called through the same class and the same {@code Supplier}s, and each fork holds one build only, so neither
 * build's code shares a profile with the other's, as in an application. Give several forks: a build's time moves
 * from fork to fork with what the JIT made of it.
 *
 * <pre>-p previous=DIRECTORY -p build=previous,none,meters</pre>
 *
 * <p>{@code DIRECTORY} is a checkout of the other build, packaged there ({@code ./mvnw -q -pl dynamo-adapter -am
 * package -DskipTests}); {@code previous=this} loads this build again through the same class loader, which shows
 * what the loader itself changes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 5, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 8, time = 1)
@Measurement(iterations = 8, time = 1)
public class BuildsBenchmark {

    /** {@code previous} for the other build, else this build's observer ({@code none}, {@code meters}, ...). */
    @Param({"previous", "none", "meters"})
    public String build;

    /** The directory of the other build's checkout, or {@code this} for this build through the same loader. */
    @Param({"this"})
    public String previous;

    /** The client: {@code sdk} (the whole SDK over canned HTTP) or {@code canned} (prebuilt responses). */
    @Param({PipelineCalls.CANNED})
    public String client;

    /** What this build asks of each request's consumed capacity: {@code INDEXES} (its default) or {@code NONE}. */
    @Param({"INDEXES"})
    public String capacity;

    private BuildCalls calls;
    private Supplier<Object> get;
    private Supplier<Object> put;
    private Supplier<Object> page;

    /** Builds the client and the table of the build measured; each call is checked as it is built. */
    @Setup(Level.Trial)
    public void setup() {
        if (build.equals("previous")) {
            calls = SeparateBuild.of(previous).calls(client, builder -> { });
        } else {
            OperationObserver watching = ObservedTables.observer(build);
            calls = BuildCalls.of(new PipelineCalls(client, builder -> {
                KeyPathTable.Builder table = (KeyPathTable.Builder) builder;
                table.returnConsumedCapacity(ReturnConsumedCapacity.fromValue(capacity));
                if (watching != null) {
                    table.operationObserver(watching);
                }
            }));
        }
        get = calls.get();
        put = calls.put();
        page = calls.page();
    }

    /** Closes the client. */
    @TearDown(Level.Trial)
    public void close() throws Exception {
        calls.close();
    }

    /** {@code GetItem} of one post. */
    @Benchmark
    public Object get() {
        return get.get();
    }

    /** {@code PutItem} of one post. */
    @Benchmark
    public Object put() {
        return put.get();
    }

    /** A page of {@value PipelineCalls#ITEMS} posts. */
    @Benchmark
    public Object page() {
        return page.get();
    }
}
