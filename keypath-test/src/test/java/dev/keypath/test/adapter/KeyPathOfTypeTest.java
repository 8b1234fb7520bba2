package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static dev.keypath.test.adapter.AsyncResults.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathMismatchException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.StringPost;
import dev.keypath.test.adapter.Model.User;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A key path given with a type it cannot belong to (other namespaces, another length, or an id that does not fit
 * the key field: text for a {@code long}, a number for a {@code UUID}) is refused before any request by every
 * read and write that takes a type and a key path, on both tables, with a {@link KeyPathMismatchException}
 * naming the path, the type and its template, whether or not an item of another type is stored there.
 */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class KeyPathOfTypeTest {
    @Injected
    private static TestDynamoDb engine;
    @Injected
    private static KeyPathTable table;

    private static final AtomicInteger REQUESTS = new AtomicInteger();
    private static DynamoDbClient counted;
    private static DynamoDbAsyncClient countedAsync;
    private static KeyPathTable sync;
    private static KeyPathAsyncTable async;

    private static final UUID USER = UUID.randomUUID();
    /** Where a StringPost is stored: a text id where a Post has a long. */
    private static final KeyPath STRING_POST = KeyPath.of("user", USER).then("post", "hello");
    /** Other namespaces, shorter, longer, a number where a UUID belongs, a text id for the long. */
    private static final List<KeyPath> NOT_POSTS = List.of(KeyPath.of("user", USER),
            KeyPath.of("user", USER).then("comment", 1), KeyPath.of("user", USER).then("post", 1).then("comment", 2),
            KeyPath.of("user", 7).then("post", 1), KeyPath.of("session", USER).then("post", 1), STRING_POST);

    @BeforeAll
    static void setUp() {
        ExecutionInterceptor counter = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                REQUESTS.incrementAndGet();
            }
        };
        counted = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(counter)).build();
        countedAsync = engine.asyncClientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(counter))
                .build();
        sync = TableFixture.builder(table.tableName(), counted).build();
        async = KeyPathTables.asyncBuilder().client(countedAsync).tableName(table.tableName()).register(Model.ALL)
                .pageTokenSecret(TableFixture.SECRET).build();
        table.put(new User(USER, "ada", "ada@example.com", null, null));
        table.put(new StringPost(USER, "hello", "a text-keyed post"));
    }

    @AfterAll
    static void close() {
        counted.close();
        countedAsync.close();
    }

    @Test
    void everyReadAndWriteByKeyRefusesAPathThatCannotBeAPostBeforeAnyRequest() {
        for (KeyPath path : NOT_POSTS) {
            refusedBeforeAnyRequest(path, () -> sync.get(Post.class, path));
            refusedBeforeAnyRequest(path, () -> sync.get(Projection.of(Post.class, PostTitle.class), path));
            refusedBeforeAnyRequest(path, () -> sync.delete(Post.class, path));
            refusedBeforeAnyRequest(path, () -> sync.delete(DeleteItem.builder(Post.class, path).returnDeleted()
                    .build()));
            refusedBeforeAnyRequest(path, () -> sync.update(Post.class, path,
                    UpdateSpec.of(u -> u.set("title", "x"))));
            refusedBeforeAnyRequest(path, () -> sync.batchGet(Post.class, List.of(path)));
            refusedBeforeAnyRequest(path, () -> sync.batchGet(List.of(ItemKey.of(User.class, KeyPath.of("user",
                    USER)), ItemKey.of(Post.class, path)), ReadConsistency.EVENTUAL));
            refusedBeforeAnyRequest(path, () -> sync.batchGet(Projection.of(Post.class, PostTitle.class),
                    List.of(path), ReadConsistency.STRONG));
            refusedBeforeAnyRequest(path, () -> sync.transactGet(List.of(ItemKey.of(Post.class, path))));
            refusedBeforeAnyRequest(path, () -> sync.batchWrite(b -> b.delete(Post.class, path)));
            refusedBeforeAnyRequest(path, () -> sync.transact(tx -> tx.delete(DeleteItem.of(Post.class, path))));
            refusedBeforeAnyRequest(path, () -> sync.transact(tx -> tx.update(dev.keypath.dynamodb.UpdateItem.of(
                    Post.class, path, u -> u.set("title", "x")))));
            refusedBeforeAnyRequest(path, () -> sync.transact(tx -> tx.conditionCheck(Post.class, path,
                    dev.keypath.dynamodb.Condition.attributeEquals("title", "x"))));
            refusedBeforeAnyRequest(path, () -> sync.readModifyWrite(1, tx -> tx.read(Post.class, path)));
        }
    }

    @Test
    void theAsyncTableRefusesThemAlikeBeforeAnyRequest() {
        for (KeyPath path : NOT_POSTS) {
            refusedAsync(path, () -> async.get(Post.class, path));
            refusedAsync(path, () -> async.get(Projection.of(Post.class, PostTitle.class), path));
            refusedAsync(path, () -> async.delete(Post.class, path));
            refusedAsync(path, () -> async.update(Post.class, path, UpdateSpec.of(u -> u.set("title", "x"))));
            refusedAsync(path, () -> async.batchGet(Post.class, List.of(path)));
            refusedAsync(path, () -> async.transactGet(List.of(ItemKey.of(Post.class, path))));
            refusedAsync(path, () -> async.batchWrite(b -> b.delete(Post.class, path)));
            refusedAsync(path, () -> async.transact(tx -> tx.delete(DeleteItem.of(Post.class, path))));
        }
    }

    @Test
    void pathsThatFitTheTypeStillReadAndAnOtherTypesItemAtAFittingPathStillFailsAsBefore() {
        KeyPath absent = KeyPath.of("user", USER).then("post", 404);
        assertThat(sync.get(Post.class, absent)).isEmpty();
        assertThat(await(async.get(Post.class, absent))).isEmpty();
        assertThat(sync.get(StringPost.class, STRING_POST)).isPresent();
        assertThat(sync.batchGet(Post.class, List.of(absent))).isEmpty();
    }

    record PostTitle(String title) {
    }

    @ItemType(keyPath = "/member-{id}")
    @UniqueKeyPath("/email-{email}")
    record Member(String id, String email) {
    }

    @Test
    void aLookupByAliasRefusesAPathThatCannotBeOneOfTheTypesUniqueKeyPaths() {
        KeyPathTable members = TableFixture.builder(table.tableName(), counted).register(Member.class).build();
        KeyPathAsyncTable asyncMembers = KeyPathTables.asyncBuilder().client(countedAsync).tableName(table.tableName())
                .register(Member.class).build();
        for (KeyPath alias : List.of(KeyPath.of("mail", "a@example.com"), KeyPath.of("email", 7),
                KeyPath.of("email", "a@example.com").then("x", 1))) {
            int before = REQUESTS.get();
            assertThatThrownBy(() -> members.getByAlias(Member.class, alias)).as("%s", alias)
                    .isInstanceOf(KeyPathMismatchException.class).hasMessageContaining(alias.toString())
                    .hasMessageContaining("/email-{email}");
            assertThat(failure(asyncMembers.getByAlias(Member.class, alias))).as("%s", alias)
                    .isInstanceOf(KeyPathMismatchException.class);
            assertThat(REQUESTS.get()).as("requests sent for %s", alias).isEqualTo(before);
        }
        assertThat(members.getByAlias(Member.class, KeyPath.of("email", "nobody@example.com"))).isEmpty();
    }

    private static void refusedBeforeAnyRequest(KeyPath path, ThrowingCallable call) {
        int before = REQUESTS.get();
        assertThatThrownBy(call).as("%s", path).isInstanceOf(KeyPathMismatchException.class)
                .hasMessageContaining(path.toString()).hasMessageContaining("Post")
                .hasMessageContaining("/user-{userId}/post-{postId}")
                .satisfies(e -> assertThat(((KeyPathMismatchException) e).keyPath()).contains(path));
        assertThat(REQUESTS.get()).as("requests sent for %s", path).isEqualTo(before);
    }

    private static void refusedAsync(KeyPath path, java.util.function.Supplier<CompletableFuture<?>> call) {
        int before = REQUESTS.get();
        assertThat(failure(call.get())).as("%s", path).isInstanceOf(KeyPathMismatchException.class)
                .hasMessageContaining(path.toString()).hasMessageContaining("/user-{userId}/post-{postId}");
        assertThat(REQUESTS.get()).as("requests sent for %s", path).isEqualTo(before);
    }
}
