package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.StringPost;
import dev.keypath.test.adapter.Model.User;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class CollectionQueryTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static TestDynamoDb engine;
    private static final UUID U = UUID.randomUUID();
    private static final KeyPath USER = KeyPath.of("user", U);
    private static final byte[] COLLIDING = {0x08, 0x03};

    @BeforeAll
    static void setUp() {
        List<Object> items = new ArrayList<>();
        for (int p = 1; p <= 12; p++) {
            items.add(Post.of(U, p, "post " + p, p % 2 == 0 ? "even" : "odd"));
            items.add(new Comment(U, p, 1000 + p, "comment on " + p));
        }
        items.add(new StringPost(U, "hello-world", "string id at the post position"));
        // Its segment bytes equal those of integer id 3 (0x08 0x03); only the type metadata differs.
        items.add(new Model.BytesPost(U, COLLIDING, "same segment bytes as post 3"));
        table.batchWrite(b -> b.putAll(items));
        table.put(new User(U, "ann", "a@x", Instant.EPOCH, null));
        table.put(Post.of(UUID.randomUUID(), 1, "other user", "even"));
    }

    @Test
    void subtreeReturnsTheUserAndEverythingUnderItAsTypedObjects() {
        Page<Object> page = table.query(q -> q.subtree(USER));
        assertThat(page.items()).hasSize(1 + 12 + 12 + 2);
        assertThat(page.items().get(0)).isInstanceOf(User.class);
        assertThat(page.itemsOf(Post.class)).extracting(Post::postId)
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
        assertThat(page.itemsOf(Comment.class)).hasSize(12);
        assertThat(page.itemsOf(StringPost.class)).hasSize(1);
        assertThat(page.itemsOf(Model.BytesPost.class)).hasSize(1);
        assertThat(page.hasMore()).isFalse();
        // Key-path order: each post is followed by its comment.
        assertThat(page.items().get(1)).isInstanceOf(Post.class);
        assertThat(page.items().get(2)).isInstanceOf(Comment.class);
    }

    @Test
    void postSubtreeIsExactEvenWithOtherIdTypesAtThatPosition() {
        Page<Object> page = table.query(q -> q.subtree(USER.then("post", 3)));
        assertThat(page.items()).hasSize(2);
        assertThat(page.items().get(0)).isInstanceOf(Post.class);
        assertThat(((Comment) page.items().get(1)).postId()).isEqualTo(3);
        KeyPath colliding = USER.then("post", COLLIDING);
        Page<Object> bytes = table.query(q -> q.subtree(colliding));
        assertThat(bytes.items()).singleElement().isInstanceOf(Model.BytesPost.class);
    }

    @Test
    void typesFilterDescendingAndLimit() {
        Page<Post> page = table.query(Post.class, ItemQuery.of(q -> q.subtree(USER.then("post")).descending().limit(3)));
        assertThat(page.items()).extracting(Post::postId).containsExactly(12L, 11L, 10L);
        assertThat(page.hasMore()).isTrue();
    }

    @Test
    void typedPagingOverInterleavedCommentsWalksEveryPostOnceInOrder() {
        List<Long> seen = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            String t = token;
            Page<Post> page = table.query(Post.class, ItemQuery.of(q -> q.subtree(USER.then("post")).limit(5).pageToken(t)));
            assertThat(page.items().size()).isLessThanOrEqualTo(5);
            page.items().forEach(p -> seen.add(p.postId()));
            token = page.nextPageToken();
            pages++;
        } while (token != null);
        assertThat(seen).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
        assertThat(pages).isBetween(3, 4);
    }

    @Test
    void betweenIsInclusiveAndOrdered() {
        Page<Object> page = table.query(q -> q.between(USER.then("post", 4), USER.then("post", 6)).types(Post.class));
        assertThat(page.itemsOf(Post.class)).extracting(Post::postId).containsExactly(4L, 5L, 6L);
        Page<Object> withComments = table.query(q -> q.between(USER.then("post", 4), USER.then("post", 6)));
        assertThat(withComments.items()).hasSize(5); // post 4, comment, post 5, comment, post 6
    }

    @Test
    void pageTokensWalkTheWholeCollectionWithoutGapsOrRepeats() {
        List<Object> all = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            String t = token;
            Page<Object> page = table.query(q -> q.subtree(USER).limit(4).pageToken(t));
            assertThat(page.items().size()).isLessThanOrEqualTo(4);
            all.addAll(page.items());
            token = page.nextPageToken();
            pages++;
        } while (token != null);
        assertThat(pages).isBetween(7, 8);
        assertThat(all).hasSize(27);
        assertThat(all.stream().map(table::keyPathOf).distinct().count()).isEqualTo(27);
        assertThat(all.stream().map(table::keyPathOf).toList()).isSorted();
    }

    @Test
    void pageTokensTamperedTruncatedForgedAndCrossQueryAreRejected() {
        ItemQuery q = ItemQuery.of(b -> b.subtree(USER).limit(2));
        String token = table.query(q).nextPageToken();
        assertThat(token).isNotNull();
        byte[] raw = Base64.getUrlDecoder().decode(token);
        for (int i = 0; i < raw.length; i++) {
            byte[] bad = raw.clone();
            bad[i] ^= 0x01;
            String t = Base64.getUrlEncoder().withoutPadding().encodeToString(bad);
            assertThatThrownBy(() -> table.query(q.toBuilder().pageToken(t).build()))
                    .isInstanceOf(InvalidPageTokenException.class);
        }
        assertThatThrownBy(() -> table.query(q.toBuilder().pageToken(token.substring(0, token.length() - 3)).build()))
                .isInstanceOf(InvalidPageTokenException.class);
        assertThatThrownBy(() -> table.query(q.toBuilder().pageToken("not a token!").build()))
                .isInstanceOf(InvalidPageTokenException.class);
        // Same table, other queries: another prefix, another order, another type filter.
        assertThatThrownBy(() -> table.query(b -> b.subtree(USER.then("post")).pageToken(token)))
                .isInstanceOf(InvalidPageTokenException.class).hasMessageContaining("another query");
        assertThatThrownBy(() -> table.query(q.toBuilder().descending().pageToken(token).build()))
                .isInstanceOf(InvalidPageTokenException.class);
        assertThatThrownBy(() -> table.query(q.toBuilder().types(Post.class).pageToken(token).build()))
                .isInstanceOf(InvalidPageTokenException.class);
        // A table with another secret.
        KeyPathTable other = KeyPathTables.builder().client(table.client()).tableName(table.tableName())
                .register(Model.ALL).pageTokenSecret("another-secret-0123456789".getBytes()).build();
        assertThatThrownBy(() -> other.query(q.toBuilder().pageToken(token).build()))
                .isInstanceOf(InvalidPageTokenException.class);
        // The limit may change between pages.
        assertThat(table.query(q.toBuilder().limit(5).pageToken(token).build()).items()).hasSize(5);
    }

    @Test
    void filterRunsOnTheServerCountsTowardNoLimitAndPagesWithoutGapsOrRepeats() {
        List<QueryResponse> responses = new ArrayList<>();
        try (DynamoDbClient recorded = recordingClient(responses)) {
            KeyPathTable t = TableFixture.builder(table.tableName(), recorded).build();
            Condition even = Condition.of("#t = :t AND #s = :s", Map.of("#t", "tag", "#s", "status"),
                    Map.of(":t", "even", ":s", Model.Status.PUBLISHED));
            List<Long> seen = new ArrayList<>();
            String token = null;
            int pages = 0;
            do {
                String tk = token;
                Page<Object> page = t.query(q -> q.subtree(USER).filter(even).descending().limit(2).pageToken(tk));
                assertThat(page.items()).hasSizeLessThanOrEqualTo(2).allSatisfy(i -> assertThat(i).isInstanceOf(Post.class));
                page.itemsOf(Post.class).forEach(p -> seen.add(p.postId()));
                token = page.nextPageToken();
                pages++;
            } while (token != null);
            assertThat(seen).containsExactly(12L, 10L, 8L, 6L, 4L, 2L);
            assertThat(pages).isBetween(3, 4);
            // DynamoDB evaluated more items than it returned: the filter ran there, not here.
            assertThat(responses.stream().mapToInt(QueryResponse::scannedCount).sum())
                    .isGreaterThan(responses.stream().mapToInt(QueryResponse::count).sum());
            assertThat(responses).allSatisfy(r -> assertThat(r.items()).allSatisfy(i ->
                    assertThat(i.get("tag").s()).isEqualTo("even")));
        }
    }

    @Test
    void filterIsPartOfTheQueryItsPageTokensAreBoundTo() {
        Condition odd = Condition.attributeEquals("tag", "odd");
        ItemQuery q = ItemQuery.of(b -> b.subtree(USER).filter(odd).limit(2));
        Page<Object> first = table.query(q);
        assertThat(first.itemsOf(Post.class)).extracting(Post::postId).containsExactly(1L, 3L);
        String token = first.nextPageToken();
        assertThat(table.query(q.toBuilder().pageToken(token).build()).itemsOf(Post.class))
                .extracting(Post::postId).containsExactly(5L, 7L);
        assertThatThrownBy(() -> table.query(q.toBuilder().filter(null).pageToken(token).build()))
                .isInstanceOf(InvalidPageTokenException.class).hasMessageContaining("another query");
        assertThatThrownBy(() -> table.query(q.toBuilder().filter(Condition.attributeEquals("tag", "even"))
                .pageToken(token).build()))
                .isInstanceOf(InvalidPageTokenException.class).hasMessageContaining("another query");
        assertThat(q).isEqualTo(ItemQuery.of(b -> b.subtree(USER).filter(Condition.attributeEquals("tag", "odd")).limit(2)));
        assertThat(q.toString()).contains("filter=#c_a = :c_v");
    }

    @Test
    void streamWalksEveryPageLazilyInKeyPathOrder() {
        List<QueryResponse> responses = new ArrayList<>();
        try (DynamoDbClient recorded = recordingClient(responses)) {
            KeyPathTable t = TableFixture.builder(table.tableName(), recorded).build();
            ItemQuery q = ItemQuery.of(b -> b.subtree(USER).limit(4));
            Stream<Object> lazy = t.stream(q);
            assertThat(responses).isEmpty();

            List<Object> all = lazy.toList();
            assertThat(all).hasSize(27);
            assertThat(all.stream().map(table::keyPathOf).toList()).isSorted().doesNotHaveDuplicates();
            int pages = responses.size();
            assertThat(pages).isBetween(7, 9);

            responses.clear();
            assertThat(t.stream(q).limit(3).toList()).hasSize(3);
            assertThat(responses).hasSize(1);

            responses.clear();
            assertThat(t.stream(Post.class, ItemQuery.of(b -> b.subtree(USER.then("post")).descending().limit(5)))
                    .map(Post::postId).toList())
                    .containsExactly(12L, 11L, 10L, 9L, 8L, 7L, 6L, 5L, 4L, 3L, 2L, 1L);

            String token = t.query(q).nextPageToken();
            assertThat(t.stream(q.toBuilder().pageToken(token).build()).map(table::keyPathOf).toList())
                    .containsExactlyElementsOf(all.subList(4, 27).stream().map(table::keyPathOf).toList());
            assertThatThrownBy(() -> t.stream(q.toBuilder().pageToken("forged").build()).count())
                    .isInstanceOf(InvalidPageTokenException.class);
        }
    }

    /** A client of the test engine that records every {@code Query} response. */
    private static DynamoDbClient recordingClient(List<QueryResponse> responses) {
        ExecutionInterceptor recorder = new ExecutionInterceptor() {
            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                if (context.response() instanceof QueryResponse r) {
                    responses.add(r);
                }
            }
        };
        return engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(recorder)).build();
    }

    @Test
    void gsiQueryFindsPostsByTagAcrossUsers() {
        Page<Post> even = table.query(Post.class, ItemQuery.of(q -> q.index("gsi1").subtree(KeyPath.of("tag", "even"))));
        assertThat(even.items()).hasSize(7);
        assertThat(even.items()).extracting(Post::title).contains("other user", "post 12");
        Page<Object> range = table.query(q -> q.index("gsi1")
                .between(KeyPath.of("tag", "odd").then("post", 3), KeyPath.of("tag", "odd").then("post", 7)));
        assertThat(range.itemsOf(Post.class)).extracting(Post::postId).containsExactly(3L, 5L, 7L);
        Page<Object> firstTwo = table.query(q -> q.index("gsi1").subtree(KeyPath.of("tag", "odd")).limit(2));
        Page<Object> rest = table.query(q -> q.index("gsi1").subtree(KeyPath.of("tag", "odd")).limit(10)
                .pageToken(firstTwo.nextPageToken()));
        assertThat(rest.itemsOf(Post.class)).extracting(Post::postId).containsExactly(5L, 7L, 9L, 11L);
        assertThatThrownBy(() -> table.query(q -> q.index("nope").subtree(KeyPath.of("tag", "x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
    }
}
