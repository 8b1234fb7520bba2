package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidProjectionException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Address;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.Session;
import dev.keypath.test.adapter.Model.Status;
import dev.keypath.test.adapter.Model.User;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Projections: get, query (table and index), batch get and scan read only a view's attributes (the request
 * carries the {@code ProjectionExpression}, the response only those attributes), into records, classes and
 * interfaces, with the key always at hand; a view that names what its type has not got fails before any request.
 */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class ProjectionTest {
    /** The key fields and the title. */
    record PostTitle(UUID userId, long postId, String title) {
    }

    /** The key path, a nested record and a renamed-free list. */
    record PostRef(KeyPath keyPath, Address address, List<String> labels) {
    }

    /** A mutable class with one field. */
    static final class TitleOnly {
        public String title;
    }

    /** Getters of every style, a key field, the key path and a default method. */
    interface PostSummary {
        String getTitle();

        boolean isDraft();

        Status status();

        long postId();

        KeyPath keyPath();

        default String shout() {
            return getTitle().toUpperCase();
        }
    }

    record Misnamed(String title, String subtitle) {
    }

    interface NotAGetter {
        String title(int index);
    }

    record Expiry(UUID sessionId, Instant expiresAt) {
    }

    /** Every request sent and the attribute names of every item that came back. */
    static final class Recorder implements ExecutionInterceptor {
        final List<SdkRequest> requests = new CopyOnWriteArrayList<>();
        final List<Set<String>> returned = new CopyOnWriteArrayList<>();

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            requests.add(context.request());
        }

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            SdkResponse r = context.response();
            List<Map<String, AttributeValue>> items = new ArrayList<>();
            if (r instanceof GetItemResponse g && g.hasItem()) {
                items.add(g.item());
            } else if (r instanceof QueryResponse q) {
                items.addAll(q.items());
            } else if (r instanceof ScanResponse s) {
                items.addAll(s.items());
            } else if (r instanceof BatchGetItemResponse b) {
                b.responses().values().forEach(items::addAll);
            }
            items.forEach(i -> returned.add(i.keySet()));
        }
    }

    static final Projection<PostTitle> TITLES = Projection.of(Post.class, PostTitle.class);
    static final Set<String> TITLE_ATTRIBUTES = Set.of("pk", "sk", "_type", "title");

    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;
    static final Recorder RECORDER = new Recorder();
    static KeyPathTable recorded;
    static UUID author;
    static List<Post> posts;

    @BeforeAll
    static void setUp() {
        DynamoDbClient client = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER)).build();
        recorded = TableFixture.builder(table.tableName(), client).build();
        author = UUID.randomUUID();
        posts = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            posts.add(table.put(new Post(author, 0, "title " + i, "tag-" + author, List.of("x" + i), Map.of("n", i),
                    null, null, new byte[] {(byte) i}, i % 2 == 0, Model.Status.DRAFT, new Address("street", i))));
        }
        table.put(new User(author, "ann", "ann@example.com", Instant.EPOCH, null));
    }

    @AfterEach
    void forget() {
        RECORDER.requests.clear();
        RECORDER.returned.clear();
    }

    private static KeyPath pathOf(Post p) {
        return table.keyPathOf(p);
    }

    private static PostTitle titleOf(Post p) {
        return new PostTitle(p.userId(), p.postId(), p.title());
    }

    @Test
    void aGetReadsOnlyTheViewsAttributes() {
        Post post = posts.get(3);

        assertThat(recorded.get(TITLES, pathOf(post))).contains(titleOf(post));

        GetItemRequest sent = (GetItemRequest) RECORDER.requests.get(0);
        assertThat(sent.projectionExpression()).isNotBlank();
        assertThat(sent.expressionAttributeNames().values()).containsExactlyInAnyOrder("pk", "sk", "_type", "_ttl",
                "_kp_v", "title"); // the schema version, so that an item of a newer version is refused, not misread
        assertThat(RECORDER.returned).containsExactly(TITLE_ATTRIBUTES);
        assertThat(async.get(TITLES, pathOf(post), ReadConsistency.STRONG).join()).contains(titleOf(post));
        assertThat(async.get(TITLES, KeyPath.of("user", author).then("post", 999)).join()).isEmpty();
    }

    @Test
    void aQueryPageHoldsViewsOfItsTypeOnly() {
        ItemQuery query = ItemQuery.of(q -> q.subtree(KeyPath.of("user", author)).limit(3));
        Page<PostTitle> first = recorded.query(TITLES, query);
        List<PostTitle> all = recorded.stream(TITLES, query).toList();

        assertThat(first.items()).containsExactlyElementsOf(posts.subList(0, 3).stream().map(ProjectionTest::titleOf)
                .toList());
        assertThat(all).containsExactlyElementsOf(posts.stream().map(ProjectionTest::titleOf).toList());
        assertThat(RECORDER.requests).allSatisfy(r -> assertThat(((QueryRequest) r).projectionExpression())
                .isNotBlank());
        assertThat(RECORDER.returned).isNotEmpty().allSatisfy(names -> assertThat(TITLE_ATTRIBUTES)
                .containsAll(names));
        Page<PostTitle> second = async.query(TITLES, query.toBuilder().pageToken(first.nextPageToken()).build())
                .join();
        assertThat(second.items()).containsExactlyElementsOf(all.subList(3, 6));
        assertThatThrownBy(() -> table.query(TITLES, query.toBuilder().types(User.class).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reads only its items");
    }

    @Test
    void anIndexQueryReadsTheIndexKeysItNeedsForItsToken() {
        ItemQuery byTag = ItemQuery.of(q -> q.index("gsi1").subtree(KeyPath.of("tag", "tag-" + author)).limit(4));
        Page<PostTitle> first = recorded.query(TITLES, byTag);
        Page<PostTitle> rest = recorded.query(TITLES, byTag.toBuilder().pageToken(first.nextPageToken()).build());

        assertThat(first.items()).hasSize(4);
        assertThat(rest.items()).hasSize(3).doesNotContainAnyElementsOf(first.items());
        assertThat(RECORDER.returned).allSatisfy(names -> assertThat(names).contains("gsi1_pk", "gsi1_sk")
                .doesNotContain("labels", "meta", "attachment"));
    }

    @Test
    void aBatchGetAndAScanReadTheViewToo() {
        List<KeyPath> paths = List.of(pathOf(posts.get(5)), pathOf(posts.get(1)),
                KeyPath.of("user", author).then("post", 999));
        List<PostTitle> batch = recorded.batchGet(TITLES, paths, ReadConsistency.STRONG);

        assertThat(batch).containsExactly(titleOf(posts.get(5)), titleOf(posts.get(1)));
        BatchGetItemRequest sent = (BatchGetItemRequest) RECORDER.requests.get(0);
        assertThat(sent.requestItems().get(table.tableName()).projectionExpression()).isNotBlank();
        assertThat(RECORDER.returned).containsOnly(TITLE_ATTRIBUTES);
        assertThat(async.batchGet(TITLES, paths, ReadConsistency.EVENTUAL).join()).containsExactlyElementsOf(batch);

        RECORDER.returned.clear();
        Page<PostTitle> scanned = recorded.scan(TITLES, ItemScan.all());
        assertThat(scanned.items()).containsAll(posts.stream().map(ProjectionTest::titleOf).toList());
        assertThat(((ScanRequest) RECORDER.requests.get(RECORDER.requests.size() - 1)).projectionExpression())
                .isNotBlank();
        assertThat(RECORDER.returned).isNotEmpty().containsOnly(TITLE_ATTRIBUTES);
        assertThat(async.scan(TITLES, ItemScan.all()).join().items()).containsExactlyElementsOf(scanned.items());
        assertThat(table.stream(TITLES, ItemScan.of(s -> s.limit(2)))).containsExactlyElementsOf(scanned.items());
    }

    @Test
    void recordsClassesAndInterfacesAreViews() {
        Post post = posts.get(2);
        PostRef ref = table.get(Projection.of(Post.class, PostRef.class), pathOf(post)).orElseThrow();
        TitleOnly title = table.get(Projection.of(Post.class, TitleOnly.class), pathOf(post)).orElseThrow();
        PostSummary summary = table.get(Projection.of(Post.class, PostSummary.class), pathOf(post)).orElseThrow();

        assertThat(ref).isEqualTo(new PostRef(pathOf(post), post.address(), post.labels()));
        assertThat(title.title).isEqualTo(post.title());
        assertThat(summary.getTitle()).isEqualTo(post.title());
        assertThat(summary.isDraft()).isTrue();
        assertThat(summary.status()).isEqualTo(Status.DRAFT);
        assertThat(summary.postId()).isEqualTo(post.postId());
        assertThat(summary.keyPath()).isEqualTo(pathOf(post));
        assertThat(summary.shout()).isEqualTo("TITLE 2");
        assertThat(summary).isEqualTo(table.get(Projection.of(Post.class, PostSummary.class), pathOf(post))
                .orElseThrow()).hasSameHashCodeAs(summary);
        assertThat(summary.toString()).contains("getTitle=title 2");
    }

    @Test
    void aViewNamingWhatTheTypeHasNotGotFailsBeforeAnyRequest() {
        KeyPath path = pathOf(posts.get(0));
        assertThatThrownBy(() -> recorded.get(Projection.of(Post.class, Misnamed.class), path))
                .isInstanceOf(InvalidProjectionException.class)
                .hasMessageContaining("Misnamed.subtitle").hasMessageContaining("Post")
                .satisfies(e -> assertThat(((InvalidProjectionException) e).property()).isEqualTo("subtitle"));
        assertThatThrownBy(() -> recorded.scan(Projection.of(Post.class, NotAGetter.class), ItemScan.all()))
                .isInstanceOf(InvalidProjectionException.class).hasMessageContaining("NotAGetter.title");
        assertThatThrownBy(() -> async.query(Projection.of(Post.class, Misnamed.class),
                ItemQuery.of(q -> q.subtree(path))).join()).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(InvalidProjectionException.class);
        assertThatThrownBy(() -> recorded.get(Projection.of(String.class, PostTitle.class), path))
                .isInstanceOf(UnknownItemTypeException.class);
        assertThatThrownBy(() -> table.schema(Post.class).projection(Misnamed.class)).as("checked up front")
                .isInstanceOf(InvalidProjectionException.class).hasMessageContaining("Misnamed.subtitle");
        assertThat(table.schema(Post.class).projection(PostTitle.class)).isEqualTo(TITLES);
        assertThat(RECORDER.requests).isEmpty();
    }

    @Test
    void aProjectedReadKeepsTheRulesOfTheFullRead() {
        KeyPath userPath = KeyPath.of("user", author);
        assertThatThrownBy(() -> table.get(TITLES, userPath)).as("another type at the key")
                .isInstanceOf(UnknownItemTypeException.class);
        assertThat(table.get(TITLES, userPath.then("post", 12345))).isEmpty();
        Session expired = table.put(new Session(null, "ann", Instant.now().minusSeconds(60)));
        Projection<Expiry> expiry = Projection.of(Session.class, Expiry.class);
        assertThat(table.get(expiry, table.keyPathOf(expired))).as("expired").isEmpty();
        Session live = table.put(new Session(null, "ann", Instant.now().plusSeconds(600)));
        assertThat(table.get(expiry, table.keyPathOf(live))).contains(new Expiry(live.sessionId(),
                live.expiresAt()));
    }

    @ItemType(keyPath = "/link-{id}")
    record Link(String id, KeyPath target) {
    }

    @Test
    void aKeyPathInAnItemIsStoredAsItsTextAndReadBack() {
        ItemSchema<Link> schema = ItemSchemas.of(Link.class);
        Link link = new Link("a", KeyPath.of("user", author).then("post", 7));

        Map<String, AttributeValue> item = schema.toItem(link);

        assertThat(item.get("target").s()).isEqualTo(link.target().toString());
        assertThat(schema.fromItem(item)).isEqualTo(link);
    }

    @Test
    void aValueThatDoesNotFitTheViewIsAnUnreadableItem() {
        interface TitleAsNumber {
            long title();
        }
        assertThatThrownBy(() -> table.get(Projection.of(Post.class, TitleAsNumber.class), pathOf(posts.get(0))))
                .isInstanceOf(UnreadableItemException.class).hasMessageContaining("title")
                .hasMessageContaining(pathOf(posts.get(0)).toString());
    }
}
