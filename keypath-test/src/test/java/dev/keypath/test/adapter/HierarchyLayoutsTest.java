package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The two layouts docs/COST.md gives for reading the latest children of a parent without their descendants, as it
 * states them: in a hierarchy, a sparse local index that the children (and the parent, under a key path that sorts
 * after them) declare reads the newest N posts in one request of N entries, or the user with them in one request, and
 * costs each post write its index entry; with the descendants in partitions of their own and the user stored as a
 * child that sorts after its posts, one descending query of the user's partition reads the user and its newest posts
 * and no write costs more. On both tables, requests and capacity seen on DynamoDB Local.
 */
class HierarchyLayoutsTest {
    private static final ReadRecorder RECORDER = new ReadRecorder();
    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static final UUID AUTHOR = UUID.randomUUID();
    private static final int POSTS = 60;
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static final KeyPathTable[] TABLES = new KeyPathTable[2];
    private static final KeyPathAsyncTable[] ASYNC = new KeyPathAsyncTable[2];
    private static final int INDEXED = 0;
    private static final int FLAT = 1;

    @ItemType(keyPath = "/user-{userId}")
    @SecondaryKeyPath(index = "posts", keyPath = "/user-{userId}/profile", local = true)
    record User(UUID userId, String name, long postCount) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "posts", keyPath = "/user-{userId}/post-{postId}", local = true)
    record Post(UUID userId, long postId, String title) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}")
    record Comment(UUID userId, long postId, long postedAt, String text) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}/react-{reactionId}")
    record Reaction(UUID userId, long postId, long postedAt, long reactionId, String emoji) {
    }

    /** The user stored as a child that sorts after its posts. */
    @ItemType(keyPath = "/user-{userId}/profile", name = "User")
    record Profile(UUID userId, String name, long postCount) {
    }

    /** A post of the flat layout: no index. */
    @ItemType(keyPath = "/user-{userId}/post-{postId}", name = "Post")
    record FlatPost(UUID userId, long postId, String title) {
    }

    @ItemType(keyPath = "/post-{postId}/comment-{postedAt}", name = "Comment")
    record ThreadComment(long postId, long postedAt, String text) {
    }

    @ItemType(keyPath = "/post-{postId}/react-{reactionId}", name = "Reaction")
    record ThreadReaction(long postId, long reactionId, long postedAt, String emoji) {
    }

    enum Kind { SYNC, ASYNC }

    @BeforeAll
    static void load() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER)).build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER)).build();
        table(INDEXED, User.class, Post.class, Comment.class, Reaction.class);
        table(FLAT, Profile.class, FlatPost.class, ThreadComment.class, ThreadReaction.class);
        List<Object> indexed = new ArrayList<>();
        List<Object> flat = new ArrayList<>();
        indexed.add(new User(AUTHOR, "ada", POSTS));
        flat.add(new Profile(AUTHOR, "ada", POSTS));
        long reaction = 0;
        for (long p = 1; p <= POSTS; p++) {
            indexed.add(new Post(AUTHOR, p, "post " + p));
            flat.add(new FlatPost(AUTHOR, p, "post " + p));
            for (long c = 1; c <= 3; c++) {
                indexed.add(new Comment(AUTHOR, p, 1_000 + c, "comment " + c));
                flat.add(new ThreadComment(p, 1_000 + c, "comment " + c));
                for (int r = 0; r < 2; r++) {
                    reaction++;
                    indexed.add(new Reaction(AUTHOR, p, 1_000 + c, reaction, "+1"));
                    flat.add(new ThreadReaction(p, reaction, 1_000 + c, "+1"));
                }
            }
        }
        TABLES[INDEXED].batchWrite(b -> b.putAll(indexed));
        TABLES[FLAT].batchWrite(b -> b.putAll(flat));
    }

    private static void table(int layout, Class<?>... types) {
        String name = TestDynamoDb.uniqueTableName("hierarchy-" + layout);
        TABLES[layout] = KeyPathTables.builder().client(client).tableName(name).register(types)
                .operationListener(REPORTS::add).build();
        ASYNC[layout] = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(types)
                .operationListener(REPORTS::add).build();
        TABLES[layout].bootstrap();
    }

    @AfterAll
    static void close() {
        client.close();
        asyncClient.close();
    }

    @BeforeEach
    void clear() {
        RECORDER.clear();
        REPORTS.clear();
    }

    private static Page<Object> query(Kind kind, int layout, ItemQuery query) {
        if (kind == Kind.SYNC) {
            return TABLES[layout].query(query);
        }
        try {
            return ASYNC[layout].query(query).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static List<Long> newest(int count) {
        List<Long> ids = new ArrayList<>();
        for (long id = POSTS; id > POSTS - count; id--) {
            ids.add(id);
        }
        return ids;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theIndexOfTheChildrenReadsTheNewestPostsAloneInOneRequest(Kind kind) {
        Page<Object> page = query(kind, INDEXED, ItemQuery.of(q -> q.index("posts")
                .subtree(KeyPath.of("user", AUTHOR).then("post")).types(Post.class).descending().limit(20)));

        assertThat(page.items()).extracting(o -> ((Post) o).postId()).isEqualTo(newest(20));
        assertThat(RECORDER.reads()).hasSize(1);
        assertThat(RECORDER.scanned()).as("entries read").isEqualTo(20);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theIndexTheUserDeclaresTooReadsTheUserWithItsNewestPostsInOneRequest(Kind kind) {
        Page<Object> page = query(kind, INDEXED, ItemQuery.of(q -> q.index("posts").subtree(KeyPath.of("user", AUTHOR))
                .descending().limit(21)));

        assertThat(page.items().get(0)).isEqualTo(new User(AUTHOR, "ada", POSTS));
        assertThat(page.items().subList(1, 21)).extracting(o -> ((Post) o).postId()).isEqualTo(newest(20));
        assertThat(RECORDER.reads()).hasSize(1);
        assertThat(RECORDER.scanned()).as("entries read").isEqualTo(21);
        assertThat(page.capacity().readUnits()).as("read units").isLessThanOrEqualTo(1.0);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theUserStoredAfterItsPostsIsReadWithTheNewestPostsInOneRequest(Kind kind) {
        Page<Object> page = query(kind, FLAT, ItemQuery.of(q -> q.subtree(KeyPath.of("user", AUTHOR)).descending()
                .limit(21)));

        assertThat(page.items().get(0)).isEqualTo(new Profile(AUTHOR, "ada", POSTS));
        assertThat(page.items().subList(1, 21)).extracting(o -> ((FlatPost) o).postId()).isEqualTo(newest(20));
        assertThat(RECORDER.reads()).hasSize(1);
        assertThat(RECORDER.scanned()).as("items read").isEqualTo(21);
        assertThat(page.capacity().readUnits()).as("read units").isLessThanOrEqualTo(1.0);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aPostWriteCostsItsIndexEntryAndNothingMoreInTheFlatLayout(Kind kind) {
        long id = 1_000 + kind.ordinal();
        if (kind == Kind.SYNC) {
            TABLES[INDEXED].put(new Post(AUTHOR, id, "indexed"));
            TABLES[FLAT].put(new FlatPost(AUTHOR, id, "flat"));
            TABLES[INDEXED].update(User.class, KeyPath.of("user", AUTHOR), UpdateSpec.of(u -> u.increment("postCount", 1)));
        } else {
            ASYNC[INDEXED].put(new Post(AUTHOR, id, "indexed")).join();
            ASYNC[FLAT].put(new FlatPost(AUTHOR, id, "flat")).join();
            ASYNC[INDEXED].update(User.class, KeyPath.of("user", AUTHOR), UpdateSpec.of(u -> u.increment("postCount", 1)))
                    .join();
        }

        List<OperationCapacity> puts = REPORTS.stream().filter(r -> r.kind() == OperationKind.PUT)
                .map(OperationReport::capacity).toList();
        OperationCapacity update = REPORTS.stream().filter(r -> r.kind() == OperationKind.UPDATE).findFirst()
                .orElseThrow().capacity();
        assertThat(puts.get(0).index("posts").writeUnits()).as("the post's entry").isEqualTo(1.0);
        assertThat(puts.get(0).writeUnits()).isEqualTo(2.0);
        assertThat(puts.get(1).writeUnits()).as("the flat layout's post").isEqualTo(1.0);
        assertThat(update.index("posts").writeUnits()).as("the user's entry").isEqualTo(1.0);
        TABLES[INDEXED].update(User.class, KeyPath.of("user", AUTHOR), UpdateSpec.of(u -> u.increment("postCount", -1)));
        TABLES[INDEXED].delete(Post.class, KeyPath.of("user", AUTHOR).then("post", id));
        TABLES[FLAT].delete(FlatPost.class, KeyPath.of("user", AUTHOR).then("post", id));
    }
}
