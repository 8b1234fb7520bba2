package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static dev.keypath.test.adapter.AsyncResults.failure;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemTooLargeException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionTooLargeException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Counter;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.User;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * {@link KeyPathAsyncTable} against the shared test engine, through a real {@link DynamoDbAsyncClient} (Netty),
 * side by side with a synchronous {@link KeyPathTable} on the same table to check they agree.
 */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class AsyncTableTest {
    @Injected
    private static TestDynamoDb engine;
    @Injected
    private static DynamoDbAsyncClient asyncClient;
    @Injected
    private static KeyPathTable sync;
    @Injected
    private static KeyPathAsyncTable table;

    private static KeyPathAsyncTable asyncTable(DynamoDbAsyncClient client) {
        return asyncTable(client, BatchPolicy.DEFAULT);
    }

    /**
     * {@code t}, bootstrapped: it has read the table's layout record, which a table reads before its first write,
     * so that faults injected next meet the test's own requests.
     */
    private static KeyPathAsyncTable ready(KeyPathAsyncTable t) {
        await(t.bootstrap());
        return t;
    }

    private static KeyPathAsyncTable asyncTable(DynamoDbAsyncClient client, BatchPolicy batchPolicy) {
        return KeyPathTables.asyncBuilder().client(client).tableName(sync.tableName()).register(Model.ALL)
                .pageTokenSecret(TableFixture.SECRET).batchPolicy(batchPolicy).build();
    }

    @Test
    void putThenGetRoundTripsARegisteredTypeAndAgreesWithTheSyncTable() {
        UUID u = UUID.randomUUID();
        Post saved = await(table.put(Post.of(u, 42, "hello", "java")));
        KeyPath path = KeyPath.of("user", u).then("post", 42);
        assertThat(table.keyPathOf(saved)).isEqualTo(path);

        Post read = await(table.get(Post.class, path)).orElseThrow();
        assertThat(read).usingRecursiveComparison().ignoringFields("score").isEqualTo(saved);
        assertThat(read.score()).isEqualByComparingTo("12.50");
        assertThat(await(table.get(Post.class, path, ReadConsistency.EVENTUAL))).isPresent();
        assertThat(sync.get(Post.class, path).orElseThrow().title()).isEqualTo("hello");

        sync.put(Post.of(u, 42, "changed by sync", "java"));
        assertThat(await(table.get(Post.class, path)).orElseThrow().title()).isEqualTo("changed by sync");
    }

    @Test
    void getOfAMissingItemIsEmptyAndOfAnotherTypeIsATypedError() {
        UUID u = UUID.randomUUID();
        assertThat(await(table.get(Post.class, KeyPath.of("user", u).then("post", 1)))).isEmpty();

        await(table.put(new Comment(u, 1, 2, "c")));
        Throwable e = failure(table.get(Post.class, KeyPath.of("user", u).then("post", 1).then("comment", 2)));
        assertThat(e).isInstanceOf(UnknownItemTypeException.class);
    }

    @Test
    void createOnlyPutOfAnExistingItemFailsWithConditionFailedException() {
        UUID u = UUID.randomUUID();
        Comment c = new Comment(u, 1, 1, "first");
        KeyPath path = table.keyPathOf(c);
        assertThat(failure(table.put(c, PutMode.REPLACE_EXISTING))).isExactlyInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("no item exists");
        await(table.put(c, PutMode.CREATE_ONLY));

        Throwable e = failure(table.put(new Comment(u, 1, 1, "second"), PutMode.CREATE_ONLY));
        assertThat(e).isExactlyInstanceOf(ConditionFailedException.class).hasMessageContaining("already exists");
        assertThat(((KeyPathDynamoException) e).keyPath()).contains(path);
        assertThat(await(table.get(Comment.class, path)).orElseThrow().text()).isEqualTo("first");

        await(table.put(new Comment(u, 1, 1, "third"), PutMode.REPLACE_EXISTING));
        assertThat(await(table.get(Comment.class, path)).orElseThrow().text()).isEqualTo("third");
    }

    @Test
    void conditionalPutAndDelete() {
        UUID u = UUID.randomUUID();
        Comment c = await(table.put(new Comment(u, 5, 1, "x")));
        KeyPath path = table.keyPathOf(c);
        Condition isX = Condition.attributeEquals("text", "x");
        await(table.put(new Comment(u, 5, 1, "y"), isX));
        assertThat(failure(table.put(new Comment(u, 5, 1, "z"), isX)))
                .isExactlyInstanceOf(ConditionFailedException.class).hasMessageContaining("condition not met");
        assertThat(failure(table.delete(Comment.class, path, isX))).isExactlyInstanceOf(ConditionFailedException.class);
        assertThat(await(table.get(Comment.class, path)).orElseThrow().text()).isEqualTo("y");

        await(table.delete(Comment.class, path, Condition.attributeEquals("text", "y")));
        assertThat(await(table.get(Comment.class, path))).isEmpty();
        await(table.delete(Comment.class, path)); // absent: no-op
    }

    @Test
    void versionedTypeStalePutAndDeleteFailWithVersionConflictException() {
        UUID u = UUID.randomUUID();
        KeyPath path = KeyPath.of("user", u);
        User v1 = await(table.put(new User(u, "ann", "a@x", Instant.EPOCH, null)));
        assertThat(v1.version()).isEqualTo(1L);
        assertThat(failure(table.put(new User(u, "dup", "d@x", Instant.EPOCH, null))))
                .isInstanceOf(VersionConflictException.class);

        User v2 = await(table.put(new User(u, "ann2", "a@x", Instant.EPOCH, 1L)));
        assertThat(v2.version()).isEqualTo(2L);
        Throwable stale = failure(table.put(new User(u, "stale", "a@x", Instant.EPOCH, 1L)));
        assertThat(stale).isInstanceOf(VersionConflictException.class);
        assertThat(((VersionConflictException) stale).expectedVersion()).isEqualTo(1);

        assertThat(failure(table.delete(v1))).isInstanceOf(VersionConflictException.class);
        assertThat(await(table.get(User.class, path)).orElseThrow().name()).isEqualTo("ann2");
        await(table.delete(v2));
        assertThat(await(table.get(User.class, path))).isEmpty();

        Counter c = await(table.put(new Counter("c-" + UUID.randomUUID(), 5)));
        assertThat(c.version).isEqualTo(1);
        assertThat(sync.get(Counter.class, table.keyPathOf(c)).orElseThrow().version).isEqualTo(1);
    }

    @Test
    void updateChangesNonKeyFieldsChecksVersionsAndFailsTypedThroughTheFuture() {
        UUID u = UUID.randomUUID();
        KeyPath path = KeyPath.of("user", u);
        await(table.put(new User(u, "ann", "a@x", Instant.EPOCH, null)));

        User v2 = await(table.update(User.class, path, UpdateSpec.of(s -> s.set("email", "new@x").expectedVersion(1))));
        assertThat(v2.email()).isEqualTo("new@x");
        assertThat(v2.version()).isEqualTo(2L);
        assertThat(sync.get(User.class, path).orElseThrow().email()).isEqualTo("new@x");

        Throwable stale = failure(table.update(User.class, path, UpdateSpec.of(s -> s.set("email", "e").expectedVersion(1))));
        assertThat(stale).isInstanceOf(VersionConflictException.class);
        assertThat(((VersionConflictException) stale).expectedVersion()).isEqualTo(1);

        KeyPath missing = KeyPath.of("user", UUID.randomUUID());
        assertThat(failure(table.update(User.class, missing, UpdateSpec.of(s -> s.set("name", "x")))))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining(missing.toString());
        assertThat(failure(table.update(User.class, path, UpdateSpec.of(s -> s.set("userId", UUID.randomUUID())))))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("userId");
        assertThat(sync.get(User.class, path).orElseThrow()).isEqualTo(v2);
    }

    @Test
    void transactAppliesAllOrNothingNamesTheFailedActionAndAllocatesSequenceIdsInOrder() {
        UUID u = UUID.randomUUID();
        KeyPath user = KeyPath.of("user", u);
        Comment existing = await(table.put(new Comment(u, 4, 1, "keep")));

        List<Object> results = await(table.transact(tx -> tx
                .put(Post.of(u, 0, "first", null))
                .put(Post.of(u, 0, "second", null))
                .conditionCheck(Comment.class, table.keyPathOf(existing), Condition.attributeEquals("text", "keep"))));
        assertThat(results).hasSize(3);
        assertThat(((Post) results.get(0)).postId()).isEqualTo(1);
        assertThat(((Post) results.get(1)).postId()).isEqualTo(2);
        assertThat(results.get(2)).isNull();
        assertThat(sync.query(Post.class, ItemQuery.of(q -> q.subtree(user))).items())
                .extracting(Post::title).containsExactly("first", "second");

        Throwable e = failure(table.transact(tx -> tx
                .put(Post.of(u, 0, "third", null))
                .update(Post.class, user.then("post", 1), UpdateSpec.of(s -> s.set("title", "changed")))
                .put(new Comment(u, 4, 1, "overwrite"), PutMode.CREATE_ONLY)));
        assertThat(e).isInstanceOf(TransactionFailedException.class);
        assertThat(((TransactionFailedException) e).failures()).singleElement().satisfies(f -> {
            assertThat(f.index()).isEqualTo(2);
            assertThat(f.action()).isEqualTo("put");
            assertThat(f.keyPath()).isEqualTo(table.keyPathOf(existing));
            assertThat(f.code()).isEqualTo("ConditionalCheckFailed");
        });
        assertThat(sync.query(Post.class, ItemQuery.of(q -> q.subtree(user))).items())
                .extracting(Post::title).containsExactly("first", "second");
        assertThat(sync.get(Comment.class, table.keyPathOf(existing)).orElseThrow().text()).isEqualTo("keep");
    }

    @Test
    void transactRejectsBadTransactionsThroughTheFutureBeforeAnyRequest() {
        UUID u = UUID.randomUUID();
        FaultInjector calls = new FaultInjector();
        try (DynamoDbAsyncClient counted = countedClient(calls)) {
            KeyPathAsyncTable t = asyncTable(counted);
            Throwable tooLarge = failure(t.transact(tx -> IntStream.range(0, 11)
                    .forEach(i -> tx.put(new Comment(u, 6, i, "z".repeat(390 * 1024))))));
            assertThat(tooLarge).isExactlyInstanceOf(TransactionTooLargeException.class);
            assertThat(((TransactionTooLargeException) tooLarge).actionIndex()).isEqualTo(10);

            IllegalStateException fromBody = new IllegalStateException("the body gave up");
            assertThat(failure(t.transact(tx -> {
                tx.put(new Comment(u, 6, 1, "x"));
                throw fromBody;
            }))).isSameAs(fromBody);
            assertThat(failure(t.transact(tx -> { }))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("at least one action");
            assertThat(failure(t.transact(tx -> tx.put("not registered"))))
                    .isExactlyInstanceOf(UnknownItemTypeException.class);
            assertThat(calls.totalCalls()).isZero();
        }
        assertThat(sync.query(q -> q.subtree(KeyPath.of("user", u))).items()).isEmpty();
    }

    @Test
    void batchWriteAndGetThroughThrottlingAndUnprocessedItemsWriteEachItemOnceAndReadInRequestOrder() {
        UUID u = UUID.randomUUID();
        List<Object> comments = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            comments.add(new Comment(u, 1, i, "c" + i));
        }
        FaultInjector faults = new FaultInjector();
        try (DynamoDbAsyncClient faulty = faultyClient(faults)) {
            KeyPathAsyncTable t = ready(asyncTable(faulty, TableFixture.FAST_RETRIES));
            faults.throttleNext(3).dropBatchItems(6);
            List<Object> stored = await(t.batchWrite(b -> b.putAll(comments)));
            assertThat(stored).containsExactlyElementsOf(comments);
            assertThat(faults.injectedThrottles()).isEqualTo(3);
            assertThat(faults.injectedDrops()).isEqualTo(6);
            Map<String, Integer> writes = faults.batchWritesPerKey();
            for (Object c : comments) {
                var item = sync.schema(Comment.class).toItem((Comment) c);
                assertThat(writes.get(FaultInjector.keyString(item))).as("writes of %s", sync.keyPathOf(c)).isEqualTo(1);
            }

            List<KeyPath> keys = new ArrayList<>(comments.stream().map(sync::keyPathOf).toList());
            Collections.reverse(keys);
            keys.add(KeyPath.of("user", u).then("post", 1).then("comment", 9999)); // absent
            faults.throttleNext(2).dropBatchItems(4);
            List<Comment> read = await(t.batchGet(Comment.class, keys));
            assertThat(faults.injectedThrottles()).isEqualTo(5);
            assertThat(faults.injectedDrops()).isEqualTo(10);
            assertThat(read).extracting(Comment::commentId)
                    .containsExactlyElementsOf(IntStream.range(0, 130).mapToObj(i -> 129L - i).toList());
        }
        assertThat(sync.query(Comment.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", u)))).items()).hasSize(130);
    }

    @Test
    void batchWriteAllocatesSequenceIdsRefusesVersionedTypesBeforeAnyRequestAndReportsItsDeadline() {
        UUID u = UUID.randomUUID();
        List<Object> posts = await(table.batchWrite(b -> b.put(Post.of(u, 0, "a", null)).put(Post.of(u, 0, "b", null))
                .put(Post.of(u, 0, "c", null))));
        assertThat(posts).extracting(p -> ((Post) p).postId()).containsExactly(1L, 2L, 3L);
        assertThat(await(table.batchWrite(b -> b.delete(Post.class, KeyPath.of("user", u).then("post", 2))))).isEmpty();
        assertThat(sync.query(Post.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", u)))).items())
                .extracting(Post::title).containsExactly("a", "c");

        FaultInjector faults = new FaultInjector();
        try (DynamoDbAsyncClient faulty = faultyClient(faults)) {
            KeyPathAsyncTable impatient = asyncTable(faulty,
                    new BatchPolicy(Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(200)));
            Throwable versioned = failure(impatient.batchWrite(b -> b.put(new User(u, "ann", "a@x", Instant.EPOCH, null))));
            assertThat(versioned).isExactlyInstanceOf(ItemMappingException.class).hasMessageContaining("versioned");
            assertThat(faults.totalCalls()).isZero();

            List<Object> comments = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                comments.add(new Comment(u, 7, i, "c"));
            }
            ready(impatient);
            faults.throttleNext(1_000_000);
            Throwable late = failure(impatient.batchWrite(b -> b.putAll(comments)));
            assertThat(late).isExactlyInstanceOf(BatchIncompleteException.class);
            assertThat(((BatchIncompleteException) late).unprocessed())
                    .containsExactlyInAnyOrderElementsOf(comments.stream().map(sync::keyPathOf).toList());
            assertThat(late.getCause()).isInstanceOf(ProvisionedThroughputExceededException.class);
        }
        assertThat(sync.query(q -> q.subtree(KeyPath.of("user", u).then("post", 7))).items()).isEmpty();
    }

    @Test
    void cancellingACallStopsItsFurtherRequests() throws InterruptedException {
        UUID u = UUID.randomUUID();
        List<Object> comments = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            comments.add(new Comment(u, 8, i, "c"));
        }
        FaultInjector faults = new FaultInjector();
        try (DynamoDbAsyncClient faulty = faultyClient(faults)) {
            Duration wait = Duration.ofMillis(200);
            KeyPathAsyncTable t = ready(asyncTable(faulty, new BatchPolicy(wait, wait, Duration.ofSeconds(20))));
            faults.throttleNext(1_000_000);
            CompletableFuture<List<Object>> write = t.batchWrite(b -> b.putAll(comments));
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(AsyncResults.TIMEOUT_SECONDS);
            while (faults.calls("BatchWriteItem") < 2 && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            assertThat(faults.calls("BatchWriteItem")).as("retrying while throttled").isGreaterThanOrEqualTo(2);

            assertThat(write.cancel(true)).isTrue();
            // a retry already on its way when the cancel came may still be counted; none may start after it
            Thread.sleep(wait.toMillis());
            int sent = faults.calls("BatchWriteItem");
            Thread.sleep(wait.multipliedBy(4).toMillis()); // several backoff waits: a live retry loop would resend
            assertThat(faults.calls("BatchWriteItem")).isEqualTo(sent);
            assertThat(write).isCancelled();
            faults.throttleNext(0);
        }
        assertThat(sync.query(q -> q.subtree(KeyPath.of("user", u))).items()).isEmpty();
    }

    @Test
    void queryOfASubtreeReturnsTypedItemsInOrderAndPagesWithTheSyncTablesToken() {
        UUID u = UUID.randomUUID();
        KeyPath user = KeyPath.of("user", u);
        List<Object> items = new ArrayList<>();
        for (int p = 1; p <= 5; p++) {
            items.add(Post.of(u, p, "post " + p, "t"));
            items.add(new Comment(u, p, 100 + p, "comment on " + p));
        }
        sync.batchWrite(b -> b.putAll(items));
        sync.put(new User(u, "ann", "a@x", Instant.EPOCH, null));

        Page<Object> all = await(table.query(q -> q.subtree(user)));
        assertThat(all.items()).hasSize(11);
        assertThat(all.items().get(0)).isInstanceOf(User.class);
        assertThat(all.items().get(1)).isInstanceOf(Post.class);
        assertThat(all.items().get(2)).isInstanceOf(Comment.class);
        assertThat(all.itemsOf(Post.class)).extracting(Post::postId).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(all.hasMore()).isFalse();

        ItemQuery posts = ItemQuery.of(q -> q.subtree(user.then("post")).limit(2));
        Page<Post> first = await(table.query(Post.class, posts));
        assertThat(first.items()).extracting(Post::postId).containsExactly(1L, 2L);
        assertThat(first.nextPageToken()).isNotNull().isEqualTo(sync.query(Post.class, posts).nextPageToken());

        Page<Post> second = await(table.query(Post.class, posts.toBuilder().pageToken(first.nextPageToken()).build()));
        assertThat(second.items()).extracting(Post::postId).containsExactly(3L, 4L);
        Page<Post> last = await(table.query(Post.class, posts.toBuilder().pageToken(second.nextPageToken()).build()));
        assertThat(last.items()).extracting(Post::postId).containsExactly(5L);
        assertThat(last.hasMore()).isFalse();

        // A token from the sync table continues the async query and vice versa.
        String syncToken = sync.query(Post.class, posts).nextPageToken();
        assertThat(await(table.query(Post.class, posts.toBuilder().pageToken(syncToken).build())).items())
                .extracting(Post::postId).containsExactly(3L, 4L);
        assertThat(sync.query(Post.class, posts.toBuilder().pageToken(first.nextPageToken()).build()).items())
                .extracting(Post::postId).containsExactly(3L, 4L);
    }

    @Test
    void queryWithATamperedTokenFailsWithInvalidPageTokenExceptionBeforeAnyRequest() {
        UUID u = UUID.randomUUID();
        KeyPath user = KeyPath.of("user", u);
        sync.batchWrite(b -> b.putAll(List.of(new Comment(u, 1, 1, "a"), new Comment(u, 1, 2, "b"),
                new Comment(u, 1, 3, "c"))));
        ItemQuery q = ItemQuery.of(b -> b.subtree(user).limit(1));
        String token = await(table.query(q)).nextPageToken();
        assertThat(token).isNotNull();
        byte[] raw = Base64.getUrlDecoder().decode(token);
        raw[raw.length / 2] ^= 0x01;
        String tampered = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);

        FaultInjector calls = new FaultInjector();
        try (DynamoDbAsyncClient counted = countedClient(calls)) {
            KeyPathAsyncTable t = asyncTable(counted);
            assertThat(failure(t.query(q.toBuilder().pageToken(tampered).build())))
                    .isExactlyInstanceOf(InvalidPageTokenException.class);
            assertThat(failure(t.query(b -> b.subtree(user.then("comment")).pageToken(token))))
                    .isExactlyInstanceOf(InvalidPageTokenException.class).hasMessageContaining("another query");
            assertThat(calls.totalCalls()).isZero();
            assertThat(await(t.query(q.toBuilder().pageToken(token).build())).items()).hasSize(1);
            assertThat(calls.calls("Query")).isEqualTo(1);
        }
    }

    @Test
    void oversizeKeysAndItemsFailThroughTheFutureBeforeAnyRequest() {
        KeyPath hugePk = KeyPath.of("counter", "x".repeat(3000)); // a Counter's key, too large
        UUID u = UUID.randomUUID();
        FaultInjector calls = new FaultInjector();
        try (DynamoDbAsyncClient counted = countedClient(calls)) {
            KeyPathAsyncTable t = asyncTable(counted);
            CompletableFuture<Optional<Counter>> get = t.get(Counter.class, hugePk); // returns, does not throw
            Throwable e = failure(get);
            assertThat(e).isExactlyInstanceOf(KeyTooLargeException.class);
            assertThat(((KeyTooLargeException) e).keyPath()).contains(hugePk);
            assertThat(failure(t.delete(Counter.class, hugePk))).isExactlyInstanceOf(KeyTooLargeException.class);
            assertThat(failure(t.query(q -> q.subtree(hugePk)))).isExactlyInstanceOf(KeyTooLargeException.class);
            assertThat(failure(t.put(new Comment(u, 1, 1, "y".repeat(500_000)))))
                    .isExactlyInstanceOf(ItemTooLargeException.class);
            assertThat(failure(t.put("not registered"))).isExactlyInstanceOf(UnknownItemTypeException.class);
            assertThat(calls.totalCalls()).isZero();
        }
        assertThat(sync.get(Comment.class, KeyPath.of("user", u).then("post", 1).then("comment", 1))).isEmpty();
    }

    @Test
    void sdkFailuresOtherThanConditionsPassThroughUnwrapped() {
        KeyPathAsyncTable missingTable = KeyPathTables.asyncBuilder().client(asyncClient)
                .tableName("kp-no-such-table-" + UUID.randomUUID()).register(Model.ALL).build();
        Throwable e = failure(missingTable.get(User.class, KeyPath.of("user", UUID.randomUUID())));
        assertThat(e).isInstanceOf(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.class);
    }

    @Test
    void concurrentPutsAllLandIncludingSequenceIds() {
        UUID u = UUID.randomUUID();
        List<CompletableFuture<Comment>> comments = IntStream.rangeClosed(1, 40)
                .mapToObj(i -> table.put(new Comment(u, 1, i, "c" + i))).toList();
        List<CompletableFuture<Post>> posts = IntStream.rangeClosed(1, 20)
                .mapToObj(i -> table.put(Post.of(u, 0, "p" + i, null))).toList();
        await(CompletableFuture.allOf(comments.toArray(CompletableFuture[]::new)));
        await(CompletableFuture.allOf(posts.toArray(CompletableFuture[]::new)));

        Page<Comment> stored = sync.query(Comment.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", u))));
        assertThat(stored.items()).extracting(Comment::commentId)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 40).mapToObj(i -> (long) i).toList());
        assertThat(stored.items()).allSatisfy(c -> assertThat(c.text()).isEqualTo("c" + c.commentId()));

        List<Long> ids = posts.stream().map(f -> f.join().postId()).sorted().toList();
        assertThat(ids).containsExactlyElementsOf(IntStream.rangeClosed(1, 20).mapToObj(i -> (long) i).toList());
        Page<Post> storedPosts = sync.query(Post.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", u))));
        assertThat(storedPosts.items()).extracting(Post::postId).containsExactlyElementsOf(ids);
    }

    /** A client whose faults reach the table: the SDK's own retries are off. */
    private static DynamoDbAsyncClient faultyClient(FaultInjector faults) {
        return engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults))
                .build();
    }

    private static DynamoDbAsyncClient countedClient(FaultInjector interceptor) {
        return engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(interceptor)).build();
    }
}
