package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.micrometer.Blog.Post;
import dev.keypath.micrometer.Blog.User;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.faults.Fault;
import dev.keypath.test.faults.FaultPlan;
import dev.keypath.test.faults.FaultProxy;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * The observations and meters of a table's operations on DynamoDB Local, through both tables: names, keys and
 * parent/child structure in a {@link TestObservationRegistry}; errors, cancellations and timeouts leave no
 * observation open; the capacity the meters sum is what the engine reported, seen by an SDK interceptor.
 */
class KeyPathObservationsTest {
    private static final EngineCapacity ENGINE = new EngineCapacity();
    private static final TestObservationRegistry OBSERVATIONS = TestObservationRegistry.create();
    private static final OpenObservations OPEN = new OpenObservations();
    private static final SimpleMeterRegistry METERS = new SimpleMeterRegistry();
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static DynamoDbAsyncClient slowClient;
    private static DynamoDbClient slowSyncClient;
    private static KeyPathTable slowSyncTable;
    private static FaultProxy proxy;
    private static String name;
    private static KeyPathTable table;
    private static KeyPathAsyncTable asyncTable;
    private static KeyPathAsyncTable slowTable;
    private static OperationObserver observer;

    enum Kind { SYNC, ASYNC }

    @BeforeAll
    static void setUp() {
        OBSERVATIONS.observationConfig().observationHandler(OPEN);
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(ENGINE)).build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(ENGINE)).build();
        proxy = FaultProxy.start(engine.endpoint(), FaultPlan.NONE);
        slowClient = engine.asyncClientBuilder().endpointOverride(proxy.endpoint())
                .httpClientBuilder(NettyNioAsyncHttpClient.builder()).build();
        slowSyncClient = engine.clientBuilder().endpointOverride(proxy.endpoint())
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofMillis(300))).build();
        name = TestDynamoDb.uniqueTableName("observed");
        observer = KeyPathObservations.builder(OBSERVATIONS).meterRegistry(METERS).requestObservations(true).build();
        table = KeyPathTables.builder().client(client).tableName(name).register(Blog.TYPES)
                .operationObserver(observer).build();
        asyncTable = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(Blog.TYPES)
                .operationObserver(observer).build();
        slowTable = KeyPathTables.asyncBuilder().client(slowClient).tableName(name).register(Blog.TYPES)
                .operationObserver(observer).build();
        slowSyncTable = KeyPathTables.builder().client(slowSyncClient).tableName(name).register(Blog.TYPES)
                .operationObserver(observer).build();
        table.bootstrap();
    }

    @AfterAll
    static void tearDown() {
        client.close();
        asyncClient.close();
        slowClient.close();
        slowSyncClient.close();
        proxy.close();
    }

    @BeforeEach
    void clear() {
        OBSERVATIONS.clear();
        METERS.clear();
        ENGINE.clear();
        proxy.use(FaultPlan.NONE);
    }

    private static <T> T call(Kind kind, Function<KeyPathTable, T> sync,
                              Function<KeyPathAsyncTable, CompletableFuture<T>> async) {
        if (kind == Kind.SYNC) {
            return sync.apply(table);
        }
        try {
            return async.apply(asyncTable).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static User user() {
        return new User(UUID.randomUUID(), "kim");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aGetIsAnOperationUnderTheCallersObservationWithItsRequestUnderIt(Kind kind) {
        User stored = table.put(user());
        KeyPath path = KeyPath.of("user", stored.userId());
        clear();
        Observation caller = Observation.start("caller", OBSERVATIONS);
        try (Observation.Scope ignored = caller.openScope()) {
            Optional<User> found = call(kind, t -> t.get(User.class, path), t -> t.get(User.class, path));
            assertThat(found).isPresent();
        } finally {
            caller.stop();
        }
        assertThat(OBSERVATIONS).hasNumberOfObservationsEqualTo(3)
                .hasObservationWithNameEqualTo(KeyPathObservations.OPERATION).that()
                .hasBeenStarted().hasBeenStopped()
                .hasContextualNameEqualTo("get " + name)
                .hasParentObservationEqualTo(caller)
                .hasLowCardinalityKeyValue("db.system.name", "aws.dynamodb")
                .hasLowCardinalityKeyValue("db.operation.name", "get")
                .hasLowCardinalityKeyValue("aws.dynamodb.table_names", name)
                .hasLowCardinalityKeyValue("aws.dynamodb.index_name", "none")
                .hasLowCardinalityKeyValue("keypath.access_pattern", "User.get")
                .hasLowCardinalityKeyValue("keypath.item_type", "User")
                .hasLowCardinalityKeyValue("keypath.outcome", "success")
                .hasLowCardinalityKeyValue("error.type", "none")
                .hasHighCardinalityKeyValue("keypath.key_path", path.toString())
                .hasHighCardinalityKeyValue("aws.dynamodb.scanned_count", "1")
                .hasHighCardinalityKeyValue("aws.dynamodb.count", "1")
                .doesNotHaveError();
        assertThat(OBSERVATIONS).hasObservationWithNameEqualTo(KeyPathObservations.REQUEST).that()
                .hasBeenStopped()
                .hasContextualNameEqualTo("GetItem " + name)
                .hasLowCardinalityKeyValue("db.operation.name", "GetItem")
                .hasLowCardinalityKeyValue("db.system.name", "aws.dynamodb")
                .hasParentObservationContextMatching(c -> c instanceof KeyPathOperationContext o
                        && o.start().accessPattern().equals("User.get"));
        assertThat(OPEN.open()).isZero();
        assertThat(OBSERVATIONS.getCurrentObservation()).isNull();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aFailedConditionIsAnErrorWithItsOutcomeAndType(Kind kind) {
        User stored = table.put(user());
        clear();
        assertThatThrownBy(() -> call(kind, t -> t.put(stored, PutMode.CREATE_ONLY),
                t -> t.put(PutItem.of(stored, b -> b.mode(PutMode.CREATE_ONLY)))))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(OBSERVATIONS).hasObservationWithNameEqualTo(KeyPathObservations.OPERATION).that()
                .hasBeenStopped()
                .doesNotHaveParentObservation()
                .hasLowCardinalityKeyValue("db.operation.name", "put")
                .hasLowCardinalityKeyValue("keypath.outcome", "condition_failed")
                .hasLowCardinalityKeyValue("error.type", "dev.keypath.dynamodb.ConditionFailedException")
                .hasError();
        assertThat(OBSERVATIONS).hasObservationWithNameEqualTo(KeyPathObservations.REQUEST).that()
                .hasBeenStopped()
                .hasLowCardinalityKeyValue("db.operation.name", "PutItem")
                .hasLowCardinalityKeyValue("error.type",
                        "software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException")
                .hasError();
        assertThat(OPEN.open()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aReadModifyWriteIsTheParentOfItsReadAndCommit(Kind kind) {
        User stored = table.put(user());
        KeyPath path = KeyPath.of("user", stored.userId());
        clear();
        if (kind == Kind.SYNC) {
            table.readModifyWrite(tx -> tx.put(new User(tx.read(User.class, path).orElseThrow().userId(), "lee")));
        } else {
            asyncTable.readModifyWrite(tx -> tx.read(User.class, path)
                    .thenApply(found -> tx.put(new User(found.orElseThrow().userId(), "lee")))).join();
        }
        assertThat(OBSERVATIONS).hasNumberOfObservationsWithNameEqualTo(KeyPathObservations.OPERATION, 3)
                .hasObservationWithNameEqualTo(KeyPathObservations.OPERATION)
                .that().hasLowCardinalityKeyValue("db.operation.name", "readModifyWrite");
        assertThat(OBSERVATIONS).hasHandledContextsThatSatisfy(contexts -> {
            List<KeyPathOperationContext> operations = contexts.stream()
                    .filter(KeyPathOperationContext.class::isInstance).map(KeyPathOperationContext.class::cast)
                    .toList();
            KeyPathOperationContext rmw = operations.stream()
                    .filter(c -> c.start().accessPattern().equals("readModifyWrite")).findFirst().orElseThrow();
            assertThat(operations).filteredOn(c -> c != rmw).extracting(c -> c.start().accessPattern())
                    .containsExactly("User.readChecked", "readCheckedTransact");
            assertThat(operations).filteredOn(c -> c != rmw)
                    .allSatisfy(c -> assertThat(c.getParentObservation().getContextView()).isSameAs(rmw));
        });
        assertThat(OPEN.open()).isZero();
    }

    @Test
    void anAsyncGetCancelledInFlightLeavesNoObservationOpen() throws Exception {
        proxy.use(FaultPlan.builder().operations("GetItem").script(Fault.DELAYED_ANSWER)
                .delay(Duration.ofSeconds(2)).build());
        long before = proxy.counts().requests(); // the proxy counts every test's requests
        CompletableFuture<Optional<User>> get = slowTable.get(User.class, KeyPath.of("user", UUID.randomUUID()));
        awaitUntil(() -> proxy.counts().requests() > before);
        assertThat(OPEN.open()).as("the operation and its request are open").isEqualTo(2);
        get.cancel(true);
        awaitUntil(() -> OPEN.open() == 0);
        assertThat(OBSERVATIONS).hasObservationWithNameEqualTo(KeyPathObservations.OPERATION).that()
                .hasBeenStopped().hasLowCardinalityKeyValue("keypath.outcome", "error")
                .hasLowCardinalityKeyValue("error.type", "java.util.concurrent.CancellationException");
    }

    @Test
    void anAsyncQueryThatTimedOutLeavesNoObservationOpen() throws Exception {
        proxy.use(FaultPlan.builder().operations("Query").script(Fault.DELAYED_ANSWER)
                .delay(Duration.ofMillis(800)).build());
        long before = proxy.counts().requests();
        CompletableFuture<?> page = slowTable.query(q -> q.subtree(KeyPath.of("user", UUID.randomUUID())));
        awaitUntil(() -> proxy.counts().requests() > before); // in flight, however slowly a busy machine sent it
        page.orTimeout(100, TimeUnit.MILLISECONDS);
        assertThatThrownBy(page::join).hasCauseInstanceOf(TimeoutException.class);
        awaitUntil(() -> OPEN.started() >= 2 && OPEN.open() == 0);
        assertThat(OBSERVATIONS).hasNumberOfObservationsWithNameEqualTo(KeyPathObservations.OPERATION, 1);
    }

    @Test
    void aSyncGetThatTimedOutLeavesNoObservationOpen() {
        proxy.use(FaultPlan.builder().operations("GetItem").script(Fault.DELAYED_ANSWER, Fault.DELAYED_ANSWER,
                Fault.DELAYED_ANSWER, Fault.DELAYED_ANSWER).delay(Duration.ofSeconds(1)).build());
        assertThatThrownBy(() -> slowSyncTable.get(User.class, KeyPath.of("user", UUID.randomUUID())))
                .isInstanceOf(RuntimeException.class); // the SDK's ApiCallTimeoutException
        assertThat(OPEN.open()).isZero();
        assertThat(OBSERVATIONS).hasObservationWithNameEqualTo(KeyPathObservations.OPERATION).that()
                .hasBeenStopped().hasLowCardinalityKeyValue("keypath.outcome", "error").hasError();
    }

    /** The sum of a counter over all its tags. */
    private static double sum(String meter) {
        return METERS.find(meter).counters().stream().mapToDouble(Counter::count).sum();
    }

    private static void assertMetersSumTheEngine(UUID owner) {
        assertThat(ENGINE.readUnits() + ENGINE.writeUnits()).as("the engine reported capacity").isPositive();
        assertThat(sum(KeyPathObservations.READ_UNITS)).as("read units").isCloseTo(ENGINE.readUnits(), within(1e-9));
        assertThat(sum(KeyPathObservations.WRITE_UNITS)).as("write units")
                .isCloseTo(ENGINE.writeUnits(), within(1e-9));
        assertThat(METERS.getMeters()).allSatisfy(m -> assertThat(m.getId().getTags())
                .noneMatch(t -> t.getValue().contains(owner.toString()))); // no ids in tags
    }

    /**
     * The first write of a table reads the table's layout record: the read is the write's, its unit in the write's
     * meters, so that they sum what the engine reported.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void aWriteThatReadsTheLayoutRecordCountsItsReadInItsMeters(Kind kind) {
        KeyPathTable fresh = KeyPathTables.builder().client(client).tableName(name).register(Blog.TYPES)
                .operationObserver(observer).build();
        KeyPathAsyncTable freshAsync = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .register(Blog.TYPES).operationObserver(observer).build();
        UUID owner = UUID.randomUUID();
        User user = new User(owner, "ann");
        if (kind == Kind.SYNC) {
            fresh.put(user);
        } else {
            freshAsync.put(user).join();
        }
        assertMetersSumTheEngine(owner);
        assertThat(METERS.get(KeyPathObservations.READ_UNITS).tag("keypath.access_pattern", "User.put").counter()
                .count()).as("the record's strongly consistent read").isEqualTo(1.0);
        assertThat(OPEN.open()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theMetersSumTheCapacityTheEngineReported(Kind kind) {
        UUID owner = UUID.randomUUID();
        User user = new User(owner, "ann");
        call(kind, t -> t.put(user), t -> t.put(user));
        for (long i = 1; i <= 5; i++) {
            Post post = new Post(owner, i, "post " + i, "news");
            call(kind, t -> t.put(post), t -> t.put(post));
        }
        KeyPath userPath = KeyPath.of("user", owner);
        call(kind, t -> t.get(User.class, userPath), t -> t.get(User.class, userPath));
        ItemQuery posts = ItemQuery.of(q -> q.subtree(userPath).types(Post.class).named("userPosts"));
        call(kind, t -> t.query(posts), t -> t.query(posts));
        ItemQuery byTag = ItemQuery.of(q -> q.subtree(KeyPath.of("tag", "news")).index("gsi1").types(Post.class));
        call(kind, t -> t.query(byTag), t -> t.query(byTag));
        List<ItemKey<?>> keys = List.of(ItemKey.of(User.class, userPath),
                ItemKey.of(Post.class, table.keyPathOf(new Post(owner, 1, "post 1", "news"))));
        call(kind, t -> t.batchGet(keys, ReadConsistency.EVENTUAL), t -> t.batchGet(keys, ReadConsistency.EVENTUAL));
        WriteBatch batch = WriteBatch.builder().put(new Post(owner, 6, "six", "misc"))
                .put(new Post(owner, 7, "seven", "misc")).build();
        call(kind, t -> t.batchWrite(batch), t -> t.batchWrite(batch));
        call(kind, t -> t.transact(tx -> tx.put(new Post(owner, 8, "eight", "news"))),
                t -> t.transact(tx -> tx.put(new Post(owner, 8, "eight", "news"))));
        call(kind, t -> t.transactGet(keys), t -> t.transactGet(keys));
        assertMetersSumTheEngine(owner);
        assertThat(METERS.find(KeyPathObservations.READ_UNITS).tag("aws.dynamodb.index_name", "gsi1").counters())
                .as("the index's reads are counted under its name").isNotEmpty();
        assertThat(sum(KeyPathObservations.ITEMS_READ)).isGreaterThanOrEqualTo(sum(KeyPathObservations.ITEMS_RETURNED));
        assertThat(METERS.find(KeyPathObservations.ITEMS_RETURNED).tag("keypath.access_pattern", "userPosts")
                .counter()).isNotNull();
        assertThat(OPEN.open()).isZero();
    }

    private static void awaitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2); // a ceiling on a busy machine, not a speed
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(condition.getAsBoolean()).as("within 2 minutes").isTrue();
    }
}
