package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.ReadRecorder.Item;
import dev.keypath.test.adapter.ReadRecorder.Read;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Page tokens never skip or repeat an item, however each request is sized: a query read page after page, every page
 * of a size of its own and on either table, each continued by the page before's token, returns exactly the items a
 * single read of the range would, in order, on a hierarchy (a post's comments, reactions and expiring notes between
 * its user's posts), a flat layout (comments and reactions in threads of their own) and an index, with and without
 * types and filters, ascending and descending. What a page reads again of what the page before read follows the first
 * item it returns (nothing the page before dropped is read twice), and where the registered types prove that the range
 * holds only what the query returns, the engine reads exactly the items returned. On DynamoDB Local.
 */
class QueryPagingPropertiesTest {
    private static final ReadRecorder RECORDER = new ReadRecorder();
    private static final Instant NOW = Instant.now();
    private static final List<UUID> USERS = List.of(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID());
    private static final List<String> TAGS = List.of("a", "b", "c");
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static KeyPathTable[] tables;
    private static KeyPathAsyncTable[] asyncTables;
    /** Per layout (0: hierarchy, 1: flat), every item stored, and its key path. */
    private static final List<Map.Entry<KeyPath, Object>>[] STORED = newStored();

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "byTag", keyPath = "/tag-{tag}/post-{postId}")
    record Post(UUID userId, long postId, String tag, boolean pinned) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}")
    record Comment(UUID userId, long postId, long postedAt) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}/react-{reactionId}")
    record Reaction(UUID userId, long postId, long postedAt, long reactionId) {
    }

    /** A note on a post that expires: half of them have, and no read returns them. */
    @ItemType(keyPath = "/user-{userId}/post-{postId}/note-{noteId}")
    record Note(UUID userId, long postId, long noteId, @TimeToLive Instant expiresAt) {
    }

    @ItemType(keyPath = "/thread-{postId}/comment-{postedAt}", name = "Comment")
    record ThreadComment(long postId, long postedAt) {
    }

    @ItemType(keyPath = "/thread-{postId}/react-{reactionId}", name = "Reaction")
    record ThreadReaction(long postId, long reactionId, long postedAt) {
    }

    @SuppressWarnings("unchecked")
    private static List<Map.Entry<KeyPath, Object>>[] newStored() {
        return new List[] {new ArrayList<>(), new ArrayList<>()};
    }

    @BeforeAll
    static void load() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER)).build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER)).build();
        List<Class<?>[]> types = List.of(
                new Class<?>[] {User.class, Post.class, Comment.class, Reaction.class, Note.class},
                new Class<?>[] {User.class, Post.class, ThreadComment.class, ThreadReaction.class});
        tables = new KeyPathTable[2];
        asyncTables = new KeyPathAsyncTable[2];
        Random random = new Random(7);
        long post = 0;
        long reaction = 0;
        List<List<Object>> items = List.of(new ArrayList<>(), new ArrayList<>());
        for (UUID user : USERS) {
            add(items, 0, KeyPath.of("user", user), new User(user, "u"));
            add(items, 1, KeyPath.of("user", user), new User(user, "u"));
            for (int p = random.nextInt(45); p > 0; p--) {
                post++;
                KeyPath postPath = KeyPath.of("user", user).then("post", post);
                Post stored = new Post(user, post, TAGS.get(random.nextInt(3)), random.nextInt(3) == 0);
                add(items, 0, postPath, stored);
                add(items, 1, postPath, stored);
                for (int c = random.nextInt(4); c > 0; c--) {
                    long at = 1_000 + 10L * c;
                    add(items, 0, postPath.then("comment", at), new Comment(user, post, at));
                    add(items, 1, KeyPath.of("thread", post).then("comment", at), new ThreadComment(post, at));
                    for (int r = random.nextInt(3); r > 0; r--) {
                        reaction++;
                        add(items, 0, postPath.then("comment", at).then("react", reaction),
                                new Reaction(user, post, at, reaction));
                        add(items, 1, KeyPath.of("thread", post).then("react", reaction),
                                new ThreadReaction(post, reaction, at));
                    }
                }
                for (int n = random.nextInt(3); n > 0; n--) {
                    Instant expires = NOW.plus(random.nextBoolean() ? -1 : 1, ChronoUnit.DAYS);
                    add(items, 0, postPath.then("note", n), new Note(user, post, n, expires));
                }
            }
        }
        for (int layout = 0; layout < 2; layout++) {
            String name = TestDynamoDb.uniqueTableName("paging-" + layout);
            tables[layout] = KeyPathTables.builder().client(client).tableName(name).register(types.get(layout))
                    .pageTokenSecret(TableFixture.SECRET).build();
            asyncTables[layout] = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                    .register(types.get(layout)).pageTokenSecret(TableFixture.SECRET).build();
            tables[layout].bootstrap();
            List<Object> written = items.get(layout);
            tables[layout].batchWrite(b -> b.putAll(written));
        }
    }

    private static void add(List<List<Object>> items, int layout, KeyPath path, Object item) {
        items.get(layout).add(item);
        STORED[layout].add(Map.entry(path, item));
    }

    @AfterAll
    static void close() {
        client.close();
        asyncClient.close();
    }

    /** One generated query: its layout, the query (without limit) and what a read of it returns, in order. */
    record Case(int layout, ItemQuery query, List<Object> expected, boolean proven, boolean onIndex) {
    }

    private static Case generate(Random random) {
        int layout = random.nextInt(2);
        UUID user = USERS.get(random.nextInt(USERS.size()));
        KeyPath userPath = KeyPath.of("user", user);
        boolean descending = random.nextBoolean();
        List<Map.Entry<KeyPath, Object>> stored = STORED[layout];
        List<Post> posts = stored.stream().map(Map.Entry::getValue).filter(o -> o instanceof Post p
                && p.userId().equals(user)).map(o -> (Post) o).toList();
        long anyPost = posts.isEmpty() ? 1 : posts.get(random.nextInt(posts.size())).postId();
        ItemQuery.Builder q = ItemQuery.builder().descending(descending);
        Predicate<Object> kept;
        KeyRange range;
        boolean proven;
        switch (random.nextInt(6)) {
            case 0 -> { // the user's whole partition
                range = KeyRange.subtree(userPath);
                kept = o -> true;
                proven = layout == 1;
            }
            case 1 -> { // the user's posts
                range = KeyRange.subtree(userPath.then("post"));
                q.types(Post.class);
                kept = o -> o instanceof Post;
                proven = layout == 1;
            }
            case 2 -> { // the user's pinned posts
                range = KeyRange.subtree(userPath.then("post"));
                q.types(Post.class).filter(Condition.attributeEquals("pinned", true));
                kept = o -> o instanceof Post p && p.pinned();
                proven = false;
            }
            case 3 -> { // a post's comments between two times
                long from = 1_000 + 10L * random.nextInt(3);
                long to = from + 10L * random.nextInt(3);
                KeyPath parent = layout == 0 ? userPath.then("post", anyPost) : KeyPath.of("thread", anyPost);
                range = KeyRange.between(parent.then("comment", from), parent.then("comment", to));
                q.types(layout == 0 ? Comment.class : ThreadComment.class);
                kept = o -> o instanceof Comment || o instanceof ThreadComment;
                proven = layout == 1;
            }
            case 4 -> { // a post and everything under it
                range = KeyRange.subtree(userPath.then("post", anyPost));
                kept = o -> true;
                proven = layout == 1;
            }
            default -> { // a tag's posts, on the index
                String tag = TAGS.get(random.nextInt(3));
                ItemQuery.Builder b = q.index("byTag").subtree(KeyPath.of("tag", tag)).types(Post.class);
                List<Object> expected = new ArrayList<>(STORED[layout].stream().map(Map.Entry::getValue)
                        .filter(o -> o instanceof Post p && p.tag().equals(tag))
                        .sorted(Comparator.comparingLong(o -> ((Post) o).postId())).toList());
                if (descending) {
                    java.util.Collections.reverse(expected);
                }
                return new Case(layout, b.build(), expected, true, true);
            }
        }
        if (range.isSubtree()) {
            q.subtree(range.from());
        } else {
            q.between(range.from(), range.to());
        }
        Comparator<Map.Entry<KeyPath, Object>> order = Map.Entry.comparingByKey();
        List<Object> expected = stored.stream().filter(e -> range.contains(e.getKey()))
                .filter(e -> !(e.getValue() instanceof Note n) || n.expiresAt().isAfter(NOW))
                .filter(e -> kept.test(e.getValue()))
                .sorted(descending ? order.reversed() : order).map(Map.Entry::getValue).toList();
        return new Case(layout, q.build(), expected, proven, false);
    }

    @Test
    void pagesOfEverySizeReturnEachItemOnceAndReadAgainOnlyWhatFollowsThePageEnd() {
        QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.engineExamples", 40))
                .withShrinkCycles(0).forAll(longs().all()).checkAssert(seed -> {
                    Random random = new Random(seed);
                    Case c = generate(random);
                    RECORDER.clear();
                    List<Object> got = new ArrayList<>();
                    List<List<Read>> reads = new ArrayList<>();
                    List<List<Object>> pages = new ArrayList<>();
                    String token = null;
                    do {
                        int limit = 1 + random.nextInt(random.nextBoolean() ? 5 : 40);
                        ItemQuery page = c.query().toBuilder().limit(limit).pageToken(token).build();
                        int before = RECORDER.reads().size();
                        Page<Object> p = random.nextBoolean() ? tables[c.layout()].query(page)
                                : join(asyncTables[c.layout()].query(page));
                        assertThat(p.items().size()).as("a page of at most its limit").isLessThanOrEqualTo(limit);
                        got.addAll(p.items());
                        pages.add(p.items());
                        reads.add(RECORDER.reads().subList(before, RECORDER.reads().size()));
                        token = p.nextPageToken();
                        assertThat(pages.size()).as("pages of %s", c.query()).isLessThan(400);
                    } while (token != null);

                    assertThat(got).as("%s on layout %d", c.query(), c.layout()).isEqualTo(c.expected());
                    for (int k = 1; k < reads.size(); k++) {
                        Set<Item> earlier = new HashSet<>();
                        reads.get(k - 1).forEach(r -> earlier.addAll(r.items()));
                        List<Item> now = reads.get(k).stream().flatMap(r -> r.items().stream()).toList();
                        List<Item> again = now.stream().filter(earlier::contains).toList();
                        if (!again.isEmpty() && !c.onIndex()) {
                            assertThat(again.get(0)).as("page %d of %s reads again from where it starts", k, c.query())
                                    .isEqualTo(now.get(0));
                            assertThat(pages.get(k)).as("page %d of %s returns what it reads again first", k,
                                    c.query()).isNotEmpty();
                        }
                    }
                    if (c.proven()) {
                        assertThat(RECORDER.scanned()).as("items read for %s", c.query()).isEqualTo(got.size());
                    }
                });
    }

    private static <T> T join(java.util.concurrent.CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
