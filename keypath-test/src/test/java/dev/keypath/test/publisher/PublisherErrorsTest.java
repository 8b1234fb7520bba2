package dev.keypath.test.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ItemRead;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.ReadModification;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.FaultInjector;
import dev.keypath.test.faults.Fault;
import dev.keypath.test.faults.FaultPlan;
import dev.keypath.test.faults.FaultProxy;
import dev.keypath.test.faults.FaultyClients;
import dev.keypath.test.publisher.Rows.Row;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Every failure of a read across pages reaches an async table's subscriber through {@code onError}, after the items
 * of the pages before it, as the synchronous table's stream throws it after the same items; the read then stops,
 * and nothing hangs (aws-sdk-java-v2#1991: a mapping error in the SDK's publisher was never signalled). Unreadable
 * items go to the table's handler first, as in the stream. Throttles are the SDK's to retry, as for the stream.
 */
@KeyPathDynamoDb(types = Row.class, customizers = Rows.SharedSecret.class)
class PublisherErrorsTest {
    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;

    /** Thrown by a read hook: an {@link Error}, not an exception, as a mapping bug may throw. */
    static final class HookFailure extends Error {
        HookFailure(String message) {
            super(message);
        }
    }

    @Test
    void anUnreadableItemFailsTheReadAfterTheEarlierPagesAndNoLaterPageIsRead() {
        String box = Rows.newBox();
        Rows.write(table, box, 12);
        damage(box, 8);
        RequestLog log = new RequestLog();
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Outcome<Row> published = Outcome.of(Rows.asyncTable(table, client, s -> { })
                    .publish(Row.class, Rows.box(box, 5)));
            assertThat(published.items()).extracting(Row::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
            assertThat(published.failure()).isInstanceOf(UnreadableItemException.class)
                    .hasMessageContaining(Rows.path(box, 8).toString()).hasMessageContaining("position");
            Recorder.pause(Recorder.QUIET);
            assertThat(log.sent()).as("no page after the failed one").isEqualTo(2);
            Outcome.of(() -> table.stream(Row.class, Rows.box(box, 5))).assertSameAs(published);
        }
    }

    @Test
    void aHandlerThatReturnsLeavesTheUnreadableItemOutAndTheReadGoesOnAsTheStreamDoes() {
        String box = Rows.newBox();
        Rows.write(table, box, 12);
        damage(box, 8);
        List<UnreadableItemException> published = new CopyOnWriteArrayList<>();
        List<UnreadableItemException> streamed = new CopyOnWriteArrayList<>();
        Outcome<Row> read = Outcome.of(asyncTable(s -> s.onUnreadableItem(published::add))
                .publish(Row.class, Rows.box(box, 5)));
        assertThat(read.failure()).isNull();
        assertThat(read.items()).extracting(Row::seq).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 9L, 10L, 11L, 12L);
        assertThat(published).singleElement().satisfies(e -> assertThat(e.keyPath()).contains(Rows.path(box, 8)));
        Outcome.of(() -> syncTable(s -> s.onUnreadableItem(streamed::add)).stream(Row.class, Rows.box(box, 5)))
                .assertSameAs(read);
        assertThat(streamed).hasSize(1);
    }

    @Test
    void aHandlerThatThrowsEndsTheReadWithItsOwnException() {
        String box = Rows.newBox();
        Rows.write(table, box, 12);
        damage(box, 3);
        Consumer<TableBuilderSettings<?>> refusing = s -> s.onUnreadableItem(e -> {
            throw new IllegalStateException("refused " + e.keyPath().orElseThrow());
        });
        Outcome<Row> read = Outcome.of(asyncTable(refusing).publish(Row.class, Rows.box(box, 5)));
        assertThat(read.items()).isEmpty();
        assertThat(read.failure()).isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("refused " + Rows.path(box, 3));
        Outcome.of(() -> syncTable(refusing).stream(Row.class, Rows.box(box, 5))).assertSameAs(read);
    }

    @Test
    void anErrorThrownWhileAPageIsMappedEndsTheReadInsteadOfHangingIt() {
        // aws-sdk-java-v2#1991: an exception thrown by the mapping inside the SDK's publisher was never signalled
        String box = Rows.newBox();
        Rows.write(table, box, 12);
        Consumer<TableBuilderSettings<?>> failingHook = s -> s.extensions(new ItemExtension() {
            @Override
            public ReadModification afterRead(ItemRead read) {
                if (read.keyPath().equals(Rows.path(box, 7))) {
                    throw new HookFailure("cannot read " + read.keyPath());
                }
                return ReadModification.NONE;
            }
        });
        Outcome<Row> read = Outcome.of(asyncTable(failingHook).publish(Row.class, Rows.box(box, 5)));
        assertThat(read.items()).extracting(Row::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(read.failure()).isExactlyInstanceOf(HookFailure.class)
                .hasMessage("cannot read " + Rows.path(box, 7));
        Outcome.of(() -> syncTable(failingHook).stream(Row.class, Rows.box(box, 5))).assertSameAs(read);
    }

    /** A projection's view of a row. */
    record Label(long seq, String label) {
    }

    @Test
    void aProjectedReadFailsOnAnUnreadableItemAsTheWholeReadDoes() {
        String box = Rows.newBox();
        Rows.write(table, box, 9);
        Map<String, AttributeValue> damaged = new HashMap<>(table.schema(Row.class).toItem(
                new Row(box, 4, 4, "row 4")));
        damaged.put("label", AttributeValue.fromM(Map.of("not", AttributeValue.fromS("text"))));
        TestDynamoDb.get().client().putItem(r -> r.tableName(table.tableName()).item(damaged));
        Projection<Label> labels = Projection.of(Row.class, Label.class);
        Outcome<Label> read = Outcome.of(async.publish(labels, Rows.box(box, 2)));
        assertThat(read.items()).extracting(Label::seq).containsExactly(1L, 2L);
        assertThat(read.failure()).isInstanceOf(UnreadableItemException.class);
        Outcome.of(() -> table.stream(labels, Rows.box(box, 2))).assertSameAs(read);
    }

    @Test
    void aSubscriberThatThrowsFromOnNextIsCancelledAndToldThroughOnError() {
        String box = Rows.newBox();
        Rows.write(table, box, 12);
        RequestLog log = new RequestLog();
        IllegalStateException thrown = new IllegalStateException("the subscriber broke");
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            Recorder<Row> rows = Recorder.<Row>onEach((r, row) -> {
                if (row.seq() == 3) {
                    throw thrown;
                }
            }).subscribeTo(Rows.asyncTable(table, client, s -> { }).publish(Row.class, Rows.box(box, 5)));
            rows.request(Long.MAX_VALUE);
            assertThat(rows.awaitError()).isSameAs(thrown);
            assertThat(rows.items()).extracting(Row::seq).containsExactly(1L, 2L, 3L);
            Recorder.pause(Recorder.QUIET);
            assertThat(log.sent()).isEqualTo(1);
        }
    }

    @Test
    void withoutSdkRetriesAThrottledPageEndsTheReadWithTheSdksExceptionAsTheStreamDoes() {
        String box = Rows.newBox();
        Rows.write(table, box, 12);
        FaultInjector asyncFaults = new FaultInjector();
        FaultInjector syncFaults = new FaultInjector();
        try (DynamoDbAsyncClient asyncClient = Rows.asyncClient(asyncFaults,
                o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()));
             DynamoDbClient syncClient = Rows.client(syncFaults, o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()))) {
            Recorder<Row> rows = Recorder.<Row>recording().subscribeTo(Rows.asyncTable(table, asyncClient, s -> { })
                    .publish(Row.class, Rows.box(box, 5)));
            rows.request(5);
            assertThat(rows.awaitItems(5)).hasSize(5);
            asyncFaults.throttleNext(1);
            rows.request(Long.MAX_VALUE);
            assertThat(rows.awaitError()).isInstanceOf(ProvisionedThroughputExceededException.class);
            assertThat(rows.items()).extracting(Row::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
            Recorder.pause(Recorder.QUIET);
            assertThat(asyncFaults.calls("Query")).isEqualTo(2);

            KeyPathTable sync = Rows.table(table, syncClient, s -> { });
            Outcome<Row> streamed = Outcome.of(() -> sync.stream(Row.class, Rows.box(box, 5)).peek(row -> {
                if (row.seq() == 5) {
                    syncFaults.throttleNext(1);
                }
            }));
            assertThat(streamed.items()).containsExactlyElementsOf(rows.items());
            assertThat(streamed.failure()).isInstanceOf(ProvisionedThroughputExceededException.class);
            assertThat(syncFaults.calls("Query")).isEqualTo(2);
        }
    }

    @Test
    void throttledRequestsAreRetriedByTheSdkAndTheReadGoesOnAsTheStreamDoes() {
        String box = Rows.newBox();
        List<Row> written = Rows.write(table, box, 12);
        FaultPlan throttles = FaultPlan.builder().operations("Query")
                .script(Fault.PASS, Fault.THROTTLE, Fault.THROTTLE, Fault.PASS, Fault.THROTTLE).build();
        Outcome<Row> published;
        try (FaultProxy proxy = FaultProxy.start(TestDynamoDb.get().endpoint(), throttles);
             DynamoDbAsyncClient client = FaultyClients.async(proxy, 4, Duration.ofSeconds(10))) {
            published = Outcome.of(Rows.asyncTable(table, client, s -> { }).publish(Row.class, Rows.box(box, 5)));
            assertThat(proxy.counts().of(Fault.THROTTLE)).isEqualTo(3);
            assertThat(proxy.counts().requests()).as("3 pages and 3 throttled attempts").isEqualTo(6);
        }
        assertThat(published.failure()).isNull();
        assertThat(published.items()).containsExactlyElementsOf(written);
        try (FaultProxy proxy = FaultProxy.start(TestDynamoDb.get().endpoint(), throttles);
             DynamoDbClient client = FaultyClients.sync(proxy, 4, Duration.ofSeconds(10))) {
            Outcome.of(() -> Rows.table(table, client, s -> { }).stream(Row.class, Rows.box(box, 5)))
                    .assertSameAs(published);
            assertThat(proxy.counts().requests()).isEqualTo(6);
        }
    }

    @Test
    void aMissingTableFailsTheReadWithTheSdksExceptionOnceItIsAskedFor() {
        KeyPathAsyncTable missing = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient())
                .tableName("kp-no-such-table-" + UUID.randomUUID()).register(Row.class).build();
        Recorder<Row> rows = Recorder.<Row>recording().subscribeTo(missing.publish(Row.class, Rows.box("b", 5)));
        Recorder.pause(Recorder.QUIET);
        assertThat(rows.ended()).as("nothing is sent, so nothing fails, before demand").isFalse();
        rows.request(1);
        assertThat(rows.awaitError()).isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void aReadRefusedBeforeAnyRequestFailsEachSubscriberRightAfterOnSubscribeWithoutDemand() {
        String box = Rows.newBox();
        Rows.write(table, box, 3);
        String token = table.query(Rows.box(box, 1)).nextPageToken();
        ItemQuery tampered = Rows.box(box, 1).toBuilder().pageToken(token.substring(0, token.length() - 2)).build();
        ItemQuery otherQuery = ItemQuery.of(q -> q.subtree(KeyPath.of("box", Rows.newBox())).pageToken(token));
        ItemQuery unknownIndex = ItemQuery.of(q -> q.index("noSuchIndex").subtree(KeyPath.of("box", box)));
        Projection<Row> ofAnother = Projection.of(String.class, Row.class);
        RequestLog log = new RequestLog();
        try (DynamoDbAsyncClient client = Rows.asyncClient(log, o -> { })) {
            KeyPathAsyncTable counted = Rows.asyncTable(table, client, s -> { });
            KeyPathTable sync = table;
            refusedAlike(counted.publish(tampered), () -> sync.stream(tampered), InvalidPageTokenException.class);
            refusedAlike(counted.publish(otherQuery), () -> sync.stream(otherQuery), InvalidPageTokenException.class);
            refusedAlike(counted.publish(unknownIndex), () -> sync.stream(unknownIndex), RuntimeException.class);
            refusedAlike(counted.publish(ofAnother, Rows.box(box, 1)), () -> sync.stream(ofAnother, Rows.box(box, 1)),
                    RuntimeException.class);
            refusedAlike(counted.publish((ItemQuery) null), () -> sync.stream((ItemQuery) null),
                    NullPointerException.class);
            assertThat(refused(counted.publish(Row.class, null))).isInstanceOf(NullPointerException.class);
            assertThat(refused(counted.publish((Projection<Row>) null, Rows.box(box, 1))))
                    .isInstanceOf(NullPointerException.class);
            assertThat(refused(counted.publish(Projection.of(Row.class, Label.class), (ItemScan) null)))
                    .isInstanceOf(NullPointerException.class);
            assertThat(log.sent()).isZero();
        }
    }

    /** Asserts that {@code publisher} and {@code stream} refuse their read alike, the publisher without demand. */
    private static <T> void refusedAlike(Flow.Publisher<T> publisher, Supplier<Stream<T>> stream,
                                         Class<? extends Throwable> kind) {
        Throwable e = refused(publisher);
        assertThat(e).isInstanceOf(kind);
        Outcome.of(stream).assertSameAs(new Outcome<>(List.of(), e));
    }

    /** What {@code publisher} fails a subscriber with that asks for nothing. */
    private static <T> Throwable refused(Flow.Publisher<T> publisher) {
        Recorder<T> r = Recorder.<T>recording().subscribeTo(publisher);
        Throwable e = r.awaitError();
        assertThat(r.items()).isEmpty();
        return e;
    }

    /** Overwrites row {@code seq} of {@code box} with a stored item whose {@code position} is text, not a number. */
    private static void damage(String box, long seq) {
        Map<String, AttributeValue> item = new HashMap<>(table.schema(Row.class).toItem(
                new Row(box, seq, seq, "row " + seq)));
        item.put("position", AttributeValue.fromS("not a number"));
        TestDynamoDb.get().client().putItem(r -> r.tableName(table.tableName()).item(item));
    }

    private static KeyPathAsyncTable asyncTable(Consumer<TableBuilderSettings<?>> settings) {
        return Rows.asyncTable(table, TestDynamoDb.get().asyncClient(), settings);
    }

    private static KeyPathTable syncTable(Consumer<TableBuilderSettings<?>> settings) {
        return Rows.table(table, TestDynamoDb.get().client(), settings);
    }
}
