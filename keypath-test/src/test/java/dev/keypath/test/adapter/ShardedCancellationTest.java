package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.ShardModel.Event;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Cancelling an asynchronous call over a sharded parent cancels every request of its concurrent round, not only
 * the last one sent. An SDK interceptor holds the engine's answers to queries (their bodies are handed on only when
 * the test releases them), so every shard's request is in flight when the caller cancels; the client is wrapped
 * to record the future of each request it was asked to send.
 */
class ShardedCancellationTest {
    private static final HoldResponses HOLD = new HoldResponses();
    private static final List<CompletableFuture<QueryResponse>> SENT = new CopyOnWriteArrayList<>();
    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static DynamoDbAsyncClient held;
    private static KeyPathTable table;
    private static KeyPathAsyncTable async;

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        String name = TestDynamoDb.uniqueTableName("cancel");
        DynamoDbAsyncClient real = engine.asyncClientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(HOLD)).build();
        held = recording(real);
        table = KeyPathTables.builder().client(engine.client()).tableName(name).register(ShardModel.ALL).build();
        table.bootstrap();
        async = KeyPathTables.asyncBuilder().client(held).tableName(name).register(ShardModel.ALL)
                .operationListener(REPORTS::add).build();
    }

    @AfterAll
    static void tearDown() {
        HOLD.release();
        table.close();
        held.close();
    }

    /** {@code real}, noting the future of each query it is asked to send. */
    @SuppressWarnings("unchecked")
    private static DynamoDbAsyncClient recording(DynamoDbAsyncClient real) {
        InvocationHandler forward = (proxy, method, args) -> {
            Object out;
            try {
                out = method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (method.getName().equals("query") && args != null && args.length == 1
                    && args[0] instanceof QueryRequest) {
                SENT.add((CompletableFuture<QueryResponse>) out);
            }
            return out;
        };
        return (DynamoDbAsyncClient) Proxy.newProxyInstance(DynamoDbAsyncClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbAsyncClient.class}, forward);
    }

    /** Holds each query's answer until {@link #release()}; counts the answers it holds. */
    private static final class HoldResponses implements ExecutionInterceptor {
        private volatile CompletableFuture<Void> gate = new CompletableFuture<>();
        private final AtomicInteger holding = new AtomicInteger();

        @Override
        public Optional<Publisher<ByteBuffer>> modifyAsyncHttpResponseContent(Context.ModifyHttpResponse context,
                                                                             ExecutionAttributes attributes) {
            Optional<Publisher<ByteBuffer>> body = context.responsePublisher();
            if (!(context.request() instanceof QueryRequest) || body.isEmpty()) {
                return body;
            }
            CompletableFuture<Void> waitFor = gate;
            holding.incrementAndGet();
            Publisher<ByteBuffer> original = body.get();
            return Optional.of(subscriber -> waitFor.thenRun(() -> original.subscribe(subscriber)));
        }

        void release() {
            gate.complete(null);
        }

        void arm() {
            gate = new CompletableFuture<>();
            holding.set(0);
        }
    }

    /**
     * Waits until {@code n} answers are held and {@code n} futures recorded: a query's answer may come back (and be
     * held) before the thread that sent it has recorded its future.
     */
    private static void awaitHeld(int n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while ((HOLD.holding.get() < n || SENT.size() < n) && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(HOLD.holding.get()).as("answers held").isEqualTo(n);
    }

    @Test
    void cancellingAShardedQueryCancelsEveryRequestOfItsRound() throws Exception {
        String day = "d" + UUID.randomUUID();
        HOLD.arm();
        SENT.clear();
        REPORTS.clear();
        CompletableFuture<?> page = async.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)).limit(50)));
        awaitHeld(16);
        assertThat(SENT).hasSize(16);
        assertThat(page.cancel(true)).isTrue();
        assertThat(SENT).as("every shard's request is cancelled").allMatch(CompletableFuture::isCancelled);
        HOLD.release();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (REPORTS.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        Thread.sleep(200);
        assertThat(REPORTS).hasSize(1);
        assertThat(REPORTS.get(0).outcome()).isEqualTo(OperationReport.Outcome.ERROR);
        assertThat(SENT).as("nothing sent after the cancel").hasSize(16);
    }

    @Test
    void cancellingAShardedCountCancelsEveryRequestOfItsRound() throws Exception {
        String day = "d" + UUID.randomUUID();
        table.put(new Event(day, 1, "info", "b", Set.of()));
        HOLD.arm();
        SENT.clear();
        CompletableFuture<?> count = async.count(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day))));
        awaitHeld(16);
        assertThat(count.cancel(true)).isTrue();
        assertThat(SENT).hasSize(16).allMatch(CompletableFuture::isCancelled);
        HOLD.release();
    }
}
