package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.ReadRecorder.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A query reads what its page returns: where the registered types prove that its key range (or index) holds only
 * the types it returns, each request's {@code Limit} is what the page still needs and the engine reads exactly the
 * items returned, page after page (a user's posts where comments live in threads of their own, an index only posts
 * declare, a range of a thread's comments, a count up to a limit, a scan of every type); where other types lie in the
 * range (a post's comments and reactions under it), each request is sized from what the access pattern has kept,
 * and no item a page drops is read again by the next page. On both tables, the requests seen by an SDK interceptor
 * on DynamoDB Local.
 */
class ReadLimitsTest {
    private static final ReadRecorder RECORDER = new ReadRecorder();
    private static final UUID AUTHOR = UUID.randomUUID();
    private static final int POSTS = 250;
    private static final int THREAD = 30;
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static final Map<String, KeyPathTable> TABLES = new HashMap<>();
    private static final Map<String, KeyPathAsyncTable> ASYNC = new HashMap<>();

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "byTag", keyPath = "/tag-{tag}/post-{postId}")
    record Post(UUID userId, long postId, String tag, String title) {
    }

    /** A comment under its post (the hierarchy). */
    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}")
    record Comment(UUID userId, long postId, long postedAt, String text) {
    }

    /** A reaction under its comment (the hierarchy). */
    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}/react-{reactionId}")
    record Reaction(UUID userId, long postId, long postedAt, long reactionId, String emoji) {
    }

    /** A comment in its post's thread, a partition of its own (the flat layout). */
    @ItemType(keyPath = "/thread-{postId}/comment-{postedAt}", name = "Comment")
    record ThreadComment(long postId, long postedAt, String text) {
    }

    /** A reaction beside the comments of its post's thread (the flat layout). */
    @ItemType(keyPath = "/thread-{postId}/react-{reactionId}", name = "Reaction")
    record ThreadReaction(long postId, long reactionId, long postedAt, String emoji) {
    }

    enum Kind { SYNC, ASYNC }

    @BeforeAll
    static void load() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER)).build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER)).build();
        table("hierarchy", User.class, Post.class, Comment.class, Reaction.class);
        table("flat", User.class, Post.class, ThreadComment.class, ThreadReaction.class);
        List<Object> hierarchy = new ArrayList<>();
        List<Object> flat = new ArrayList<>();
        hierarchy.add(new User(AUTHOR, "ada"));
        flat.add(new User(AUTHOR, "ada"));
        long reaction = 0;
        for (long p = 1; p <= POSTS; p++) {
            Post post = new Post(AUTHOR, p, p % 2 == 0 ? "even" : "odd", "post " + p);
            hierarchy.add(post);
            flat.add(post);
            int comments = p == 1 ? THREAD : 2;
            for (long c = 1; c <= comments; c++) {
                hierarchy.add(new Comment(AUTHOR, p, 1_000 + c, "comment " + c));
                flat.add(new ThreadComment(p, 1_000 + c, "comment " + c));
                reaction++;
                hierarchy.add(new Reaction(AUTHOR, p, 1_000 + c, reaction, "+1"));
                flat.add(new ThreadReaction(p, reaction, 1_000 + c, "+1"));
            }
        }
        TABLES.get("hierarchy").batchWrite(b -> b.putAll(hierarchy));
        TABLES.get("flat").batchWrite(b -> b.putAll(flat));
    }

    private static void table(String layout, Class<?>... types) {
        String name = TestDynamoDb.uniqueTableName("limits-" + layout);
        KeyPathTable table = KeyPathTables.builder().client(client).tableName(name).register(types).build();
        table.bootstrap();
        TABLES.put(layout, table);
        ASYNC.put(layout, KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(types).build());
    }

    @AfterAll
    static void close() {
        client.close();
        asyncClient.close();
    }

    @BeforeEach
    void clear() {
        RECORDER.clear();
    }

    private static Page<Object> page(Kind kind, String layout, ItemQuery query) {
        return kind == Kind.SYNC ? TABLES.get(layout).query(query) : join(ASYNC.get(layout).query(query));
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Every page of {@code query} in order, each continued by the page before's token, with the pages' sizes. */
    private static List<List<Object>> pages(Kind kind, String layout, ItemQuery query) {
        List<List<Object>> pages = new ArrayList<>();
        String token = null;
        do {
            Page<Object> page = page(kind, layout, query.toBuilder().pageToken(token).build());
            pages.add(page.items());
            token = page.nextPageToken();
        } while (token != null);
        return pages;
    }

    private static List<Long> postIds(List<List<Object>> pages) {
        return pages.stream().flatMap(List::stream).map(o -> ((Post) o).postId()).toList();
    }

    private static List<Long> range(long from, long to) {
        List<Long> ids = new ArrayList<>();
        for (long i = from; from <= to ? i <= to : i >= to; i += from <= to ? 1 : -1) {
            ids.add(i);
        }
        return ids;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void pagesOfAUsersPostsReadExactlyThePostsWhereNothingElseCanLieAmongThem(Kind kind) {
        ItemQuery posts = ItemQuery.of(q -> q.subtree(KeyPath.of("user", AUTHOR).then("post")).types(Post.class)
                .limit(100));

        List<List<Object>> pages = pages(kind, "flat", posts);

        assertThat(postIds(pages)).isEqualTo(range(1, POSTS));
        assertThat(pages).extracting(List::size).containsExactly(100, 100, 50);
        assertThat(RECORDER.limits()).containsExactly(100, 100, 100);
        assertThat(RECORDER.scanned()).as("items read").isEqualTo(POSTS);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theNewestPostsOfATagReadOnlyThosePostsOnAnIndexOnlyPostsDeclare(Kind kind) {
        ItemQuery newest = ItemQuery.of(q -> q.index("byTag").subtree(KeyPath.of("tag", "even").then("post"))
                .types(Post.class).descending().limit(20));

        for (String layout : List.of("hierarchy", "flat")) {
            RECORDER.clear();
            Page<Object> page = page(kind, layout, newest);

            assertThat(page.items()).extracting(o -> ((Post) o).postId()).as(layout)
                    .isEqualTo(range(POSTS, POSTS - 38).stream().filter(id -> id % 2 == 0).toList());
            assertThat(RECORDER.limits()).as(layout).containsExactly(20);
            assertThat(RECORDER.scanned()).as(layout).isEqualTo(20);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void pagesOfAThreadsCommentsReadOnlyTheCommentsWhereReactionsLieBesideThem(Kind kind) {
        KeyPath thread = KeyPath.of("thread", 1);
        ItemQuery comments = ItemQuery.of(q -> q.between(thread.then("comment", 1_005), thread.then("comment", 1_025))
                .types(ThreadComment.class).descending().limit(8));

        List<List<Object>> pages = pages(kind, "flat", comments);

        assertThat(pages.stream().flatMap(List::stream).map(o -> ((ThreadComment) o).postedAt()))
                .isEqualTo(range(1_025, 1_005));
        assertThat(RECORDER.scanned()).as("items read").isEqualTo(21);
        assertThat(RECORDER.limits()).containsExactly(8, 8, 8);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aCountUpToALimitReadsNoMoreThanTheLimitWhereOnlyCountedItemsLie(Kind kind) {
        ItemQuery anyPost = ItemQuery.of(q -> q.subtree(KeyPath.of("user", AUTHOR).then("post")).types(Post.class)
                .limit(1));

        long count = kind == Kind.SYNC ? TABLES.get("flat").count(anyPost) : join(ASYNC.get("flat").count(anyPost));

        assertThat(count).isEqualTo(1);
        assertThat(RECORDER.limits()).containsExactly(1);
        assertThat(RECORDER.scanned()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void pagesOverDescendantsReadAgainOnlyWhatFollowsThePageEndAndAskForWhatThePatternKeeps(Kind kind) {
        ItemQuery posts = ItemQuery.of(q -> q.subtree(KeyPath.of("user", AUTHOR).then("post")).types(Post.class)
                .limit(100));

        List<List<ReadRecorder.Read>> reads = new ArrayList<>();
        List<List<Object>> pages = new ArrayList<>();
        String token = null;
        do {
            int before = RECORDER.reads().size();
            Page<Object> page = page(kind, "hierarchy", posts.toBuilder().pageToken(token).build());
            pages.add(page.items());
            reads.add(RECORDER.reads().subList(before, RECORDER.reads().size()));
            token = page.nextPageToken();
        } while (token != null);

        assertThat(postIds(pages)).isEqualTo(range(1, POSTS));
        int readAgain = 0;
        for (int k = 1; k < reads.size(); k++) {
            List<Item> earlier = reads.get(k - 1).stream().flatMap(r -> r.items().stream()).toList();
            List<Item> now = reads.get(k).stream().flatMap(r -> r.items().stream()).toList();
            String pageStart = now.stream().filter(i -> "Post".equals(i.type())).findFirst().orElseThrow().key();
            List<Item> again = now.stream().filter(earlier::contains).toList();
            assertThat(now.get(0).key()).as("page %d starts at its first post", k).isEqualTo(pageStart);
            assertThat(again).as("what page %d reads again follows the page before's last post", k)
                    .allMatch(i -> i.key().compareTo(pageStart) >= 0);
            readAgain += again.size();
        }
        long range = POSTS + 2L * (2 * (POSTS - 1) + THREAD);
        assertThat(RECORDER.scanned()).as("items read").isEqualTo(range + readAgain);
        assertThat(readAgain).as("items read again").isLessThan((int) range / 4);
        assertThat(RECORDER.limits().get(1)).as("after the first request, sized from the share of posts read")
                .isGreaterThan(100);
        assertThat(RECORDER.reads()).as("requests").hasSizeLessThanOrEqualTo(2 * pages.size() + 1);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aScanOfEveryTypeReadsExactlyItsPages(Kind kind) {
        ItemScan all = ItemScan.of(s -> s.types(User.class, Post.class, ThreadComment.class, ThreadReaction.class)
                .limit(200));
        Function<ItemScan, Page<Object>> scan = kind == Kind.SYNC ? TABLES.get("flat")::scan
                : s -> join(ASYNC.get("flat").scan(s));

        List<Object> items = new ArrayList<>();
        Page<Object> page = scan.apply(all);
        items.addAll(page.items());
        while (page.hasMore()) {
            page = scan.apply(all.toBuilder().pageToken(page.nextPageToken()).build());
            items.addAll(page.items());
        }

        int stored = 1 + POSTS + 2 * (2 * (POSTS - 1) + THREAD);
        assertThat(items).hasSize(stored);
        assertThat(RECORDER.scanned()).as("the items and the table's layout record").isEqualTo(stored + 1);
        assertThat(RECORDER.limits()).allMatch(l -> l == 200);
    }
}
