package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.IndexModel.Task;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A projection of an index that holds parts of items: a view whose attributes all lie in an {@code INCLUDE} index's
 * included attributes (or, on a {@code KEYS_ONLY} index, a view of key fields only) is read from the index alone, one
 * {@code Query} and no item read; a view that needs more is read through the index's keys, its items read by key
 * (projected) in the index's order; and a view of a type above version 1 is read through too, since index entries
 * carry no stored version to upgrade them by. Page by page, streamed and published, on both tables; the requests seen by
 * an SDK interceptor on DynamoDB Local.
 */
class IndexViewsTest {
    private static final Calls CALLS = new Calls();
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static KeyPathTable table;
    private static KeyPathAsyncTable async;

    /** The view of a task's title, which the INCLUDE index byState holds. */
    record TaskTitle(long taskId, String title) {
    }

    /** The view of a task's key fields, which every index holds. */
    record TaskKey(UUID userId, long taskId) {
    }

    /** The view of a task's notes, which no index holds. */
    record TaskNotes(long taskId, String notes) {
    }

    /** A card as version 1 stored it: its name under {@code name}. */
    @ItemType(keyPath = "/box-{box}/card-{cardId}", name = "Card")
    @SecondaryKeyPath(index = "byColour", keyPath = "/colour-{colour}/card-{cardId}",
            projection = IndexProjection.INCLUDE, include = "name")
    record CardV1(String box, long cardId, String colour, String name) {
    }

    /** A card at version 2: its name renamed to {@code title}, which its INCLUDE index holds. */
    @ItemType(keyPath = "/box-{box}/card-{cardId}", name = "Card", version = 2)
    @SecondaryKeyPath(index = "byColour", keyPath = "/colour-{colour}/card-{cardId}",
            projection = IndexProjection.INCLUDE, include = "title")
    record Card(String box, long cardId, String colour, String title) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "title")));
        }
    }

    /** The view of a card's title. */
    record CardTitle(long cardId, String title) {
    }

    /** Notes the operation of every request the clients send. Thread-safe. */
    static final class Calls implements ExecutionInterceptor {
        final List<String> operations = new CopyOnWriteArrayList<>();

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            operations.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
        }
    }

    enum Kind { SYNC, ASYNC }

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(CALLS)).build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(CALLS)).build();
        String name = TestDynamoDb.uniqueTableName("index-views");
        table = KeyPathTables.builder().client(client).tableName(name).register(Task.class, Card.class).build();
        async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(Task.class, Card.class)
                .build();
        table.bootstrap();
    }

    @AfterAll
    static void tearDown() {
        client.close();
        asyncClient.close();
    }

    @BeforeEach
    void clear() {
        CALLS.operations.clear();
    }

    private static <P> Page<P> page(Kind kind, Projection<P> projection, ItemQuery query) {
        if (kind == Kind.SYNC) {
            return table.query(projection, query);
        }
        return join(async.query(projection, query));
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Every item {@code publisher} publishes to one subscriber that asks for all. */
    private static <T> List<T> collect(Flow.Publisher<T> publisher) {
        List<T> items = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        publisher.subscribe(new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
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
                done.complete(null);
            }
        });
        join(done);
        return List.copyOf(items);
    }

    /** Three tasks of one user in a new state, two assigned; then the calls made so far forgotten. */
    private static String tasks(UUID user) {
        String state = "s-" + UUID.randomUUID();
        table.put(new Task(user, 1, 10, "ann-" + state, state, "first", "n1"));
        table.put(new Task(user, 2, 20, null, state, "second", "n2"));
        table.put(new Task(user, 3, 30, "ann-" + state, state, "third", "n3"));
        CALLS.operations.clear();
        return state;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aViewOfIncludedAttributesIsReadFromTheIndexAlone(Kind kind) {
        String state = tasks(UUID.randomUUID());
        Projection<TaskTitle> titles = Projection.of(Task.class, TaskTitle.class);
        ItemQuery byState = ItemQuery.of(q -> q.index("byState").subtree(KeyPath.of("state", state)).descending());

        Page<TaskTitle> page = page(kind, titles, byState.toBuilder().limit(2).build());
        Page<TaskTitle> rest = page(kind, titles, byState.toBuilder().limit(2).pageToken(page.nextPageToken()).build());

        assertThat(page.items()).containsExactly(new TaskTitle(3, "third"), new TaskTitle(2, "second"));
        assertThat(rest.items()).containsExactly(new TaskTitle(1, "first"));
        assertThat(CALLS.operations).as("the index read alone").containsOnly("Query");
        CALLS.operations.clear();
        List<TaskTitle> streamed = kind == Kind.SYNC ? table.stream(titles, byState).toList()
                : collect(async.publish(titles, byState));
        assertThat(streamed).extracting(TaskTitle::title).containsExactly("third", "second", "first");
        assertThat(CALLS.operations).containsOnly("Query");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aViewOfKeyFieldsIsReadFromAKeysOnlyIndexAlone(Kind kind) {
        UUID user = UUID.randomUUID();
        String state = tasks(user);
        Projection<TaskKey> keys = Projection.of(Task.class, TaskKey.class);

        Page<TaskKey> page = page(kind, keys, ItemQuery.of(q -> q.index("byAssignee")
                .subtree(KeyPath.of("assignee", "ann-" + state))));

        assertThat(page.items()).containsExactly(new TaskKey(user, 1), new TaskKey(user, 3));
        assertThat(CALLS.operations).containsExactly("Query");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aViewOfAttributesTheIndexDoesNotHoldIsReadThroughItsKeysInIndexOrder(Kind kind) {
        String state = tasks(UUID.randomUUID());
        Projection<TaskNotes> notes = Projection.of(Task.class, TaskNotes.class);

        Page<TaskNotes> page = page(kind, notes, ItemQuery.of(q -> q.index("byState")
                .subtree(KeyPath.of("state", state)).descending()));

        assertThat(page.items()).containsExactly(new TaskNotes(3, "n3"), new TaskNotes(2, "n2"),
                new TaskNotes(1, "n1"));
        assertThat(CALLS.operations).containsExactly("Query", "BatchGetItem");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aViewOfATypeAboveVersionOneIsReadThroughItsKeysAsItsItemsUpgrade(Kind kind) {
        String box = "b-" + UUID.randomUUID();
        String colour = "c-" + UUID.randomUUID();
        KeyPathTables.builder().client(client).tableName(table.tableName()).register(CardV1.class).build()
                .put(new CardV1(box, 1, colour, "stored as name"));
        table.put(new Card(box, 2, colour, "stored as title"));
        CALLS.operations.clear();

        Page<CardTitle> page = page(kind, Projection.of(Card.class, CardTitle.class), ItemQuery.of(q -> q
                .index("byColour").subtree(KeyPath.of("colour", colour))));

        assertThat(page.items()).containsExactly(new CardTitle(1, "stored as name"),
                new CardTitle(2, "stored as title"));
        assertThat(CALLS.operations).containsExactly("Query", "BatchGetItem");
        assertThat(CALLS.operations.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting()))).containsEntry("Query", 1L);
    }
}
