package dev.keypath.spring.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.spring.DefaultKeyPathDynamoOperations;
import dev.keypath.spring.sample.Comment;
import dev.keypath.spring.sample.Note;
import dev.keypath.spring.sample.Post;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Derived query methods returning interface and DTO projections: they read only the view's attributes (the
 * {@code Query} carries a {@code ProjectionExpression} and items come back without the other attributes), in every
 * result shape; a view naming what the type has not got, or an open projection, fails the repository's creation.
 */
class ProjectedQueryMethodsTest {
    /** A closed interface projection: a property and a key field. */
    interface PostTitle {
        String getTitle();

        long getPostId();
    }

    /** A DTO projection. */
    record PostCard(UUID userId, long postId, String title, boolean draft) {
    }

    interface PostViews extends KeyPathRepository<Post, KeyPath> {
        List<PostTitle> findByUserId(UUID userId);

        List<PostCard> findByUserIdOrderByPostIdDesc(UUID userId);

        Optional<PostCard> findByUserIdAndPostId(UUID userId, long postId);

        Slice<PostTitle> findByUserIdAndDraftFalse(UUID userId, Pageable pageable);

        Stream<PostCard> findByTag(String tag);

        List<Post> findByUserIdAndPostIdBetween(UUID userId, long from, long to);
    }

    record Misnamed(String title, String subtitle) {
    }

    interface MisnamedView extends KeyPathRepository<Post, KeyPath> {
        List<Misnamed> findByUserId(UUID userId);
    }

    interface Shouting {
        @Value("#{target.title + '!'}")
        String getShout();
    }

    interface OpenProjection extends KeyPathRepository<Post, KeyPath> {
        List<Shouting> findByUserId(UUID userId);
    }

    /** The queries sent and the attribute names of the items that came back. */
    static final class Recorder implements ExecutionInterceptor {
        final List<QueryRequest> queries = new CopyOnWriteArrayList<>();
        final List<Set<String>> returned = new CopyOnWriteArrayList<>();

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof QueryRequest q) {
                queries.add(q);
            }
        }

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            if (context.response() instanceof QueryResponse r) {
                r.items().forEach(i -> returned.add(i.keySet()));
            }
        }
    }

    private static final Recorder RECORDER = new Recorder();
    private static DynamoDbClient client;
    private static KeyPathRepositoryFactory factory;
    private static PostViews views;
    private static KeyPathTable table;
    private static UUID author;
    private static String tag;

    @BeforeAll
    static void setUp() {
        client = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(RECORDER))
                .build();
        table = KeyPathTables.builder().client(client).tableName(TestDynamoDb.uniqueTableName("projected"))
                .register(User.class, Post.class, Comment.class, Note.class).build();
        table.bootstrap();
        factory = new KeyPathRepositoryFactory(new DefaultKeyPathDynamoOperations(table));
        views = factory.getRepository(PostViews.class);
        author = UUID.randomUUID();
        tag = "t-" + author;
        for (long id = 1; id <= 4; id++) {
            table.put(new Post(author, id, "post " + id, tag, id == 2, new Post.Stats((int) id), null));
        }
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @BeforeEach
    void forget() {
        RECORDER.queries.clear();
        RECORDER.returned.clear();
    }

    @Test
    void anInterfaceProjectionReadsOnlyItsAttributes() {
        List<PostTitle> titles = views.findByUserId(author);

        assertThat(titles).extracting(PostTitle::getTitle).containsExactly("post 1", "post 2", "post 3", "post 4");
        assertThat(titles).extracting(PostTitle::getPostId).containsExactly(1L, 2L, 3L, 4L);
        assertOnlyRead("title");
    }

    @Test
    void aDtoProjectionReadsOnlyItsAttributesInEveryShape() {
        assertThat(views.findByUserIdOrderByPostIdDesc(author)).extracting(PostCard::postId)
                .containsExactly(4L, 3L, 2L, 1L);
        assertThat(views.findByUserIdAndPostId(author, 2)).contains(new PostCard(author, 2, "post 2", true));
        try (Stream<PostCard> byTag = views.findByTag(tag)) {
            assertThat(byTag.map(PostCard::title)).containsExactlyInAnyOrder("post 1", "post 2", "post 3", "post 4");
        }
        Slice<PostTitle> first = views.findByUserIdAndDraftFalse(author, KeyPathPageRequest.ofSize(2));
        Slice<PostTitle> second = views.findByUserIdAndDraftFalse(author, first.nextPageable());
        assertThat(first.getContent()).extracting(PostTitle::getTitle).containsExactly("post 1", "post 3");
        assertThat(second.getContent()).extracting(PostTitle::getTitle).containsExactly("post 4");
        assertOnlyRead("title");
    }

    @Test
    void aMethodReturningTheTypeStillReadsWholeItems() {
        assertThat(views.findByUserIdAndPostIdBetween(author, 1, 2)).extracting(Post::stats)
                .containsExactly(new Post.Stats(1), new Post.Stats(2));
        assertThat(RECORDER.queries).allSatisfy(q -> assertThat(q.projectionExpression()).isNull());
        assertThat(RECORDER.returned).allSatisfy(names -> assertThat(names).contains("stats", "tag"));
    }

    @Test
    void aViewThatNamesWhatThePostHasNotGotFailsAtStartup() {
        assertRejected(MisnamedView.class, "Misnamed.subtitle", "Post");
        assertRejected(OpenProjection.class, "Shouting.getShout", "shout");
        assertThat(RECORDER.queries).isEmpty();
    }

    /** Every query asked for a projection, and every item came back with the keys, type and {@code attributes}. */
    private static void assertOnlyRead(String... attributes) {
        assertThat(RECORDER.queries).isNotEmpty().allSatisfy(q -> {
            assertThat(q.projectionExpression()).isNotBlank();
            assertThat(q.expressionAttributeNames().values()).contains(attributes).doesNotContain("stats", "version");
        });
        assertThat(RECORDER.returned).isNotEmpty().allSatisfy(names -> assertThat(names)
                .doesNotContain("stats", "version").contains(attributes));
    }

    private static void assertRejected(Class<?> repository, String... fragments) {
        Throwable thrown = catchThrowable(() -> factory.getRepository(repository));
        Throwable cause = thrown;
        while (cause != null && !(cause instanceof InvalidDataAccessApiUsageException)) {
            cause = cause.getCause();
        }
        assertThat(cause).as("InvalidDataAccessApiUsageException in the cause chain of %s", thrown).isNotNull();
        assertThat(cause.getMessage()).contains(repository.getSimpleName()).contains(fragments);
    }
}
