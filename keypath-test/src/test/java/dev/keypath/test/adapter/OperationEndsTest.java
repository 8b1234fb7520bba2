package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.User;
import dev.keypath.test.faults.Fault;
import dev.keypath.test.faults.FaultPlan;
import dev.keypath.test.faults.FaultProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Every operation a listener hears of is reported exactly once, however it stops: a synchronous caller interrupted
 * during a batch's backoff, an asynchronous caller who cancels while a request is in flight or stops waiting
 * ({@code orTimeout}). Requests are held in flight by a loopback {@link FaultProxy} that delays the engine's answer.
 */
class OperationEndsTest {
    private static final FaultInjector FAULTS = new FaultInjector();
    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static FaultProxy proxy;
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient slowClient;
    private static KeyPathTable table;
    private static KeyPathAsyncTable slowTable;

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        String name = TestDynamoDb.uniqueTableName("ends");
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS)
                .addExecutionInterceptor(new InterruptAfterBatch())).build();
        proxy = FaultProxy.start(engine.endpoint(), FaultPlan.NONE);
        slowClient = engine.asyncClientBuilder().endpointOverride(proxy.endpoint())
                .httpClientBuilder(NettyNioAsyncHttpClient.builder()).build();
        // batches wait up to 2 s between retries, long enough for an interrupt to land in the wait
        BatchPolicy slowRetries = new BatchPolicy(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(30));
        table = KeyPathTables.builder().client(client).tableName(name).register(Model.ALL).batchPolicy(slowRetries)
                .operationListener(REPORTS::add).build();
        slowTable = KeyPathTables.asyncBuilder().client(slowClient).tableName(name).register(Model.ALL)
                .operationListener(REPORTS::add).build();
        table.bootstrap();
    }

    @AfterAll
    static void tearDown() {
        client.close();
        slowClient.close();
        proxy.close();
    }

    @BeforeEach
    void clear() {
        proxy.use(FaultPlan.NONE);
        REPORTS.clear();
    }

    /** Interrupts the calling thread once a batch write that left items unprocessed has come back. */
    private static final class InterruptAfterBatch implements ExecutionInterceptor {
        static volatile boolean armed;

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            if (armed && context.request() instanceof software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest) {
                armed = false;
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void aBatchInterruptedInItsBackoffIsReportedOnce() {
        List<Object> comments = new ArrayList<>();
        UUID owner = UUID.randomUUID();
        for (int i = 0; i < 4; i++) {
            comments.add(new Comment(owner, 1, i, "c" + i));
        }
        FAULTS.dropBatchItems(1);
        InterruptAfterBatch.armed = true;
        try {
            assertThatThrownBy(() -> table.batchWrite(WriteBatch.builder().putAll(comments).build()))
                    .isInstanceOf(BatchIncompleteException.class);
        } finally {
            Thread.interrupted(); // clear the flag for the next tests
        }
        assertThat(REPORTS).as("the interrupted batch write is reported").hasSize(1);
        assertThat(REPORTS.get(0).outcome()).isEqualTo(OperationReport.Outcome.ERROR);
        assertThat(REPORTS.get(0).error()).isInstanceOf(BatchIncompleteException.class);
        assertThat(REPORTS.get(0).requests()).isEqualTo(1);
    }

    @Test
    void anAsyncGetCancelledInFlightIsReportedOnce() throws Exception {
        proxy.use(FaultPlan.builder().operations("GetItem").script(Fault.DELAYED_ANSWER)
                .delay(Duration.ofSeconds(2)).build());
        long before = proxy.counts().requests(); // the proxy counts every test's requests
        CompletableFuture<?> get = slowTable.get(User.class, KeyPath.of("user", UUID.randomUUID()));
        awaitForwarded(before + 1);
        get.cancel(true);
        awaitReports(1);
        Thread.sleep(2500); // past the delayed answer: no second report
        assertThat(REPORTS).hasSize(1);
        OperationReport report = REPORTS.get(0);
        assertThat(report.outcome()).isEqualTo(OperationReport.Outcome.ERROR);
        assertThat(report.error()).isInstanceOf(CancellationException.class);
        assertThat(report.requests()).isEqualTo(1);
    }

    @Test
    void anAsyncQueryTheCallerStoppedWaitingForIsReportedOnce() throws Exception {
        proxy.use(FaultPlan.builder().operations("Query").script(Fault.DELAYED_ANSWER)
                .delay(Duration.ofMillis(800)).build());
        UUID owner = UUID.randomUUID();
        long before = proxy.counts().requests();
        CompletableFuture<?> page = slowTable.query(q -> q.subtree(KeyPath.of("user", owner)));
        awaitForwarded(before + 1); // in flight, however slowly a busy machine sent it
        page.orTimeout(100, TimeUnit.MILLISECONDS);
        assertThatThrownBy(page::join).hasCauseInstanceOf(TimeoutException.class);
        awaitReports(1);
        Thread.sleep(1000);
        assertThat(REPORTS).hasSize(1);
        assertThat(REPORTS.get(0).requests()).isEqualTo(1);
    }

    @Test
    void aReadModifyWriteIsReportedAsAnOperationAroundItsReadAndCommit() {
        User user = new User(UUID.randomUUID(), "ann", "ann@example.com", null, null);
        KeyPath path = KeyPath.of("user", user.userId());
        table.readModifyWrite(3, tx -> {
            tx.read(User.class, path);
            tx.put(user);
            return null;
        });
        assertThat(REPORTS).extracting(OperationReport::accessPattern)
                .containsExactly("User.readChecked", "readCheckedTransact", "readModifyWrite");
        assertThat(REPORTS.get(2).requests()).as("its own report counts its read's and commit's requests")
                .isEqualTo(REPORTS.get(0).requests() + REPORTS.get(1).requests()).isPositive();
    }

    private static void awaitForwarded(long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (proxy.counts().requests() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(proxy.counts().requests()).as("requests that reached the proxy").isGreaterThanOrEqualTo(n);
    }

    private static void awaitReports(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (REPORTS.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(REPORTS).as("reports within 10 s").hasSizeGreaterThanOrEqualTo(n);
    }
}
