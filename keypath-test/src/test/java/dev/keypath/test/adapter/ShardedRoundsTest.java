package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationObservation;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.RequestObservation;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.ShardModel.Event;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The synchronous table sends the requests of a sharded read's round at once, on daemon threads of its own that
 * {@code close} ends; a count reads its shards at once too; an interrupted caller cancels the round and the
 * operation ends once. An SDK interceptor notes, for each query request, the thread that sent it and how many were
 * in flight together, and can slow each down.
 */
class ShardedRoundsTest {
    private static final Sends SENDS = new Sends();
    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static DynamoDbClient client;
    private static String name;
    private static KeyPathTable table;
    private static String day;

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        name = TestDynamoDb.uniqueTableName("rounds");
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(SENDS)).build();
        table = KeyPathTables.builder().client(client).tableName(name).register(ShardModel.ALL)
                .operationListener(REPORTS::add).build();
        table.bootstrap();
        day = "d" + UUID.randomUUID();
        List<Object> events = new ArrayList<>();
        for (long id = 0; id < 200; id++) {
            events.add(new Event(day, id, "info", "body " + id, Set.of()));
        }
        table.batchWrite(WriteBatch.builder().putAll(events).build());
    }

    @AfterAll
    static void tearDown() {
        table.close();
        client.close();
    }

    @BeforeEach
    void clear() {
        SENDS.reset(0);
        REPORTS.clear();
    }

    /**
     * Notes each query's sending thread and the most queries in flight at once; sleeps before each if asked. A
     * query is in flight from its transmission until its response or its failure, whichever the SDK reports
     * first, and a query sent before the last reset is not counted at all.
     */
    private static final class Sends implements ExecutionInterceptor {
        private static final ExecutionAttribute<Object> SENT = new ExecutionAttribute<>("keypath-test-sent");
        final List<Thread> threads = new CopyOnWriteArrayList<>();
        /** The {@code Limit} of each query sent, in the order they were sent. */
        final List<Integer> limits = new CopyOnWriteArrayList<>();
        private final Set<Object> open = ConcurrentHashMap.newKeySet();
        final AtomicInteger most = new AtomicInteger();
        volatile long delayMillis;
        /** A thread whose queries are not delayed: the caller's own share of a round, so its interrupt finds it waiting. */
        volatile Thread undelayed;

        void reset(long delay) {
            undelayed = null;
            threads.clear();
            limits.clear();
            open.clear();
            most.set(0);
            delayMillis = delay;
        }

        int inFlight() {
            return open.size();
        }

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            if (!(context.request() instanceof QueryRequest)) {
                return;
            }
            threads.add(Thread.currentThread());
            Integer limit = ((QueryRequest) context.request()).limit();
            limits.add(limit == null ? 0 : limit);
            Object sent = new Object();
            attributes.putAttribute(SENT, sent);
            open.add(sent);
            most.accumulateAndGet(open.size(), Math::max);
            if (Thread.currentThread() == undelayed) {
                return;
            }
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
            ended(attributes);
        }

        @Override
        public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
            ended(attributes);
        }

        private void ended(ExecutionAttributes attributes) {
            Object sent = attributes.getAttribute(SENT);
            if (sent != null) {
                open.remove(sent);
            }
        }
    }

    /** Counts operations started and ended, and requests opened and closed (answered or failed). */
    private static final class Counting implements OperationObserver {
        final AtomicInteger operations = new AtomicInteger();
        final AtomicInteger ends = new AtomicInteger();
        final AtomicInteger requests = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public OperationObservation start(OperationStart start) {
            operations.incrementAndGet();
            return new OperationObservation() {
                @Override
                public RequestObservation request(String api) {
                    requests.incrementAndGet();
                    return new RequestObservation() {
                        @Override
                        public void answered(double readUnits, double writeUnits, long itemsRead) {
                            closed.incrementAndGet();
                        }

                        @Override
                        public void failed(Throwable error) {
                            closed.incrementAndGet();
                        }
                    };
                }

                @Override
                public void end(OperationReport report) {
                    ends.incrementAndGet();
                }
            };
        }
    }

    /**
     * A client that fails the {@code nth} query of every 16 it sends with an {@link Error}; {@code real} sends the
     * others.
     */
    private static DynamoDbClient failingQuery(DynamoDbClient real, int nth) {
        AtomicInteger queries = new AtomicInteger();
        InvocationHandler forward = (proxy, method, args) -> {
            if (method.getName().equals("query") && args != null && args[0] instanceof QueryRequest
                    && queries.incrementAndGet() % 16 == nth) {
                throw new OutOfMemoryError("the client is broken");
            }
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, forward);
    }

    @Test
    void everyRequestObservationOfARoundIsClosedAndTheOperationEndsOnceWhateverStopsIt() throws Exception {
        Counting counting = new Counting();
        KeyPathTable observed = KeyPathTables.builder().client(client).tableName(name).register(ShardModel.ALL)
                .operationObserver(counting).build();
        ItemQuery q = ItemQuery.of(b -> b.subtree(KeyPath.of("day", day)));
        assertThat(observed.query(q).items()).hasSize(200);
        assertThat(counting.requests.get()).isEqualTo(16);
        assertThat(counting.closed.get()).isEqualTo(16);
        assertThat(counting.ends.get()).isEqualTo(1);

        Counting broken = new Counting();
        KeyPathTable failing = KeyPathTables.builder().client(failingQuery(client, 5)).tableName(name)
                .register(ShardModel.ALL).operationObserver(broken).build();
        assertThatThrownBy(() -> failing.query(q)).isInstanceOf(OutOfMemoryError.class);
        assertThat(broken.requests.get()).isEqualTo(16);
        assertThat(broken.closed.get()).as("request observations closed").isEqualTo(16);
        assertThat(broken.ends.get()).isEqualTo(1);
        assertThatThrownBy(() -> failing.count(q)).isInstanceOf(OutOfMemoryError.class); // the count's 5th query
        failing.close();

        Counting interrupted = new Counting();
        KeyPathTable slow = KeyPathTables.builder().client(client).tableName(name).register(ShardModel.ALL)
                .operationObserver(interrupted).build();
        SENDS.reset(400);
        Thread caller = Thread.currentThread();
        SENDS.undelayed = caller;
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(150);
                caller.interrupt();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        interrupter.start();
        try {
            assertThatThrownBy(() -> slow.count(q)).isInstanceOf(AbortedException.class);
        } finally {
            joinAndClearTheInterrupt(interrupter);
        }
        assertThat(interrupted.requests.get()).isPositive();
        assertThat(interrupted.closed.get()).as("request observations closed").isEqualTo(interrupted.requests.get());
        assertThat(interrupted.ends.get()).isEqualTo(1);
        observed.close();
        slow.close();
    }

    /**
     * Waits for {@code interrupter} to end, then clears this thread's interrupt. The caller is still interrupted when
     * the aborted call returns, and {@code join} throws at once on an interrupted thread if the interrupter, though
     * done, has not ended yet (a busy machine may hold it between its interrupt and its end); so the interrupt is
     * taken here, and once more if it had not come yet.
     */
    private static void joinAndClearTheInterrupt(Thread interrupter) {
        while (true) {
            try {
                interrupter.join();
                break;
            } catch (InterruptedException e) {
                // the interrupt this test asked for: wait on for the interrupter to end
            }
        }
        Thread.interrupted();
    }

    private static List<Thread> roundThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("keypath-" + name + "-round-")).toList();
    }

    @Test
    void aShardedPageSendsItsShardsAtOnceOnTheTablesDaemonThreads() {
        SENDS.reset(30);
        List<Object> items = table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)))).items();
        assertThat(items).hasSize(200);
        assertThat(SENDS.threads).hasSize(16);
        assertThat(SENDS.most.get()).as("queries in flight at once").isBetween(2, 16);
        List<Thread> others = SENDS.threads.stream().filter(t -> t != Thread.currentThread()).toList();
        assertThat(others).isNotEmpty().allSatisfy(t -> {
            assertThat(t.getName()).startsWith("keypath-" + name + "-round-");
            assertThat(t.isDaemon()).isTrue();
        });
        assertThat(REPORTS).hasSize(1);
        assertThat(REPORTS.get(0).requests()).isEqualTo(16);
    }

    /**
     * A page of 100 over 16 evenly filled shards asks each shard for three quarters of an even share (5) in its first round, tops up
     * only the shards the merge waits for, and comes back full, in key order, having read at most 1.25 × 100.
     */
    @Test
    void aPageOverEvenlyFilledShardsAsksEachForItsShareAndComesBackFull() {
        List<Object> all = table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)))).items();
        SENDS.reset(0);
        Page<Object> page = table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)).limit(100)));
        assertThat(SENDS.limits.subList(0, 16)).as("the Limit of each first query").allMatch(l -> l == 5);
        assertThat(page.scannedCount()).as("items read").isLessThanOrEqualTo(125);
        assertThat(page.items()).isEqualTo(all.subList(0, 100));
        assertThat(page.nextPageToken()).isNotNull();
        SENDS.reset(0);
        Page<Object> descending = table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)).limit(100)
                .descending()));
        List<Object> reversed = new ArrayList<>(all);
        java.util.Collections.reverse(reversed);
        assertThat(descending.items()).isEqualTo(reversed.subList(0, 100));
        assertThat(descending.scannedCount()).as("items read").isLessThanOrEqualTo(125);
    }

    @Test
    void aShardedCountReadsItsShardsAtOnce() {
        SENDS.reset(30);
        assertThat(table.count(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day))))).isEqualTo(200);
        assertThat(table.count(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)).limit(150)))).isEqualTo(150);
        assertThat(SENDS.most.get()).as("counts in flight at once").isBetween(2, 16);
        assertThat(REPORTS).hasSize(2).allSatisfy(r -> assertThat(r.kind()).isEqualTo(OperationKind.COUNT));
    }

    @Test
    void anInterruptedCallerCancelsTheRoundAndTheOperationEndsOnce() throws Exception {
        SENDS.reset(400);
        Thread caller = Thread.currentThread();
        SENDS.undelayed = caller;
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(150);
            } catch (InterruptedException e) {
                return;
            }
            caller.interrupt();
        });
        interrupter.start();
        try {
            assertThatThrownBy(() -> table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)))))
                    .isInstanceOf(AbortedException.class);
            assertThat(Thread.currentThread().isInterrupted()).as("the caller is still interrupted").isTrue();
        } finally {
            joinAndClearTheInterrupt(interrupter);
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (SENDS.inFlight() > 0 && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(SENDS.inFlight()).as("requests left in flight").isZero();
        int sent = SENDS.threads.size();
        Thread.sleep(500);
        assertThat(SENDS.threads).as("nothing sent after the round was cancelled").hasSize(sent);
        assertThat(REPORTS).hasSize(1);
        assertThat(REPORTS.get(0).outcome()).isEqualTo(OperationReport.Outcome.ERROR);
        assertThat(REPORTS.get(0).error()).isInstanceOf(AbortedException.class);
    }

    @Test
    void closingTheTableEndsItsThreadsAndItsReadsGoOnOneAfterAnother() throws Exception {
        String other = TestDynamoDb.uniqueTableName("closing");
        KeyPathTable closing = KeyPathTables.builder().client(client).tableName(other).register(ShardModel.ALL)
                .build();
        closing.bootstrap();
        String d = "d" + UUID.randomUUID();
        closing.put(new Event(d, 1, "info", "b", Set.of()));
        SENDS.reset(20);
        assertThat(closing.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", d)))).items()).hasSize(1);
        assertThat(Thread.getAllStackTraces().keySet()).anyMatch(t -> t.getName().startsWith("keypath-" + other));
        closing.close();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().startsWith("keypath-" + other))
                && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(Thread.getAllStackTraces().keySet()).as("the closed table's threads")
                .noneMatch(t -> t.getName().startsWith("keypath-" + other));
        SENDS.reset(0);
        assertThat(closing.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", d)))).items()).hasSize(1);
        assertThat(SENDS.threads).hasSize(16).allMatch(t -> t == Thread.currentThread());
        closing.close();
        assertThat(roundThreads()).noneMatch(t -> t.getName().startsWith("keypath-" + other));
    }
}
