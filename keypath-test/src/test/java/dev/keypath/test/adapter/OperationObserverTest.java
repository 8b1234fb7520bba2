package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationObservation;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.dynamodb.RequestObservation;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.User;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An {@link OperationObserver} hears each operation start before its first request, each request and its answer
 * with the capacity it reported, and the end once, with the same report a listener gets; an observer that throws
 * changes nothing. On DynamoDB Local, through both tables.
 */
class OperationObserverTest {
    private static final List<String> EVENTS = new CopyOnWriteArrayList<>();
    private static final List<double[]> ANSWERS = new CopyOnWriteArrayList<>();
    private static final List<OperationReport> ENDS = new CopyOnWriteArrayList<>();
    private static final List<OperationReport> LISTENED = new CopyOnWriteArrayList<>();
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static KeyPathTable table;
    private static KeyPathAsyncTable asyncTable;
    private static KeyPathTable throwingTable;

    enum Kind { SYNC, ASYNC }

    /** Records every call, in order. */
    private static final OperationObserver RECORDING = start -> {
        EVENTS.add("start " + start.kind() + " " + start.accessPattern() + " " + start.keyPath());
        return new OperationObservation() {
            @Override
            public RequestObservation request(String api) {
                EVENTS.add("request " + api);
                return new RequestObservation() {
                    @Override
                    public void answered(double readUnits, double writeUnits, long itemsRead) {
                        EVENTS.add("answered " + api);
                        ANSWERS.add(new double[] {readUnits, writeUnits});
                    }

                    @Override
                    public void failed(Throwable error) {
                        EVENTS.add("failed " + api);
                    }
                };
            }

            @Override
            public void end(OperationReport report) {
                EVENTS.add("end " + report.outcome() + " " + report.keyPath());
                ENDS.add(report);
            }
        };
    };

