package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemTooLargeException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionTooLargeException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Counter;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.User;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Faults injected through an SDK interceptor against the real engine; concurrency; all-or-nothing. */
class ReliabilityTest {
    private static final BatchPolicy FAST = new BatchPolicy(Duration.ofMillis(1), Duration.ofMillis(20),
            Duration.ofSeconds(30));
    private static FaultInjector faults;
    private static DynamoDbClient faultyClient;
    private static KeyPathTable table;

    @BeforeAll
    static void setUp() {
        faults = new FaultInjector();
        faultyClient = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults)
                .apiCallTimeout(Duration.ofSeconds(30))).build();
        String name = TestDynamoDb.uniqueTableName("reliability");
        table = TableFixture.builder(name, faultyClient).batchPolicy(FAST).clock(Clock.systemUTC()).build();
        table.bootstrap();
    }

    @AfterAll
    static void tearDown() {
        faultyClient.close();
    }

    @Test
    void batchWriteWithThrottlingAndUnprocessedItemsWritesEveryItemExactlyOnce() {
        UUID u = UUID.randomUUID();
        List<Object> comments = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            comments.add(new Comment(u, 1, i, "c" + i));
        }
        int before = faults.calls("BatchWriteItem");
        faults.throttleNext(3).dropBatchItems(6);
        table.batchWrite(b -> b.putAll(comments));

        assertThat(faults.injectedThrottles()).isGreaterThanOrEqualTo(3);
        assertThat(faults.injectedDrops()).isGreaterThanOrEqualTo(6);
        assertThat(faults.calls("BatchWriteItem") - before).isGreaterThan(6 + 3); // 6 chunks + retries
        Map<String, Integer> writes = faults.batchWritesPerKey();
        for (Object c : comments) {
            var item = table.schema(Comment.class).toItem((Comment) c);
            assertThat(writes.get(FaultInjector.keyString(item))).as("writes of %s", table.keyPathOf(c)).isEqualTo(1);
        }
        Page<Comment> stored = table.query(Comment.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", u))));
        assertThat(stored.items()).hasSize(130);
        assertThat(stored.items()).extracting(Comment::commentId).doesNotHaveDuplicates();
    }

    @Test
    void batchGetWithThrottlingAndUnprocessedKeysReturnsEveryItemInRequestOrder() {
        UUID u = UUID.randomUUID();
        List<Object> comments = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            comments.add(new Comment(u, 2, i, "c" + i));
        }
        table.batchWrite(b -> b.putAll(comments));
        List<KeyPath> keys = new ArrayList<>(comments.stream().map(table::keyPathOf).toList());
        java.util.Collections.reverse(keys);
        keys.add(KeyPath.of("user", u).then("post", 2).then("comment", 9999)); // absent
        faults.throttleNext(2).dropBatchItems(4);
        List<Comment> read = table.batchGet(Comment.class, keys);
        assertThat(read).hasSize(150);
        assertThat(read.get(0).commentId()).isEqualTo(149);
        assertThat(read.get(149).commentId()).isEqualTo(0);
    }

    @Test
    void batchWritePastItsDeadlineReportsExactlyTheUnwrittenItems() {
        KeyPathTable impatient = TableFixture.builder(table.tableName(), faultyClient)
                .batchPolicy(new BatchPolicy(Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(200))).build();
        impatient.bootstrap(); // it reads the layout record here, not among the throttled calls
        UUID u = UUID.randomUUID();
        List<Object> comments = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            comments.add(new Comment(u, 3, i, "c"));
        }
        faults.throttleNext(1_000_000);
        try {
            assertThatThrownBy(() -> impatient.batchWrite(b -> b.putAll(comments)))
                    .isInstanceOf(BatchIncompleteException.class)
                    .satisfies(e -> assertThat(((BatchIncompleteException) e).unprocessed()).hasSize(30));
        } finally {
            faults.throttleNext(0);
        }
        assertThat(table.query(q -> q.subtree(KeyPath.of("user", u))).items()).isEmpty();
    }

    @Test
    void sixteenThreadsReadModifyWriteLoseNoUpdate() throws Exception {
        KeyPathTable shared = TableFixture.builder(table.tableName(), TestDynamoDb.get().client()).build();
        String name = "rmw-" + UUID.randomUUID();
        shared.put(new Counter(name, 0));
        KeyPath path = KeyPath.of("counter", name);
        int threads = 16;
        int incrementsEach = 10;
        AtomicInteger conflicts = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Void>> tasks = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                tasks.add(() -> {
                    for (int i = 0; i < incrementsEach; i++) {
                        while (true) {
                            Counter c = shared.get(Counter.class, path).orElseThrow();
                            c.value++;
                            try {
                                shared.put(c);
                                break;
                            } catch (VersionConflictException e) {
                                conflicts.incrementAndGet();
                            }
                        }
                    }
                    return null;
                });
            }
            for (Future<Void> f : pool.invokeAll(tasks, 120, TimeUnit.SECONDS)) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Counter end = shared.get(Counter.class, path).orElseThrow();
        assertThat(end.value).isEqualTo(threads * incrementsEach);
        assertThat(end.version).isEqualTo(threads * incrementsEach + 1);
        assertThat(conflicts.get()).isGreaterThan(0); // the race really happened
    }

    @Test
    void failedTransactionAppliesNothingAndNamesTheFailedAction() {
        UUID u = UUID.randomUUID();
        User user = table.put(new User(u, "ann", "a@x", Instant.EPOCH, null));
        Comment existing = table.put(new Comment(u, 4, 1, "keep"));
        KeyPath postPath = KeyPath.of("user", u).then("post", 77);

        assertThatThrownBy(() -> table.transact(tx -> tx
                .put(Post.of(u, 77, "new post", null))
                .update(User.class, user.userId() == null ? null : KeyPath.of("user", u),
                        UpdateSpec.of(s -> s.set("name", "changed")))
                .put(new Comment(u, 4, 1, "overwrite"), PutMode.CREATE_ONLY)
                .delete(Comment.class, KeyPath.of("user", u).then("post", 4).then("comment", 2))))
                .isInstanceOf(TransactionFailedException.class)
                .satisfies(e -> {
                    var f = ((TransactionFailedException) e).failures();
                    assertThat(f).singleElement().satisfies(x -> {
                        assertThat(x.index()).isEqualTo(2);
                        assertThat(x.action()).isEqualTo("put");
                        assertThat(x.keyPath()).isEqualTo(table.keyPathOf(existing));
                        assertThat(x.code()).isEqualTo("ConditionalCheckFailed");
                    });
                    assertThat(e).hasMessageContaining("action 2").hasMessageContaining(table.keyPathOf(existing).toString());
                });

        assertThat(table.get(Post.class, postPath)).isEmpty();
        assertThat(table.get(User.class, KeyPath.of("user", u)).orElseThrow().name()).isEqualTo("ann");
        assertThat(table.get(Comment.class, table.keyPathOf(existing)).orElseThrow().text()).isEqualTo("keep");
    }

    @Test
    void transactionVersionChecksAndSuccess() {
        UUID u = UUID.randomUUID();
        User v1 = table.put(new User(u, "bob", "b@x", Instant.EPOCH, null));
        List<Object> results = table.transact(tx -> tx.put(new User(u, "bob2", "b@x", Instant.EPOCH, v1.version()))
                .put(new Comment(u, 5, 1, "c"))
                .conditionCheck(Comment.class, KeyPath.of("user", u).then("post", 5).then("comment", 2),
                        Condition.of("attribute_not_exists(pk)")));
        assertThat(((User) results.get(0)).version()).isEqualTo(2L);
        assertThat(results.get(2)).isNull();
        assertThatThrownBy(() -> table.transact(tx -> tx.delete(v1)))
                .isInstanceOf(TransactionFailedException.class)
                .satisfies(e -> assertThat(((TransactionFailedException) e).failures().get(0).versionCheck()).isTrue());
        assertThat(table.get(User.class, KeyPath.of("user", u))).isPresent();
    }

    @Test
    void transactionOverFourMbIsRejectedBeforeAnyRequestAndNamesTheActionThatCrossesIt() {
        UUID u = UUID.randomUUID();
        List<Comment> comments = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            comments.add(new Comment(u, 6, i, "z".repeat(390 * 1024))); // each ~390 KB, under the item limit
        }
        KeyPath crossing = table.keyPathOf(comments.get(10));
        int before = faults.totalCalls();

        assertThatThrownBy(() -> table.transact(tx -> comments.forEach(tx::put)))
                .isInstanceOf(TransactionTooLargeException.class)
                .hasMessageContaining("action 10 (put)").hasMessageContaining(crossing.toString())
                .hasMessageContaining("4194304")
                .satisfies(e -> {
                    TransactionTooLargeException t = (TransactionTooLargeException) e;
                    assertThat(t.actionIndex()).isEqualTo(10);
                    assertThat(t.action()).isEqualTo("put");
                    assertThat(t.keyPath()).contains(crossing);
                    assertThat(t.limit()).isEqualTo(4L * 1024 * 1024);
                    assertThat(t.size()).isGreaterThan(11L * 390 * 1024).isLessThan(11L * 391 * 1024);
                });

        assertThat(faults.totalCalls()).isEqualTo(before);
        assertThat(table.query(q -> q.subtree(KeyPath.of("user", u))).items()).isEmpty();
    }

    @Test
    void transactionJustUnderFourMbIsApplied() {
        UUID u = UUID.randomUUID();
        List<Comment> comments = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            comments.add(new Comment(u, 7, i, "z".repeat(381_000))); // 11 x (381,000 + keys and names) < 4 MB
        }
        int before = faults.calls("TransactWriteItems");

        List<Object> stored = table.transact(tx -> comments.forEach(tx::put));

        assertThat(stored).hasSize(11);
        assertThat(faults.calls("TransactWriteItems") - before).isEqualTo(1);
        for (Comment c : comments) {
            assertThat(table.get(Comment.class, table.keyPathOf(c))).contains(c);
        }
    }

    @Test
    void oversizeKeysAndItemsAreRejectedBeforeAnyRequest() {
        int before = faults.totalCalls();
        String longId = "x".repeat(1100);
        UUID u = UUID.randomUUID();
        assertThatThrownBy(() -> table.put(new Comment(u, 1, 1, "y".repeat(400 * 1024))))
                .isInstanceOf(ItemTooLargeException.class).hasMessageContaining("/user-");
        assertThatThrownBy(() -> table.put(new Model.StringPost(u, longId, "t")))
                .isInstanceOf(KeyTooLargeException.class)
                .satisfies(e -> {
                    KeyTooLargeException k = (KeyTooLargeException) e;
                    assertThat(k.attribute()).isEqualTo("sk");
                    assertThat(k.size()).isGreaterThan(1024);
                    assertThat(k.keyPath()).isPresent();
                });
        // an index key too large: the tag is the partition of the post's gsi1 key path
        for (String tag : List.of("t".repeat(2100), "é".repeat(1100))) {
            assertThatThrownBy(() -> table.batchWrite(b -> b.put(Post.of(u, 1, "t", tag))))
                    .isInstanceOf(KeyTooLargeException.class)
                    .satisfies(e -> assertThat(((KeyTooLargeException) e).attribute()).isEqualTo("gsi1_pk"));
        }
        KeyPath hugePk = KeyPath.of("counter", "p".repeat(2100)); // a Counter's key, too large
        assertThatThrownBy(() -> table.get(Model.Counter.class, hugePk)).isInstanceOf(KeyTooLargeException.class)
                .hasMessageContaining("'pk'");
        assertThatThrownBy(() -> table.query(q -> q.subtree(hugePk))).isInstanceOf(KeyTooLargeException.class);
        assertThatThrownBy(() -> table.batchWrite(b -> b.put(new Model.StringPost(u, longId, "t"))))
                .isInstanceOf(KeyTooLargeException.class);
        assertThatThrownBy(() -> table.transact(tx -> tx.put(new Comment(u, 1, 1, "y".repeat(400 * 1024)))))
                .isInstanceOf(ItemTooLargeException.class);
        assertThat(faults.totalCalls()).isEqualTo(before);
    }
}
