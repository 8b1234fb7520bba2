package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ItemSnapshot;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.IndexModel.Member;
import dev.keypath.test.adapter.IndexModel.Task;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.User;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
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
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The capacity each operation reports is exactly what the engine reported for the requests it sent, as an SDK
 * interceptor ({@link CapacityRecorder}) saw them: summed over pages, retries, sequence allocations, alias writes
 * and index hydration, split by table and index, on both tables. Failed requests are reported as unreported, never
 * estimated.
 */
class CapacityTest {
    private static final CapacityRecorder RECORDER = new CapacityRecorder();
    private static final FaultInjector FAULTS = new FaultInjector();
    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static String name;
    private static KeyPathTable table;
    private static KeyPathAsyncTable asyncTable;

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS).addExecutionInterceptor(RECORDER))
                .build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS).addExecutionInterceptor(RECORDER))
                .build();
        name = TestDynamoDb.uniqueTableName("capacity");
        table = KeyPathTables.builder().client(client).tableName(name).layoutRefresh(ONCE).register(TYPES)
                .batchPolicy(TableFixture.FAST_RETRIES).operationListener(REPORTS::add).build();
        asyncTable = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .layoutRefresh(ONCE).register(TYPES)
                .batchPolicy(TableFixture.FAST_RETRIES).operationListener(REPORTS::add).build();
        table.bootstrap();
        // each table reads the table's layout record before its first write: here, not in a test's calls
        asyncTable.bootstrap().join();
    }

    /**
     * Stores {@code entry} as a build from before the layout record would, which no table hears of: the entries
     * of a type a table then declares a re-shard of without the record knowing it (so it is recorded as switched).
     */
    private static void putAsBefore(EntryIn2 entry) {
        client.putItem(r -> r.tableName(name).item(ItemSchemas.of(EntryIn2.class).toItem(entry)));
    }

    /** {@code quiet}, bootstrapped: it has read the layout record, so its first write reads it no more. */
    private static KeyPathTable ready(KeyPathTable quiet) {
        quiet.bootstrap();
        return quiet;
    }

    /** The asynchronous {@link #ready(KeyPathTable)}. */
    private static KeyPathAsyncTable ready(KeyPathAsyncTable quiet) {
        quiet.bootstrap().join();
        return quiet;
    }

    /**
     * How often the tables read the layout record before a write: once an hour, so that they read it at bootstrap
     * (or their first write) only, not among a test's calls.
     */
    private static final Duration ONCE = Duration.ofHours(1);

    private static final Class<?>[] TYPES = {User.class, Post.class, Comment.class, Task.class, Member.class,
            Lapse.class};

    /** An entry kept in 2 shards. */
    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}", name = "Entry")
    @Sharded(count = 2, by = "entryId")
    record EntryIn2(String feed, long entryId, String text) {
    }

    /** The same entry, its type being re-sharded from 2 shards to 8. */
    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}", name = "Entry")
    @Sharded(count = 8, by = "entryId", formerCount = 2)
    record EntryTo8(String feed, long entryId, String text) {
    }

    /** An item that expires. */
    @ItemType(keyPath = "/lapse-{id}")
    record Lapse(String id, String note, @TimeToLive Instant expiresAt) {
    }

    @AfterAll
    static void tearDown() {
        client.close();
        asyncClient.close();
    }

    @BeforeEach
    void clear() {
        RECORDER.clear();
        REPORTS.clear();
    }

    enum Kind { SYNC, ASYNC }

    /** The sync table's call, or the async table's awaited, its failure thrown unwrapped. */
    private static <T> T call(Kind kind, Function<KeyPathTable, T> sync,
                              Function<KeyPathAsyncTable, CompletableFuture<T>> async) {
        return call(kind, table, asyncTable, sync, async);
    }

    /** {@code syncTable}'s call, or {@code asyncTable}'s awaited, its failure thrown unwrapped. */
    private static <T> T call(Kind kind, KeyPathTable syncTable, KeyPathAsyncTable asyncTable,
                              Function<KeyPathTable, T> sync, Function<KeyPathAsyncTable, CompletableFuture<T>> async) {
        if (kind == Kind.SYNC) {
            return sync.apply(syncTable);
        }
        try {
            return async.apply(asyncTable).get(AsyncResults.TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Runs {@code setup} unrecorded: its calls and reports are cleared afterwards. */
    private static void given(Runnable setup) {
        setup.run();
        RECORDER.clear();
        REPORTS.clear();
    }

    /** The one report of the one operation run since the last clear. */
    private static OperationReport only() {
        assertThat(REPORTS).hasSize(1);
        return REPORTS.get(0);
    }

    /**
     * {@code capacity} is what the engine reported for the calls recorded: totals, reads and writes, the table's
     * part, each index's part, the requests and those without a figure; and every item call asked for INDEXES.
     */
    /** A table of the test's types that nothing follows, asking {@code mode} of pages. */
    private static KeyPathTable quietTable(ReturnConsumedCapacity mode) {
        return ready(KeyPathTables.builder().client(client).tableName(name).layoutRefresh(ONCE).register(TYPES)
                .returnConsumedCapacity(mode).build());
    }

    /** The asynchronous {@link #quietTable}. */
    private static KeyPathAsyncTable quietAsyncTable(ReturnConsumedCapacity mode) {
        return ready(KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .layoutRefresh(ONCE).register(TYPES)
                .returnConsumedCapacity(mode).build());
    }

    /**
     * No request recorded since the last {@code clear()} asked for capacity or was answered with any, and no
     * operation was reported: what a table that nothing follows must show, {@code mode} being what it asks of pages.
     */
    private static void assertNothingAskedOrReported(ReturnConsumedCapacity mode) {
        assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.asked()).as(mode + " " + c.operation())
                .isNull());
        assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.consumed()).as(mode + " " + c.operation())
                .isEmpty());
        assertThat(REPORTS).isEmpty();
    }

    private static void assertEngineSums(OperationCapacity capacity) {
        List<CapacityRecorder.Call> calls = RECORDER.calls();
        assertThat(capacity.requests()).as("requests").isEqualTo(calls.size());
        assertThat(capacity.unreportedRequests()).as("unreported").isEqualTo(RECORDER.unreported());
        assertThat(capacity.totalUnits()).as("total").isCloseTo(RECORDER.totalUnits(), within(1e-9));
        assertThat(capacity.readUnits()).as("read").isCloseTo(RECORDER.readUnits(), within(1e-9));
        assertThat(capacity.writeUnits()).as("write").isCloseTo(RECORDER.writeUnits(), within(1e-9));
        assertThat(capacity.table(name).totalUnits()).as("table").isCloseTo(RECORDER.tableUnits(name), within(1e-9));
        Set<String> indexes = new TreeSet<>(capacity.globalIndexes().keySet());
        indexes.addAll(capacity.localIndexes().keySet());
        assertThat(indexes).as("indexes").isEqualTo(RECORDER.indexesReported());
        for (String index : indexes) {
            assertThat(capacity.index(index).totalUnits()).as(index).isCloseTo(RECORDER.indexUnits(index),
                    within(1e-9));
        }
        assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.asked()).as(c.operation()).isEqualTo("INDEXES"));
        // DynamoDB Local reports capacity in every successful response, and none for a failed call
        assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.consumed().isEmpty()).as(c.operation())
                .isEqualTo(c.failed()));
        assertThat(capacity.complete()).isEqualTo(RECORDER.unreported() == 0);
    }

    private static void assertReport(OperationReport report, OperationKind kind, String pattern,
                                     OperationReport.Outcome outcome) {
        assertThat(report.kind()).isEqualTo(kind);
        assertThat(report.accessPattern()).isEqualTo(pattern);
        assertThat(report.outcome()).isEqualTo(outcome);
        assertThat(report.table()).isEqualTo(name);
        assertThat(report.requests()).isEqualTo(report.capacity().requests());
        assertThat(report.duration()).isPositive();
        assertEngineSums(report.capacity());
    }

    private static User user() {
        return new User(UUID.randomUUID(), "kim", "kim@example.com", Instant.parse("2025-01-01T00:00:00Z"), null);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void getHitAndMiss(Kind kind) {
        User stored = table.put(user());
        KeyPath path = table.keyPathOf(stored);
        given(() -> { });

        Optional<User> found = call(kind, t -> t.get(User.class, path), t -> t.get(User.class, path));
        assertThat(found).isPresent();
        OperationReport hit = only();
        assertReport(hit, OperationKind.GET, "User.get", OperationReport.Outcome.SUCCESS);
        assertThat(hit.itemType()).isEqualTo(User.class);
        assertThat(hit.capacity().reported()).isTrue();
        assertThat(hit.capacity().readUnits()).isPositive();
        assertThat(hit.itemsRead()).isEqualTo(1);
        assertThat(hit.itemsReturned()).isEqualTo(1);
        assertThat(hit.keyPath()).isEqualTo(path);
        assertThat(hit.partition()).contains(path.prefix(1));

        clear();
        KeyPath missing = KeyPath.of("user", UUID.randomUUID());
        Optional<User> none = call(kind, t -> t.get(User.class, missing), t -> t.get(User.class, missing));
        assertThat(none).isEmpty();
        OperationReport miss = only();
        assertReport(miss, OperationKind.GET, "User.get", OperationReport.Outcome.SUCCESS);
        assertThat(miss.itemsRead()).isZero();
        assertThat(miss.itemsReturned()).isZero();
        assertThat(miss.addressed()).contains(missing);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void putInEveryModeAndAFailedCondition(Kind kind) {
        User fresh = user();
        for (PutMode mode : List.of(PutMode.REPLACE, PutMode.CREATE_ONLY)) {
            clear();
            User item = new User(UUID.randomUUID(), "n", "e", fresh.createdAt(), null);
            call(kind, t -> t.put(item, mode), t -> t.put(PutItem.of(item, b -> b.mode(mode))));
            assertReport(only(), OperationKind.PUT, "User.put", OperationReport.Outcome.SUCCESS);
            assertThat(only().capacity().writeUnits()).as(mode.name()).isPositive();
        }
        User stored = table.put(fresh);
        given(() -> { });
        User changed = new User(stored.userId(), "other", stored.email(), stored.createdAt(), stored.version());
        call(kind, t -> t.put(changed, PutMode.REPLACE_EXISTING),
                t -> t.put(PutItem.of(changed, b -> b.mode(PutMode.REPLACE_EXISTING))));
        assertReport(only(), OperationKind.PUT, "User.put", OperationReport.Outcome.SUCCESS);

        clear();
        User again = new User(stored.userId(), "third", stored.email(), stored.createdAt(), null);
        assertThatThrownBy(() -> call(kind, t -> t.put(again, PutMode.CREATE_ONLY),
                t -> t.put(PutItem.of(again, b -> b.mode(PutMode.CREATE_ONLY)))))
                .isInstanceOf(ConditionFailedException.class);
        OperationReport failed = only();
        assertReport(failed, OperationKind.PUT, "User.put", OperationReport.Outcome.CONDITION_FAILED);
        assertThat(failed.error()).isInstanceOf(ConditionFailedException.class);
        assertThat(failed.capacity().unreportedRequests()).isEqualTo(RECORDER.failed()).isPositive();
        assertThat(failed.capacity().complete()).isFalse();
        assertThat(failed.keyPath()).isEqualTo(table.keyPathOf(again));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void putWithASequenceIdCountsTheAllocationAndTheIndex(Kind kind) {
        Post post = Post.of(UUID.randomUUID(), 0, "hello", "news");
        Post stored = call(kind, t -> t.put(post), t -> t.put(post));
        assertThat(stored.postId()).isPositive();
        OperationReport report = only();
        assertReport(report, OperationKind.PUT, "Post.put", OperationReport.Outcome.SUCCESS);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation).contains("UpdateItem", "PutItem");
        assertThat(report.requests()).isGreaterThanOrEqualTo(2);
        assertThat(report.capacity().index("gsi1").writeUnits()).isPositive();
        assertThat(report.keyPath()).as("the key path with its allocated id").isEqualTo(table.keyPathOf(stored));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void updateCarriesItsCapacity(Kind kind) {
        User stored = table.put(user());
        KeyPath path = table.keyPathOf(stored);
        given(() -> { });
        UpdateItem<User> update = UpdateItem.of(User.class, path, UpdateSpec.of(s -> s.set("name", "lee")));
        UpdateResult<User> result = call(kind, t -> t.updateWithResult(update), t -> t.updateWithResult(update));
        OperationReport report = only();
        assertReport(report, OperationKind.UPDATE, "User.update", OperationReport.Outcome.SUCCESS);
        assertThat(result.capacity()).isEqualTo(report.capacity());
        assertThat(result.capacity().writeUnits()).isPositive();
    }

    /**
     * A write whose table's copy of the layout record is older than its refresh interval reads the record first:
     * that read is the write's, its unit in the update's capacity and in its report, so that the report sums every
     * request on the wire.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void anUpdateThatRefreshesTheLayoutRecordCarriesItsRead(Kind kind) throws InterruptedException {
        Duration refresh = Duration.ofMillis(50);
        KeyPathTable refreshing = ready(KeyPathTables.builder().client(client).tableName(name).layoutRefresh(refresh)
                .register(TYPES).operationListener(REPORTS::add).build());
        KeyPathAsyncTable refreshingAsync = ready(KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .layoutRefresh(refresh).register(TYPES).operationListener(REPORTS::add).build());
        User stored = table.put(user());
        KeyPath path = table.keyPathOf(stored);
        Thread.sleep(refresh.toMillis() * 2); // the copies are older than the refresh interval
        given(() -> { });
        UpdateItem<User> update = UpdateItem.of(User.class, path, UpdateSpec.of(s -> s.set("name", "lee")));
        UpdateResult<User> result = call(kind, refreshing, refreshingAsync, t -> t.updateWithResult(update),
                t -> t.updateWithResult(update));
        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("GetItem", "UpdateItem");
        OperationReport report = only();
        assertReport(report, OperationKind.UPDATE, "User.update", OperationReport.Outcome.SUCCESS);
        assertThat(result.capacity()).isEqualTo(report.capacity());
        assertThat(result.capacity().readUnits()).as("the record's strongly consistent read").isEqualTo(1.0);
        assertThat(result.capacity().writeUnits()).isPositive();
    }

    /**
     * The first write of a table that has not read its layout record reads it: a put's report counts that read,
     * and the next write, with a fresh copy, sends its own request alone.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void theFirstWriteOfATableReportsItsReadOfTheLayoutRecord(Kind kind) {
        KeyPathTable fresh = KeyPathTables.builder().client(client).tableName(name).layoutRefresh(ONCE)
                .register(TYPES).operationListener(REPORTS::add).build();
        KeyPathAsyncTable freshAsync = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .layoutRefresh(ONCE).register(TYPES).operationListener(REPORTS::add).build();
        User user = user();
        User stored = call(kind, fresh, freshAsync, t -> t.put(user), t -> t.put(user));
        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("GetItem", "PutItem");
        OperationReport first = only();
        assertReport(first, OperationKind.PUT, "User.put", OperationReport.Outcome.SUCCESS);
        assertThat(first.capacity().readUnits()).isEqualTo(1.0);
        assertThat(first.requests()).isEqualTo(2);

        given(() -> { });
        call(kind, fresh, freshAsync, t -> t.put(stored), t -> t.put(stored));
        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation).containsExactly("PutItem");
        assertReport(only(), OperationKind.PUT, "User.put", OperationReport.Outcome.SUCCESS);
        assertThat(only().capacity().readUnits()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void delete(Kind kind) {
        User stored = table.put(user());
        KeyPath path = table.keyPathOf(stored);
        given(() -> { });
        DeleteItem<User> delete = DeleteItem.builder(User.class, path).returnDeleted().build();
        Optional<User> deleted = call(kind, t -> t.delete(delete), t -> t.delete(delete));
        assertThat(deleted).isPresent();
        assertReport(only(), OperationKind.DELETE, "User.delete", OperationReport.Outcome.SUCCESS);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void queryPagesEachCarryTheirOwnCapacity(Kind kind) {
        UUID userId = UUID.randomUUID();
        given(() -> {
            for (int i = 1; i <= 7; i++) {
                table.put(new Comment(userId, 1, i, "c" + i));
            }
        });
        ItemQuery first = ItemQuery.of(q -> q.subtree(KeyPath.of("user", userId).then("post", 1)).limit(3));
        List<String> names = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            clear();
            ItemQuery query = first.toBuilder().pageToken(token).build();
            Page<Object> page = call(kind, t -> t.query(query), t -> t.query(query));
            OperationReport report = only();
            assertReport(report, OperationKind.QUERY, report.accessPattern(), OperationReport.Outcome.SUCCESS);
            assertThat(page.capacity()).isEqualTo(report.capacity());
            assertThat(report.itemsReturned()).isEqualTo(page.items().size());
            assertThat(report.itemsRead()).isEqualTo(page.scannedCount());
            assertThat(report.keyPath()).isEqualTo(query.subtree().orElseThrow());
            assertThat(report.partition()).contains(KeyPath.of("user", userId));
            names.add(report.accessPattern());
            token = page.nextPageToken();
            pages++;
        } while (token != null);
        assertThat(pages).isGreaterThanOrEqualTo(3);
        assertThat(Set.copyOf(names)).containsExactly("query /user-{}/post-{} subtree");

        clear();
        ItemQuery named = first.toBuilder().named("comments").build();
        call(kind, t -> t.query(named), t -> t.query(named));
        assertThat(only().accessPattern()).isEqualTo("comments");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void keysOnlyIndexQueryCountsTheIndexAndTheHydration(Kind kind) {
        String assignee = "ann-" + UUID.randomUUID();
        UUID userId = UUID.randomUUID();
        given(() -> {
            for (int i = 1; i <= 4; i++) {
                table.put(new Task(userId, i, 20250100 + i, assignee, "open", "t" + i, "notes"));
            }
        });
        ItemQuery query = ItemQuery.of(q -> q.index("byAssignee").subtree(KeyPath.of("assignee", assignee)));
        Page<Object> page = call(kind, t -> t.query(query), t -> t.query(query));
        assertThat(page.items()).hasSize(4);
        OperationReport report = only();
        assertReport(report, OperationKind.QUERY, "query /assignee-{} subtree on byAssignee",
                OperationReport.Outcome.SUCCESS);
        assertThat(report.index()).isEqualTo("byAssignee");
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("Query", "BatchGetItem");
        assertThat(page.capacity()).isEqualTo(report.capacity());
        assertThat(report.capacity().globalIndexes()).containsOnlyKeys("byAssignee");
        assertThat(report.capacity().index("byAssignee").readUnits()).isPositive();
        assertThat(report.capacity().table(name).readUnits()).isPositive(); // the batch get of the items

        clear();
        ItemQuery local = ItemQuery.of(q -> q.index("byDue").subtree(KeyPath.of("user", userId).then("due")));
        call(kind, t -> t.query(local), t -> t.query(local));
        assertReport(only(), OperationKind.QUERY, "query /user-{}/due subtree on byDue",
                OperationReport.Outcome.SUCCESS);
        assertThat(only().capacity().localIndexes()).containsOnlyKeys("byDue");
        assertThat(only().capacity().index("byDue").readUnits()).isPositive();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void count(Kind kind) {
        UUID userId = UUID.randomUUID();
        given(() -> {
            for (int i = 1; i <= 5; i++) {
                table.put(new Comment(userId, 2, i, "c"));
            }
        });
        ItemQuery query = ItemQuery.of(q -> q.subtree(KeyPath.of("user", userId).then("post", 2)).types(Comment.class));
        long counted = call(kind, t -> t.count(query), t -> t.count(query));
        assertThat(counted).isEqualTo(5);
        OperationReport report = only();
        assertReport(report, OperationKind.COUNT, "count /user-{}/post-{} subtree types=Comment",
                OperationReport.Outcome.SUCCESS);
        assertThat(report.itemsReturned()).isEqualTo(5);
        assertThat(report.itemType()).isEqualTo(Comment.class);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void parallelScanPagesSumToWhatTheEngineReported(Kind kind) {
        given(() -> {
            UUID userId = UUID.randomUUID();
            for (int i = 1; i <= 6; i++) {
                table.put(new Comment(userId, 3, i, "c"));
            }
        });
        ItemScan scan = ItemScan.of(s -> s.types(Comment.class).limit(4));
        List<Page<Object>> pages = new CopyOnWriteArrayList<>();
        if (kind == Kind.SYNC) {
            assertThat(table.scanInParallel(scan, 3).count()).isPositive();
        } else {
            call(kind, t -> null, t -> t.scanInParallel(scan, 3, pages::add));
            assertThat(pages).isNotEmpty();
        }
        OperationCapacity sum = OperationCapacity.NONE;
        for (OperationReport report : REPORTS) {
            assertThat(report.kind()).isEqualTo(OperationKind.SCAN);
            assertThat(report.accessPattern()).isEqualTo("scan segments=3 types=Comment");
            assertThat(report.partition()).as("a scan addresses no partition").isEmpty();
            sum = sum.plus(report.capacity());
        }
        assertEngineSums(sum);
        if (kind == Kind.ASYNC) {
            assertThat(pages.stream().map(Page::capacity).reduce(OperationCapacity.NONE, OperationCapacity::plus))
                    .isEqualTo(sum);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void batchesWithUnprocessedItemsCountEveryRetry(Kind kind) {
        UUID userId = UUID.randomUUID();
        List<Comment> comments = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            comments.add(new Comment(userId, 4, i, "c" + i));
        }
        WriteBatch batch = WriteBatch.builder().putAll(comments).build();
        FAULTS.dropBatchItems(2);
        call(kind, t -> t.batchWrite(batch), t -> t.batchWrite(batch));
        OperationReport write = only();
        assertReport(write, OperationKind.BATCH_WRITE, "Comment.batchWrite", OperationReport.Outcome.SUCCESS);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation).containsOnly("BatchWriteItem");
        assertThat(write.retries()).isEqualTo(2);
        assertThat(write.capacity().writeUnits()).isPositive();

        clear();
        List<ItemKey<?>> keys = comments.stream().<ItemKey<?>>map(c -> ItemKey.of(Comment.class,
                table.keyPathOf(c))).toList();
        FAULTS.dropBatchItems(1);
        List<Object> read = call(kind, t -> t.batchGet(keys, dev.keypath.dynamodb.ReadConsistency.EVENTUAL),
                t -> t.batchGet(keys, dev.keypath.dynamodb.ReadConsistency.EVENTUAL));
        assertThat(read).hasSize(10);
        OperationReport get = only();
        assertReport(get, OperationKind.BATCH_GET, "Comment.batchGet", OperationReport.Outcome.SUCCESS);
        assertThat(get.retries()).isEqualTo(1);
        assertThat(get.itemsRead()).isEqualTo(10);
        assertThat(get.itemsReturned()).isEqualTo(10);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void transactionsAndACancelledOne(Kind kind) {
        User a = table.put(user());
        User b = user();
        given(() -> { });
        call(kind, t -> t.transact(tx -> tx.put(b).delete(DeleteItem.of(a))),
                t -> t.transact(tx -> tx.put(b).delete(DeleteItem.of(a))));
        OperationReport done = only();
        assertReport(done, OperationKind.TRANSACT_WRITE, "transact", OperationReport.Outcome.SUCCESS);
        assertThat(done.capacity().writeUnits()).isPositive();

        clear();
        KeyPath absent = KeyPath.of("user", UUID.randomUUID());
        assertThatThrownBy(() -> call(kind,
                t -> t.transact(tx -> tx.put(user()).conditionCheck(User.class, absent, Condition.attributeEquals("name", "nobody"))),
                t -> t.transact(tx -> tx.put(user()).conditionCheck(User.class, absent, Condition.attributeEquals("name", "nobody")))))
                .isInstanceOf(TransactionFailedException.class);
        OperationReport cancelled = only();
        assertReport(cancelled, OperationKind.TRANSACT_WRITE, "transact", OperationReport.Outcome.CONDITION_FAILED);
        assertThat(cancelled.capacity().reported()).isFalse(); // a cancelled transaction's response carries none
        assertThat(cancelled.capacity().unreportedRequests()).isEqualTo(1);

        clear();
        List<ItemKey<?>> keys = List.of(ItemKey.of(User.class, table.keyPathOf(b)), ItemKey.of(User.class, absent));
        ItemSnapshot snapshot = call(kind, t -> t.transactGet(keys), t -> t.transactGet(keys));
        OperationReport read = only();
        assertReport(read, OperationKind.TRANSACT_GET, "User.transactGet", OperationReport.Outcome.SUCCESS);
        assertThat(snapshot.capacity()).isEqualTo(read.capacity());
        assertThat(read.itemsReturned()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void uniqueKeyPathWritesCountTheAliasReadAndTransaction(Kind kind) {
        Member member = new Member(UUID.randomUUID(), "m-" + UUID.randomUUID() + "@example.com", null, "kim", null);
        call(kind, t -> t.put(member), t -> t.put(member));
        OperationReport report = only();
        assertReport(report, OperationKind.PUT, "Member.put", OperationReport.Outcome.SUCCESS);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("GetItem", "TransactWriteItems");
        assertThat(report.capacity().readUnits()).isPositive();
        assertThat(report.capacity().writeUnits()).isPositive();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void subtreeDeletionCarriesItsCapacity(Kind kind) {
        UUID userId = UUID.randomUUID();
        KeyPath prefix = KeyPath.of("user", userId).then("post", 9);
        given(() -> {
            for (int i = 1; i <= 30; i++) {
                table.put(new Comment(userId, 9, i, "c"));
            }
        });
        SubtreeDeletion deletion = call(kind, t -> t.deleteSubtree(prefix), t -> t.deleteSubtree(prefix, 0));
        assertThat(deletion.deleted()).isEqualTo(30);
        OperationReport report = only();
        assertReport(report, OperationKind.DELETE_SUBTREE, "deleteSubtree /user-{}/post-{}",
                OperationReport.Outcome.SUCCESS);
        assertThat(deletion.capacity()).isEqualTo(report.capacity());
        assertThat(deletion).isEqualTo(new SubtreeDeletion(30, true, null)); // capacity is not part of the value
    }

    /**
     * Bootstrap's control calls consume no capacity; its one item call is the strongly consistent read of the
     * table's layout record (the record knows every type already, so nothing is written), whose unit it reports as
     * the engine did.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void bootstrapSendsCallsThatConsumeNoCapacityAndReadsTheLayoutRecord(Kind kind) {
        call(kind, KeyPathTable::bootstrap, KeyPathAsyncTable::bootstrap);
        OperationReport report = only();
        assertThat(report.kind()).isEqualTo(OperationKind.BOOTSTRAP);
        assertThat(report.accessPattern()).isEqualTo("bootstrap");
        assertThat(report.requests()).isEqualTo(RECORDER.calls().size()).isPositive();
        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation).containsExactly("GetItem");
        assertThat(report.capacity().totalUnits()).isEqualTo(RECORDER.totalUnits()).isEqualTo(1.0);
        assertThat(report.capacity().readUnits()).isEqualTo(1.0);
    }

    @Test
    void otherModesAskForWhatTheySayAndAListenerCannotBreakAnOperation() {
        Map<ReturnConsumedCapacity, List<OperationReport>> seen = new java.util.EnumMap<>(ReturnConsumedCapacity.class);
        for (ReturnConsumedCapacity mode : List.of(ReturnConsumedCapacity.TOTAL, ReturnConsumedCapacity.NONE)) {
            List<OperationReport> reports = new CopyOnWriteArrayList<>();
            KeyPathTable other = KeyPathTables.builder().client(client).tableName(name)
                    .layoutRefresh(ONCE).register(TYPES)
                    .returnConsumedCapacity(mode).operationListener(r -> {
                        reports.add(r);
                        throw new IllegalStateException("a broken listener");
                    }).build();
            clear();
            Post post = other.put(Post.of(UUID.randomUUID(), 0, "t", "news"));
            assertThat(other.get(Post.class, other.keyPathOf(post))).isPresent();
            // DynamoDB reports nothing unless asked: for NONE, the request leaves the field out
            String asked = mode == ReturnConsumedCapacity.NONE ? null : mode.toString();
            assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.asked()).isEqualTo(asked));
            seen.put(mode, reports);
        }
        assertThat(seen.get(ReturnConsumedCapacity.TOTAL)).hasSize(2).allSatisfy(r -> {
            assertThat(r.capacity().reported()).isTrue();
            assertThat(r.capacity().globalIndexes()).isEmpty();
        });
        assertThat(seen.get(ReturnConsumedCapacity.NONE)).hasSize(2).allSatisfy(r -> {
            assertThat(r.capacity().reported()).isFalse();
            assertThat(r.capacity().unreportedRequests()).isEqualTo(r.requests());
        });
    }

    /**
     * With nothing following the table, a get, a put or a delete asks for no capacity: its result carries none, so
     * no one could read the figure, and the SDK would spend part of a small call's processing on it. Every result
     * that carries capacity (a page, an update's result) still asks for INDEXES, and so does the same get, put and
     * delete as soon as a listener follows the table.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void withoutAListenerOnlyOperationsWhoseResultsCarryCapacityAskForIt(Kind kind) {
        KeyPathTable quiet = ready(KeyPathTables.builder().client(client).tableName(name)
                .layoutRefresh(ONCE).register(TYPES).build());
        KeyPathAsyncTable quietAsync = ready(KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .layoutRefresh(ONCE)
                .register(TYPES).build());
        User user = user();
        KeyPath path = table.keyPathOf(user);
        clear();
        if (kind == Kind.SYNC) {
            quiet.put(user);
            quiet.get(User.class, path);
            quiet.delete(User.class, path);
        } else {
            AsyncResults.await(quietAsync.put(user));
            AsyncResults.await(quietAsync.get(User.class, path));
            AsyncResults.await(quietAsync.delete(User.class, path));
        }
        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("PutItem", "GetItem", "DeleteItem");
        assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.asked()).as(c.operation()).isNull());
        assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.consumed()).as(c.operation()).isEmpty());

        clear();
        quiet.put(user);
        ItemQuery subtree = ItemQuery.of(q -> q.subtree(path));
        Page<Object> page = kind == Kind.SYNC ? quiet.query(subtree) : AsyncResults.await(quietAsync.query(subtree));
        UpdateResult<User> updated = quiet.updateWithResult(UpdateItem.of(User.class, path,
                UpdateSpec.of(u -> u.set("name", "lee"))));
        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("PutItem", "Query", "UpdateItem");
        assertThat(RECORDER.itemCalls().subList(1, 3))
                .allSatisfy(c -> assertThat(c.asked()).as(c.operation()).isEqualTo("INDEXES"));
        assertThat(page.capacity().reported()).isTrue();
        assertThat(updated.capacity().reported()).isTrue();
        assertThat(REPORTS).isEmpty();

        clear();
        call(kind, t -> t.get(User.class, path), t -> t.get(User.class, path));
        call(kind, t -> {
            t.delete(User.class, path);
            return null;
        }, t -> t.delete(User.class, path));
        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::asked)
                .as("the same calls on a table with a listener").containsExactly("INDEXES", "INDEXES");
    }

    /**
     * Whatever a table asks of other operations, a get, a put or a delete that nothing follows asks for no capacity,
     * since no one could read the figure; a page of the same table still asks as the table says.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void withoutAListenerAGetPutOrDeleteAsksNothingWhateverTheTableAsks(Kind kind) {
        for (ReturnConsumedCapacity mode : List.of(ReturnConsumedCapacity.TOTAL, ReturnConsumedCapacity.NONE)) {
            KeyPathTable quiet = quietTable(mode);
            KeyPathAsyncTable quietAsync = quietAsyncTable(mode);
            User user = user();
            KeyPath path = table.keyPathOf(user);
            clear();
            if (kind == Kind.SYNC) {
                quiet.put(user);
                quiet.get(User.class, path);
                quiet.delete(User.class, path);
            } else {
                AsyncResults.await(quietAsync.put(user));
                AsyncResults.await(quietAsync.get(User.class, path));
                AsyncResults.await(quietAsync.delete(User.class, path));
            }
            assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation)
                    .containsExactly("PutItem", "GetItem", "DeleteItem");
            assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.asked()).as(mode + " " + c.operation())
                    .isNull());

            clear();
            Page<Object> page = kind == Kind.SYNC ? quiet.query(ItemQuery.of(q -> q.subtree(path)))
                    : AsyncResults.await(quietAsync.query(ItemQuery.of(q -> q.subtree(path))));
            assertThat(RECORDER.itemCalls()).singleElement().satisfies(c -> assertThat(c.asked())
                    .isEqualTo(mode == ReturnConsumedCapacity.NONE ? null : mode.toString()));
            assertThat(page.capacity().reported()).isEqualTo(mode == ReturnConsumedCapacity.TOTAL);
        }
    }

    /**
     * A plain put that meets an expired item has it removed and is sent again; with nothing following the table,
     * neither the put nor the removal asks for capacity, whatever the table asks of pages.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void withoutAListenerThePutAndTheRemovalOfTheExpiredItemInItsWayAskNothing(Kind kind) {
        for (ReturnConsumedCapacity mode : List.of(ReturnConsumedCapacity.INDEXES, ReturnConsumedCapacity.TOTAL)) {
            KeyPathTable quiet = quietTable(mode);
            KeyPathAsyncTable quietAsync = quietAsyncTable(mode);
            String id = UUID.randomUUID().toString();
            table.put(new Lapse(id, "stale", Instant.now().minusSeconds(3600)));
            Lapse replacing = new Lapse(id, "fresh", null);
            clear();

            assertThatThrownBy(() -> call(kind, quiet, quietAsync, t -> t.put(replacing, PutMode.REPLACE_EXISTING),
                    t -> t.put(PutItem.of(replacing, b -> b.mode(PutMode.REPLACE_EXISTING)))))
                    .as("an expired item is absent").isInstanceOf(ConditionFailedException.class);
            assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation)
                    .containsExactly("PutItem", "DeleteItem", "PutItem");
            assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.asked()).as(mode + " " + c.operation())
                    .isNull());
        }
    }

    /**
     * A put or a delete of an item of a type being re-sharded first moves the item out of its former shard; with
     * nothing following the table, neither the move (its read and its transaction) nor the write asks for capacity.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void withoutAListenerTheMoveBeforeAWriteDuringAReshardAsksNothing(Kind kind) {
        // the entries stored as a build from before the layout record would: the re-shard the tables then declare
        // is recorded as switched, so that their writes move the items
        KeyPathTable quiet = ready(KeyPathTables.builder().client(client).tableName(name)
                .layoutRefresh(ONCE).register(EntryTo8.class)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
        KeyPathAsyncTable quietAsync = ready(KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                .layoutRefresh(ONCE)
                .register(EntryTo8.class).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
        String feed = "f" + UUID.randomUUID();
        List<Long> ids = java.util.stream.LongStream.iterate(0, i -> i + 1)
                .filter(i -> dev.keypath.ShardKeys.calculatedShard(2, List.of(dev.keypath.KeyId.of(i)))
                        != dev.keypath.ShardKeys.calculatedShard(8, List.of(dev.keypath.KeyId.of(i))))
                .limit(2).boxed().toList(); // ids whose shard among 8 differs from their shard among 2
        ids.forEach(id -> putAsBefore(new EntryIn2(feed, id, "old")));
        EntryTo8 rewritten = new EntryTo8(feed, ids.get(0), "new");
        KeyPath deleted = KeyPath.of("feed", feed).then("entry", ids.get(1));
        clear();

        call(kind, quiet, quietAsync, t -> t.put(rewritten), t -> t.put(rewritten));
        call(kind, quiet, quietAsync, t -> {
            t.delete(EntryTo8.class, deleted);
            return null;
        }, t -> t.delete(EntryTo8.class, deleted));

        assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation).containsExactly(
                "GetItem", "TransactWriteItems", "PutItem", "GetItem", "TransactWriteItems", "DeleteItem");
        assertThat(RECORDER.itemCalls()).allSatisfy(c -> assertThat(c.asked()).as(c.operation()).isNull());
        assertThat(quiet.get(EntryTo8.class, deleted)).isEmpty();
    }

    /** A view of a post: its title. */
    record PostTitle(String title) {
    }

    /**
     * With nothing following the table, whatever it asks of pages, no request of an operation whose result carries
     * no capacity asks for it, however many requests the operation sends: a projected get, a put and an id
     * generation that allocate a sequence id (the counter's {@code UpdateItem}), and the put, read by alias and
     * delete of an item with alternate key paths (the stored item's {@code GetItem}, the alias reads, the
     * {@code TransactWriteItems}).
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void withoutAListenerNoRequestOfAnOperationWhoseResultCarriesNoCapacityAsks(Kind kind) {
        dev.keypath.dynamodb.Projection<PostTitle> titles = dev.keypath.dynamodb.Projection.of(Post.class,
                PostTitle.class);
        for (ReturnConsumedCapacity mode : List.of(ReturnConsumedCapacity.INDEXES, ReturnConsumedCapacity.TOTAL)) {
            KeyPathTable quiet = quietTable(mode);
            KeyPathAsyncTable quietAsync = quietAsyncTable(mode);
            Post post = Post.of(UUID.randomUUID(), 0, "hello", "news");
            Member member = new Member(UUID.randomUUID(), "m-" + UUID.randomUUID() + "@example.com", null, "kim",
                    null);
            KeyPath alias = KeyPath.of("email", member.email());
            clear();

            Post stored = call(kind, quiet, quietAsync, t -> t.put(post), t -> t.put(post));
            Optional<PostTitle> title = call(kind, quiet, quietAsync,
                    t -> t.get(titles, quiet.keyPathOf(stored)), t -> t.get(titles, quiet.keyPathOf(stored)));
            Post generated = call(kind, quiet, quietAsync, t -> t.withGeneratedIds(post),
                    t -> t.withGeneratedIds(post));
            call(kind, quiet, quietAsync, t -> t.put(member), t -> t.put(member));
            Optional<Member> found = call(kind, quiet, quietAsync, t -> t.getByAlias(Member.class, alias),
                    t -> t.getByAlias(Member.class, alias));
            KeyPath memberPath = quiet.keyPathOf(member);
            call(kind, quiet, quietAsync, t -> {
                t.delete(Member.class, memberPath);
                return null;
            }, t -> t.delete(Member.class, memberPath));

            assertThat(title).contains(new PostTitle("hello"));
            assertThat(generated.postId()).isGreaterThan(stored.postId());
            assertThat(found).isPresent();
            Optional<Member> released = call(kind, quiet, quietAsync, t -> t.getByAlias(Member.class, alias),
                    t -> t.getByAlias(Member.class, alias));
            assertThat(released).as("the delete released the alias").isEmpty();
            assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation)
                    .contains("UpdateItem", "PutItem", "GetItem", "TransactWriteItems");
            assertNothingAskedOrReported(mode);
        }
    }

    /**
     * With nothing following the table, whatever it asks of pages, no request of a batch, a transaction, a
     * read-checked transaction, a read-modify-write or a count asks for capacity, since none of their results
     * carries it: not the batch write's or the transaction's sequence allocations ({@code UpdateItem}), not a stored
     * put's {@code BatchWriteItem}, not a count over shards, nor one over a partition being re-sharded.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void withoutAListenerNoRequestOfABatchATransactionOrACountAsks(Kind kind) {
        dev.keypath.dynamodb.Projection<PostTitle> titles = dev.keypath.dynamodb.Projection.of(Post.class,
                PostTitle.class);
        for (ReturnConsumedCapacity mode : List.of(ReturnConsumedCapacity.INDEXES, ReturnConsumedCapacity.TOTAL)) {
            KeyPathTable quiet = quietTable(mode);
            KeyPathAsyncTable quietAsync = quietAsyncTable(mode);
            UUID userId = UUID.randomUUID();
            User user = table.put(user());
            KeyPath userPath = table.keyPathOf(user);
            String feed = "f" + UUID.randomUUID();
            KeyPathTable to8 = KeyPathTables.builder().client(client).tableName(name)
                    .layoutRefresh(ONCE).register(EntryTo8.class)
                    .returnConsumedCapacity(mode).build();
            KeyPathAsyncTable to8Async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                    .layoutRefresh(ONCE)
                    .register(EntryTo8.class).returnConsumedCapacity(mode).build();
            KeyPathTable in2 = KeyPathTables.builder().client(client).tableName(name)
                    .layoutRefresh(ONCE).register(EntryIn2.class)
                    .returnConsumedCapacity(mode).build();
            KeyPathAsyncTable in2Async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                    .layoutRefresh(ONCE)
                    .register(EntryIn2.class).returnConsumedCapacity(mode).build();
            for (long id = 1; id <= 3; id++) {
                putAsBefore(new EntryIn2(feed, id, "e" + id));
            }
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> storedUser = client.getItem(
                    r -> r.tableName(name).consistentRead(true).key(Map.of(
                            "pk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromB(
                                    software.amazon.awssdk.core.SdkBytes.fromByteArray(userPath.partitionKey())),
                            "sk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromB(
                                    software.amazon.awssdk.core.SdkBytes.fromByteArray(userPath.sortKey())))))
                    .item();
            clear();

            WriteBatch batch = WriteBatch.builder().putAll(List.of(Post.of(userId, 0, "a", "news"),
                    Post.of(userId, 0, "b", "news"))).delete(User.class, KeyPath.of("user", UUID.randomUUID())).build();
            List<Object> written = call(kind, quiet, quietAsync, t -> t.batchWrite(batch), t -> t.batchWrite(batch));
            List<KeyPath> postPaths = written.stream().map(quiet::keyPathOf).toList();
            List<ItemKey<?>> keys = postPaths.stream().<ItemKey<?>>map(p -> ItemKey.of(Post.class, p)).toList();
            List<Object> read = call(kind, quiet, quietAsync,
                    t -> t.batchGet(keys, dev.keypath.dynamodb.ReadConsistency.STRONG),
                    t -> t.batchGet(keys, dev.keypath.dynamodb.ReadConsistency.STRONG));
            List<Post> typed = call(kind, quiet, quietAsync, t -> t.batchGet(Post.class, postPaths),
                    t -> t.batchGet(Post.class, postPaths));
            List<PostTitle> viewed = call(kind, quiet, quietAsync,
                    t -> t.batchGet(titles, postPaths, dev.keypath.dynamodb.ReadConsistency.EVENTUAL),
                    t -> t.batchGet(titles, postPaths, dev.keypath.dynamodb.ReadConsistency.EVENTUAL));
            call(kind, quiet, quietAsync, t -> {
                t.batchPutStored(List.of(storedUser));
                return null;
            }, t -> t.batchPutStored(List.of(storedUser)));
            List<Object> transacted = call(kind, quiet, quietAsync,
                    t -> t.transact(tx -> tx.put(Post.of(userId, 0, "c", "news")).delete(Post.class,
                            postPaths.get(1))),
                    t -> t.transact(tx -> tx.put(Post.of(userId, 0, "c", "news")).delete(Post.class,
                            postPaths.get(1))));
            if (kind == Kind.SYNC) {
                dev.keypath.dynamodb.ReadCheckedTransaction tx = quiet.readCheckedTransaction();
                assertThat(tx.read(User.class, userPath)).isPresent();
                tx.put(Post.of(userId, 0, "d", "news"));
                tx.commit();
                quiet.readModifyWrite(unit -> {
                    User seen = unit.read(User.class, userPath).orElseThrow();
                    unit.put(new User(seen.userId(), "lee", seen.email(), seen.createdAt(), seen.version()));
                    return seen;
                });
            } else {
                dev.keypath.dynamodb.AsyncReadCheckedTransaction tx = quietAsync.readCheckedTransaction();
                assertThat(AsyncResults.await(tx.read(User.class, userPath))).isPresent();
                tx.put(Post.of(userId, 0, "d", "news"));
                AsyncResults.await(tx.commit());
                AsyncResults.await(quietAsync.readModifyWrite(unit -> unit.read(User.class, userPath)
                        .thenApply(found -> {
                            User seen = found.orElseThrow();
                            unit.put(new User(seen.userId(), "lee", seen.email(), seen.createdAt(),
                                    seen.version()));
                            return seen;
                        })));
            }
            ItemQuery posts = ItemQuery.of(q -> q.subtree(KeyPath.of("user", userId)).types(Post.class));
            long counted = call(kind, quiet, quietAsync, t -> t.count(posts), t -> t.count(posts));
            ItemQuery entries = ItemQuery.of(q -> q.subtree(KeyPath.of("feed", feed)));
            long overShards = call(kind, in2, in2Async, t -> t.count(entries), t -> t.count(entries));
            long resharding = call(kind, to8, to8Async, t -> t.count(entries), t -> t.count(entries));

            assertThat(read).hasSize(2);
            assertThat(typed).hasSize(2);
            assertThat(viewed).containsExactlyInAnyOrder(new PostTitle("a"), new PostTitle("b"));
            assertThat(transacted).hasSize(2);
            assertThat(counted).as("a, c and d").isEqualTo(3);
            assertThat(overShards).isEqualTo(3);
            assertThat(resharding).isEqualTo(3);
            assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation).contains("UpdateItem",
                    "BatchWriteItem", "BatchGetItem", "TransactWriteItems", "GetItem", "Query");
            assertNothingAskedOrReported(mode);
        }
    }

    /**
     * A stream or a publisher hands over items, never a page, so with nothing following the table none of its
     * pages' requests asks for capacity, whatever the table asks of the pages it returns: a query's, a typed or
     * projected query's, a scan's, a projected scan's, a parallel scan's. With a listener, each page of a stream is
     * an operation of its own, reported with what the engine returned.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void withoutAListenerNoPageOfAStreamOrAPublisherAsks(Kind kind) {
        dev.keypath.dynamodb.Projection<PostTitle> titles = dev.keypath.dynamodb.Projection.of(Post.class,
                PostTitle.class);
        UUID userId = UUID.randomUUID();
        given(() -> {
            for (int i = 1; i <= 5; i++) {
                table.put(new Comment(userId, 7, i, "c" + i));
            }
            table.put(Post.of(userId, 0, "hello", "news"));
        });
        ItemQuery comments = ItemQuery.of(q -> q.subtree(KeyPath.of("user", userId).then("post", 7)).limit(2));
        ItemQuery posts = ItemQuery.of(q -> q.subtree(KeyPath.of("user", userId)).types(Post.class));
        ItemScan scan = ItemScan.of(s -> s.types(Comment.class).limit(50));
        ItemScan postScan = ItemScan.of(s -> s.limit(50));
        for (ReturnConsumedCapacity mode : List.of(ReturnConsumedCapacity.INDEXES, ReturnConsumedCapacity.TOTAL)) {
            KeyPathTable quiet = quietTable(mode);
            KeyPathAsyncTable quietAsync = quietAsyncTable(mode);
            clear();

            List<Object> all;
            List<Comment> typed;
            List<PostTitle> viewed;
            if (kind == Kind.SYNC) {
                all = quiet.stream(comments).toList();
                typed = quiet.stream(Comment.class, comments).toList();
                viewed = quiet.stream(titles, posts).toList();
                assertThat(quiet.stream(scan).findFirst()).isPresent();
                assertThat(quiet.stream(titles, postScan).findFirst()).isPresent();
                assertThat(quiet.scanInParallel(scan, 3).count()).isPositive();
            } else {
                all = published(quietAsync.publish(comments));
                typed = published(quietAsync.publish(Comment.class, comments));
                viewed = published(quietAsync.publish(titles, posts));
                assertThat(published(quietAsync.publish(scan))).isNotEmpty();
                assertThat(published(quietAsync.publish(titles, postScan))).isNotEmpty();
            }
            assertThat(all).hasSize(5);
            assertThat(typed).hasSize(5);
            assertThat(viewed).containsExactly(new PostTitle("hello"));
            assertThat(RECORDER.itemCalls()).extracting(CapacityRecorder.Call::operation).contains("Query", "Scan");
            assertNothingAskedOrReported(mode);
        }

        clear();
        List<Object> followed = kind == Kind.SYNC ? table.stream(comments).toList()
                : published(asyncTable.publish(comments));
        assertThat(followed).hasSize(5);
        assertThat(REPORTS).hasSizeGreaterThanOrEqualTo(3).allSatisfy(r -> assertThat(r.kind())
                .isEqualTo(OperationKind.QUERY));
        OperationCapacity sum = OperationCapacity.NONE;
        for (OperationReport report : REPORTS) {
            sum = sum.plus(report.capacity());
        }
        assertEngineSums(sum);
    }

    /** Every item {@code publisher} publishes, all requested at once, once it has completed. */
    private static <T> List<T> published(java.util.concurrent.Flow.Publisher<T> publisher) {
        List<T> items = new CopyOnWriteArrayList<>();
        CompletableFuture<List<T>> done = new CompletableFuture<>();
        publisher.subscribe(new java.util.concurrent.Flow.Subscriber<T>() {
            @Override
            public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(T item) {
                items.add(item);
            }

            @Override
            public void onError(Throwable failure) {
                done.completeExceptionally(failure);
            }

            @Override
            public void onComplete() {
                done.complete(items);
            }
        });
        return AsyncResults.await(done);
    }

    /**
     * A stored put and a read-modify-write on a table with a listener ask for INDEXES on every request, and their
     * reports (the read-modify-write's, its read's and its commit's) sum what the engine returned.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void storedPutsAndReadModifyWritesCountEveryRequest(Kind kind) {
        User user = table.put(user());
        KeyPath path = table.keyPathOf(user);
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> stored = client.getItem(
                r -> r.tableName(name).consistentRead(true).key(Map.of(
                        "pk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromB(
                                software.amazon.awssdk.core.SdkBytes.fromByteArray(path.partitionKey())),
                        "sk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromB(
                                software.amazon.awssdk.core.SdkBytes.fromByteArray(path.sortKey()))))).item();
        given(() -> { });

        call(kind, t -> {
            t.batchPutStored(List.of(stored));
            return null;
        }, t -> t.batchPutStored(List.of(stored)));
        assertReport(only(), OperationKind.BATCH_PUT_STORED, "batchPutStored", OperationReport.Outcome.SUCCESS);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation).containsExactly("BatchWriteItem");
        assertThat(only().capacity().writeUnits()).isPositive();

        clear();
        User renamed = call(kind, t -> t.readModifyWrite(unit -> {
            User seen = unit.read(User.class, path).orElseThrow();
            unit.put(new User(seen.userId(), "lee", seen.email(), seen.createdAt(), seen.version()));
            return seen;
        }), t -> t.readModifyWrite(unit -> unit.read(User.class, path).thenApply(found -> {
            User seen = found.orElseThrow();
            unit.put(new User(seen.userId(), "lee", seen.email(), seen.createdAt(), seen.version()));
            return seen;
        })));
        assertThat(renamed.userId()).isEqualTo(user.userId());
        assertThat(REPORTS).extracting(OperationReport::kind).containsExactlyInAnyOrder(OperationKind.GET,
                OperationKind.TRANSACT_WRITE, OperationKind.READ_MODIFY_WRITE);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("GetItem", "TransactWriteItems");
        OperationCapacity inside = OperationCapacity.NONE;
        OperationReport unit = null;
        for (OperationReport report : REPORTS) {
            if (report.kind() == OperationKind.READ_MODIFY_WRITE) {
                unit = report;
            } else {
                inside = inside.plus(report.capacity());
            }
        }
        assertEngineSums(inside);
        assertEngineSums(unit.capacity()); // the unit's own report counts its read and its commit
        assertThat(inside.readUnits()).isPositive();
        assertThat(inside.writeUnits()).isPositive();
    }

    /**
     * The same operations on a table with a listener ask for INDEXES on every request, and each report sums what
     * the engine returned for all of them.
     */
    @ParameterizedTest
    @EnumSource(Kind.class)
    void projectedGetAliasReadAndAliasDeleteCountEveryRequest(Kind kind) {
        Post stored = table.put(Post.of(UUID.randomUUID(), 0, "hello", "news"));
        Member member = new Member(UUID.randomUUID(), "m-" + UUID.randomUUID() + "@example.com", null, "kim", null);
        table.put(member);
        KeyPath alias = KeyPath.of("email", member.email());
        dev.keypath.dynamodb.Projection<PostTitle> titles = dev.keypath.dynamodb.Projection.of(Post.class,
                PostTitle.class);
        given(() -> { });

        call(kind, t -> t.get(titles, table.keyPathOf(stored)), t -> t.get(titles, table.keyPathOf(stored)));
        assertReport(only(), OperationKind.GET, "Post.get", OperationReport.Outcome.SUCCESS);
        assertThat(only().capacity().readUnits()).isPositive();

        clear();
        Optional<Member> found = call(kind, t -> t.getByAlias(Member.class, alias),
                t -> t.getByAlias(Member.class, alias));
        assertThat(found).isPresent();
        assertReport(only(), OperationKind.GET_BY_ALIAS, "Member.getByAlias", OperationReport.Outcome.SUCCESS);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation).containsExactly("GetItem", "GetItem");

        clear();
        KeyPath path = table.keyPathOf(member);
        call(kind, t -> {
            t.delete(Member.class, path);
            return null;
        }, t -> t.delete(Member.class, path));
        assertReport(only(), OperationKind.DELETE, "Member.delete", OperationReport.Outcome.SUCCESS);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation)
                .containsExactly("GetItem", "TransactWriteItems");
        assertThat(only().capacity().writeUnits()).isPositive();

        clear();
        Post generated = call(kind, t -> t.withGeneratedIds(Post.of(UUID.randomUUID(), 0, "t", "news")),
                t -> t.withGeneratedIds(Post.of(UUID.randomUUID(), 0, "t", "news")));
        assertThat(generated.postId()).isPositive();
        assertReport(only(), OperationKind.GENERATE_IDS, "Post.generateIds", OperationReport.Outcome.SUCCESS);
        assertThat(RECORDER.calls()).extracting(CapacityRecorder.Call::operation).contains("UpdateItem");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void filteredAndProjectedQueriesShowWhatTheyRead(Kind kind) {
        UUID userId = UUID.randomUUID();
        given(() -> {
            for (int i = 1; i <= 6; i++) {
                table.put(Post.of(userId, i, "t" + i, i % 3 == 0 ? "keep" : "drop"));
            }
        });
        ItemQuery filtered = ItemQuery.of(q -> q.subtree(KeyPath.of("user", userId).then("post")).types(Post.class)
                .filter(Condition.attributeEquals("tag", "keep")));
        Page<Object> page = call(kind, t -> t.query(filtered), t -> t.query(filtered));
        OperationReport report = only();
        assertReport(report, OperationKind.QUERY, "query /user-{}/post subtree types=Post filtered",
                OperationReport.Outcome.SUCCESS);
        assertThat(report.itemsRead()).isEqualTo(6);
        assertThat(report.itemsReturned()).isEqualTo(page.items().size()).isEqualTo(2);

        clear();
        dev.keypath.dynamodb.Projection<PostTitle> titles = dev.keypath.dynamodb.Projection.of(Post.class,
                PostTitle.class);
        ItemQuery all = ItemQuery.of(q -> q.subtree(KeyPath.of("user", userId).then("post")));
        Page<PostTitle> projected = call(kind, t -> t.query(titles, all), t -> t.query(titles, all));
        OperationReport view = only();
        assertReport(view, OperationKind.QUERY, "query /user-{}/post subtree as PostTitle",
                OperationReport.Outcome.SUCCESS);
        assertThat(projected.capacity()).isEqualTo(view.capacity());
    }

    @Test
    void readCheckedTransactionsReportTheirReadsAndTheirCommit() {
        User stored = table.put(user());
        KeyPath path = table.keyPathOf(stored);
        given(() -> { });
        dev.keypath.dynamodb.ReadCheckedTransaction tx = table.readCheckedTransaction();
        assertThat(tx.read(User.class, path)).isPresent();
        OperationReport read = only();
        assertReport(read, OperationKind.GET, "User.readChecked", OperationReport.Outcome.SUCCESS);

        clear();
        tx.put(user());
        tx.commit();
        assertReport(only(), OperationKind.TRANSACT_WRITE, "readCheckedTransact", OperationReport.Outcome.SUCCESS);
    }
}
