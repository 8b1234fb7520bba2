package dev.keypath.benchmarks;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationObserver;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
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
 * This build against another build of keypath, side by side in one JVM: the get, put and page of
 * {@link PipelineCalls} through the whole AWS SDK over canned HTTP answers, one JMH group each, whose member
 * {@code previous} runs the other build (loaded by {@link SeparateBuild}, without an observer: the builds before
 * observers had none) and whose member {@code current} runs this build with the observer {@link #observer} names.
 * The two members run at the same time on the two threads of their group, so each measured iteration gives one
 * ratio of this build's time to the other's, free of what moved both: the collector (the SDK allocates some
 * 60 KB per call), the JIT, the machine. {@code Summary --baseline previous} prints the mean ratio with its
 * 99.9 % confidence interval.
 *
 * <pre>-p previous=DIRECTORY</pre>
 *
 * <p>names the checkout of the other build, packaged there ({@code ./mvnw -q -pl dynamo-adapter -am package
 * -DskipTests}); the default, {@code this}, loads this build a second time, so both members
 * run the same code and the ratios show how finely the pairing measures.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 3, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 15, time = 1)
@Measurement(iterations = 20, time = 1)
public class BuildPairedBenchmark {

    /** The directory of the other build's checkout, or {@code this} for this build again. */
    @Param({"this"})
    public String previous;

    /** How this build's side is observed, as in {@link ObservedTables#observer}. */
    @Param({"none", "meters"})
    public String observer;

    /**
     * What this build's side asks of each request's consumed capacity: {@code INDEXES} (the table's default) or
     * {@code NONE}, which leaves out what the SDK spends on the capacity in the request and the answer.
     */
    @Param({"INDEXES"})
    public String capacity;

    private BuildCalls other;
    private BuildCalls current;
    private Supplier<Object> previousGet;
    private Supplier<Object> previousPut;
    private Supplier<Object> previousPage;
    private Supplier<Object> currentGet;
    private Supplier<Object> currentPut;
    private Supplier<Object> currentPage;

    /** Builds both sides' clients and tables; each checks that its calls read and write what they should. */
    @Setup(Level.Trial)
    public void setup() {
        other = SeparateBuild.of(previous).calls(builder -> { });
        OperationObserver watching = ObservedTables.observer(observer);
        current = BuildCalls.of(new PipelineCalls(builder -> {
            KeyPathTable.Builder table = (KeyPathTable.Builder) builder;
            table.returnConsumedCapacity(ReturnConsumedCapacity.fromValue(capacity));
            if (watching != null) {
                table.operationObserver(watching);
            }
        }));
        previousGet = other.get();
        previousPut = other.put();
        previousPage = other.page();
        currentGet = current.get();
        currentPut = current.put();
        currentPage = current.page();
    }

    /** Closes both clients. */
    @TearDown(Level.Trial)
    public void close() throws Exception {
        other.close();
        current.close();
    }

    /** The other build's {@code GetItem} of one post. */
    @Benchmark
    @Group("get")
    @GroupThreads(1)
    public Object get_previous() {
        return previousGet.get();
    }

    /** This build's {@code GetItem} of the same post. */
    @Benchmark
    @Group("get")
    @GroupThreads(1)
    public Object get_current() {
        return currentGet.get();
    }

    /** The other build's {@code PutItem} of one post. */
    @Benchmark
    @Group("put")
    @GroupThreads(1)
    public Object put_previous() {
        return previousPut.get();
    }

    /** This build's {@code PutItem} of the same post. */
    @Benchmark
    @Group("put")
    @GroupThreads(1)
    public Object put_current() {
        return currentPut.get();
    }

    /** The other build's page of {@value PipelineCalls#ITEMS} posts. */
    @Benchmark
    @Group("page")
    @GroupThreads(1)
    public Object page_previous() {
        return previousPage.get();
    }

    /** This build's page of the same posts. */
    @Benchmark
    @Group("page")
    @GroupThreads(1)
    public Object page_current() {
        return currentPage.get();
    }
}
