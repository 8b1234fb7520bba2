package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The synchronous and the asynchronous parallel scan are one runner: on a small table read in small pages they
 * return the same items, fail with the same exception when a page fails, stop reading after the first failure (a
 * read's or the consumer's), stop when cancelled or closed, and the synchronous one reads on threads of its own,
 * never the common fork-join pool. DynamoDB Local; faults injected by an SDK interceptor with SDK retries off.
 */
@KeyPathDynamoDb(types = ParallelScanParityTest.Cell.class)
class ParallelScanParityTest {
    static final int CELLS = 1_200;
    static final int SEGMENTS = 4;
    static final ItemScan SMALL_PAGES = ItemScan.of(s -> s.limit(40));
    static final long QUIET_MILLIS = 600;

    @ItemType(keyPath = "/grid-{row}/cell-{id}")
    record Cell(int row, long id) {
    }

    @Injected
    static KeyPathTable table;

    private final FaultInjector faults = new FaultInjector();
    private final Set<String> scanThreads = ConcurrentHashMap.newKeySet();
    private DynamoDbClient syncClient;
    private DynamoDbAsyncClient asyncClient;
    private KeyPathTable sync;
    private KeyPathAsyncTable async;

    @BeforeAll
    static void fill() {
        WriteBatch.Builder batch = WriteBatch.builder();
        for (long id = 0; id < CELLS; id++) {
            batch.put(new Cell((int) (id % 16), id));
        }
        table.batchWrite(batch.build());
    }