    /** Throws from every call. */
    private static final OperationObserver THROWING = start -> new OperationObservation() {
        @Override
        public RequestObservation request(String api) {
            return new RequestObservation() {
                @Override
                public void answered(double readUnits, double writeUnits, long itemsRead) {
                    throw new IllegalStateException("answered");
                }
            };
        }

        @Override
        public void end(OperationReport report) {
            throw new IllegalStateException("end");
        }
    };

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.client();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder()).build();
        String name = TestDynamoDb.uniqueTableName("observer");
        table = KeyPathTables.builder().client(client).tableName(name).register(Model.ALL)
                .operationObserver(RECORDING).operationListener(LISTENED::add).build();
        asyncTable = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(Model.ALL)
                .operationObserver(RECORDING).operationListener(LISTENED::add).build();
        throwingTable = KeyPathTables.builder().client(client).tableName(name).register(Model.ALL)
                .operationObserver(THROWING).operationListener(LISTENED::add).build();
        table.bootstrap();
    }

    @AfterAll
    static void tearDown() {
        asyncClient.close();
    }

    @BeforeEach
    void clear() {
        EVENTS.clear();
        ANSWERS.clear();
        ENDS.clear();
        LISTENED.clear();
    }

    private static <T> T call(Kind kind, Function<KeyPathTable, T> sync,
                              Function<KeyPathAsyncTable, CompletableFuture<T>> async) {
        if (kind == Kind.SYNC) {
            return sync.apply(table);
        }
        try {
            return async.apply(asyncTable).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aGetIsStartedBeforeItsRequestAndEndedOnceWithTheListenersReport(Kind kind) {
        User user = new User(UUID.randomUUID(), "kim", "kim@example.com", null, null);
        table.put(user);
        clear();
        KeyPath path = KeyPath.of("user", user.userId());
        call(kind, t -> t.get(User.class, path), t -> t.get(User.class, path));
        assertThat(EVENTS).containsExactly("start GET User.get " + path, "request GetItem", "answered GetItem",
                "end SUCCESS " + path);
        assertThat(ENDS).containsExactlyElementsOf(LISTENED);
        assertThat(ANSWERS.get(0)[0]).isCloseTo(ENDS.get(0).capacity().readUnits(), within(1e-9)).isPositive();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aPutWithASequenceIdHearsTheAllocationAndThePutAndLearnsItsKeyPathAtTheEnd(Kind kind) {
        UUID owner = UUID.randomUUID();
        Post post = Post.of(owner, 0, "hello", "news");
        Post stored = call(kind, t -> t.put(post), t -> t.put(post));
        KeyPath path = table.keyPathOf(stored);
        assertThat(EVENTS.get(0)).isEqualTo("start PUT Post.put null");
        assertThat(EVENTS.get(EVENTS.size() - 1)).isEqualTo("end SUCCESS " + path);
        assertThat(EVENTS).contains("request UpdateItem", "request PutItem"); // the allocation, then the put
        for (int i = 1; i < EVENTS.size() - 1; i += 2) {
            assertThat(EVENTS.get(i + 1)).isEqualTo(EVENTS.get(i).replace("request", "answered"));
        }
        OperationReport report = ENDS.get(0);
        assertThat(report.kind()).isEqualTo(OperationKind.PUT);
        assertThat(ANSWERS.stream().mapToDouble(a -> a[1]).sum()).as("the requests' write units sum the report's")
                .isCloseTo(report.capacity().writeUnits(), within(1e-9));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aReadModifyWriteStartsItsReadAndCommitWithItsObservationAsParent(Kind kind) {
        User user = new User(UUID.randomUUID(), "kim", "kim@example.com", null, null);
        User stored = table.put(user);
        KeyPath path = table.keyPathOf(stored);
        List<OperationStart> starts = new CopyOnWriteArrayList<>();
        List<OperationObservation> handles = new CopyOnWriteArrayList<>();
        OperationObserver parents = start -> {
            starts.add(start);
            OperationObservation handle = report -> { };
            handles.add(handle);
            return handle;
        };
        if (kind == Kind.SYNC) {
            KeyPathTable observed = KeyPathTables.builder().client(client).tableName(table.tableName())
                    .register(Model.ALL).operationObserver(parents).build();
            observed.readModifyWrite(tx -> tx.read(User.class, path));
        } else {
            KeyPathAsyncTable observed = KeyPathTables.asyncBuilder().client(asyncClient)
                    .tableName(table.tableName()).register(Model.ALL).operationObserver(parents).build();
            observed.readModifyWrite(tx -> tx.read(User.class, path)).join();
        }
        assertThat(starts).extracting(OperationStart::kind).containsExactly(OperationKind.READ_MODIFY_WRITE,
                OperationKind.GET, OperationKind.TRANSACT_WRITE);
        assertThat(starts.get(0).parent()).isNull();
        assertThat(starts.get(1).parent()).isSameAs(handles.get(0));
        assertThat(starts.get(2).parent()).isSameAs(handles.get(0));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aReadModifyWriteReportsTheSumOfItsReadsAndCommitUnderItsOwnName(Kind kind) {
        User stored = table.put(new User(UUID.randomUUID(), "kim", "kim@example.com", null, null));
        KeyPath path = table.keyPathOf(stored);
        clear();
        if (kind == Kind.SYNC) {
            table.readModifyWrite(tx -> tx.put(renamed(tx.read(User.class, path).orElseThrow())));
        } else {
            asyncTable.readModifyWrite(tx -> tx.read(User.class, path)
                    .thenApply(found -> tx.put(renamed(found.orElseThrow())))).join();
        }
        OperationReport unit = LISTENED.stream().filter(r -> r.kind() == OperationKind.READ_MODIFY_WRITE)
                .findFirst().orElseThrow();
        List<OperationReport> inside = LISTENED.stream().filter(r -> r != unit).toList();
        assertThat(inside).extracting(OperationReport::kind).contains(OperationKind.GET, OperationKind.TRANSACT_WRITE);
        assertThat(unit.accessPattern()).isEqualTo("readModifyWrite");
        assertThat(unit.requests()).isEqualTo(inside.stream().mapToInt(OperationReport::requests).sum()).isPositive();
        assertThat(unit.capacity().readUnits()).isPositive().isCloseTo(
                inside.stream().mapToDouble(r -> r.capacity().readUnits()).sum(), within(1e-9));
        assertThat(unit.capacity().writeUnits()).isPositive().isCloseTo(
                inside.stream().mapToDouble(r -> r.capacity().writeUnits()).sum(), within(1e-9));
        assertThat(unit.itemsRead()).isEqualTo(inside.stream().mapToLong(OperationReport::itemsRead).sum());
        assertThat(unit.capacity().tables()).containsKey(table.tableName());
    }

    private static User renamed(User user) {
        return new User(user.userId(), "lee", user.email(), user.createdAt(), user.version());
    }

    @Test
    void anObserverThatThrowsChangesNothing() {
        User user = new User(UUID.randomUUID(), "kim", "kim@example.com", null, null);
        User stored = throwingTable.put(user);
        assertThat(throwingTable.get(User.class, throwingTable.keyPathOf(stored))).contains(stored);
        assertThat(LISTENED).extracting(OperationReport::outcome)
                .containsExactly(OperationReport.Outcome.SUCCESS, OperationReport.Outcome.SUCCESS);
    }
}