    @BeforeEach
    void clients() {
        ExecutionInterceptor threads = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof ScanRequest) {
                    scanThreads.add(Thread.currentThread().getName());
                }
            }
        };
        syncClient = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(faults)
                .addExecutionInterceptor(threads).retryStrategy(AwsRetryStrategy.doNotRetry())).build();
        asyncClient = TestDynamoDb.get().asyncClientBuilder().overrideConfiguration(o -> o
                .addExecutionInterceptor(faults).retryStrategy(AwsRetryStrategy.doNotRetry())).build();
        sync = KeyPathTables.builder().client(syncClient).tableName(table.tableName()).register(Cell.class).build();
        async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(table.tableName()).register(Cell.class)
                .build();
    }

    @AfterEach
    void close() {
        syncClient.close();
        asyncClient.close();
    }

    @Test
    void bothTablesReadTheSameItemsEachExactlyOnceAndTheSyncOneOnThreadsOfItsOwn() throws Exception {
        List<Object> synced = sync.scanInParallel(SMALL_PAGES, SEGMENTS).toList();
        int syncCalls = faults.calls("Scan");
        List<Object> asynced = new ArrayList<>();
        long count = async.scanInParallel(SMALL_PAGES, SEGMENTS, page -> asynced.addAll(page.items()))
                .get(1, TimeUnit.MINUTES);
        int asyncCalls = faults.calls("Scan") - syncCalls;

        assertThat(synced).hasSize(CELLS).doesNotHaveDuplicates();
        assertThat(asynced).hasSize(CELLS).containsExactlyInAnyOrderElementsOf(synced);
        assertThat(count).isEqualTo(CELLS);
        assertThat(syncCalls).as("every page of every segment").isGreaterThanOrEqualTo(CELLS / 40);
        assertThat(asyncCalls).as("the same pages").isEqualTo(syncCalls);
        assertThat(scanThreads).isNotEmpty().allMatch(name -> name.startsWith("keypath-scan-"),
                "the scan's own threads");
    }

    @Test
    void aFailedPageFailsBothWithTheSameExceptionAndNothingIsReadAfterIt() throws Exception {
        Stream<Object> stream = sync.scanInParallel(SMALL_PAGES, SEGMENTS);
        AtomicInteger consumed = new AtomicInteger();
        Throwable syncFailure = catchThrowable(() -> stream.forEach(item -> {
            if (consumed.incrementAndGet() == 200) {
                faults.throttleNext(1);
            }
        }));
        int syncCalls = settledScanCalls();

        AtomicInteger handed = new AtomicInteger();
        CompletableFuture<Long> run = async.scanInParallel(SMALL_PAGES, SEGMENTS, page -> {
            if (handed.addAndGet(page.items().size()) >= 200 && handed.get() - page.items().size() < 200) {
                faults.throttleNext(1);
            }
        });
        Throwable asyncFailure = catchThrowable(() -> run.get(1, TimeUnit.MINUTES));
        int asyncCalls = settledScanCalls() - syncCalls;

        assertThat(syncFailure).isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(asyncFailure).isInstanceOf(ExecutionException.class).cause()
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(run.handle((count, error) -> error).join()).as("the failure as the sync scan throws it, unwrapped")
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(consumed.get()).isLessThan(CELLS);
        assertThat(handed.get()).isLessThan(CELLS);
        assertThat(syncCalls).as("the sync scan stopped before reading the table").isLessThan(CELLS / 40);
        assertThat(asyncCalls).as("the async scan stopped before reading the table").isLessThan(CELLS / 40);
    }

    @Test
    void aConsumerThatThrowsEndsBothScansWithItsExceptionAndNoFurtherReads() {
        IllegalStateException refused = new IllegalStateException("the consumer refuses");
        Throwable syncFailure = catchThrowable(() -> sync.scanInParallel(SMALL_PAGES, SEGMENTS).forEach(item -> {
            throw refused;
        }));
        int syncCalls = settledScanCalls();
        CompletableFuture<Long> run = async.scanInParallel(SMALL_PAGES, SEGMENTS, page -> {
            throw refused;
        });
        Throwable asyncFailure = catchThrowable(() -> run.get(1, TimeUnit.MINUTES));
        int asyncCalls = settledScanCalls() - syncCalls;

        assertThat(syncFailure).isSameAs(refused);
        assertThat(asyncFailure).isInstanceOf(ExecutionException.class).cause().isSameAs(refused);
        assertThat(syncCalls).isLessThan(CELLS / 40);
        assertThat(asyncCalls).isLessThanOrEqualTo(SEGMENTS);
    }

    @Test
    void closingTheSyncStreamOrCancellingTheAsyncScanStopsTheReading() throws Exception {
        try (Stream<Object> stream = sync.scanInParallel(SMALL_PAGES, SEGMENTS)) {
            assertThat(stream.limit(50).count()).isEqualTo(50);
        }
        int syncCalls = settledScanCalls();
        assertThat(syncCalls).isLessThan(CELLS / 40);
        assertThat(scanThreadsAliveAfterTheyEnd()).as("no reading thread is left").isZero();

        CompletableFuture<Void> firstPage = new CompletableFuture<>();
        CompletableFuture<Long> run = async.scanInParallel(SMALL_PAGES, SEGMENTS, page -> firstPage.complete(null));
        firstPage.get(1, TimeUnit.MINUTES);
        run.cancel(true);
        int asyncCalls = settledScanCalls() - syncCalls;

        assertThatThrownBy(run::join).isInstanceOf(CancellationException.class);
        assertThat(asyncCalls).isLessThan(CELLS / 40);
    }

    @Test
    void badArgumentsAreRefusedTheSameWay() {
        Throwable syncRefusal = catchThrowable(() -> sync.scanInParallel(SMALL_PAGES, 0));
        Throwable asyncRefusal = catchThrowable(() -> async.scanInParallel(SMALL_PAGES, 0, page -> { }).join());

        assertThat(syncRefusal).isInstanceOf(IllegalArgumentException.class);
        assertThat(asyncRefusal.getCause()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(syncRefusal.getMessage());
    }

    /** Scan calls so far, once no more have started for a while. */
    private int settledScanCalls() {
        int calls = faults.calls("Scan");
        while (true) {
            try {
                Thread.sleep(QUIET_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return calls;
            }
            int now = faults.calls("Scan");
            if (now == calls) {
                return now;
            }
            calls = now;
        }
    }

    /** The scan's threads still alive once they stopped ending, waiting up to 30 s for the closed ones to end. */
    private static long scanThreadsAliveAfterTheyEnd() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        long alive = scanThreadsAlive();
        while (alive > 0 && System.nanoTime() < until) {
            Thread.sleep(QUIET_MILLIS);
            alive = scanThreadsAlive();
        }
        return alive;
    }

    private static long scanThreadsAlive() {
        Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
        return all.keySet().stream().filter(t -> t.getName().startsWith("keypath-scan")).count();
    }
}
