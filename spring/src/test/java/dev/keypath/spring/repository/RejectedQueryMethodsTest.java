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
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Query methods that one key-path query cannot answer fail when the repository is created, with a message that
 * names the method, says why and what would work. No request is sent, so the client points nowhere.
 */
class RejectedQueryMethodsTest {
    private static DynamoDbClient client;
    private static KeyPathRepositoryFactory factory;

    @BeforeAll
    static void factory() {
        client = DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(URI.create("http://127.0.0.1:9"))
                .credentialsProvider(AnonymousCredentialsProvider.create()).build();
        KeyPathTable table = KeyPathTables.builder().client(client).tableName("unused")
                .register(User.class, Post.class, Comment.class, Note.class).build();
        factory = new KeyPathRepositoryFactory(new DefaultKeyPathDynamoOperations(table));
    }

    @AfterAll
    static void close() {
        client.close();
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

    interface ByTitle extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByTitle(String title);
    }

    interface SkipsLeadingVariable extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByPostId(long postId);
    }

    interface RangeBeforePrefix extends KeyPathRepository<Comment, KeyPath> {
        List<Comment> findByUserIdAndCommentIdBetween(UUID u, long a, long b);
    }

    interface RangeOnInnerVariable extends KeyPathRepository<Comment, KeyPath> {
        List<Comment> findByUserIdAndPostIdBetween(UUID u, long a, long b);
    }

    interface RangeOnPartitionKey extends KeyPathRepository<User, KeyPath> {
        List<User> findByUserIdGreaterThan(UUID u);
    }

    interface OpenRangeOnStrings extends KeyPathRepository<Note, KeyPath> {
        List<Note> findByUserIdAndNameGreaterThan(UUID u, String name);
    }

    interface OrderByOtherProperty extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdOrderByTitleAsc(UUID u);
    }

    interface OrderWhenFullyBound extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndPostIdOrderByPostIdDesc(UUID u, long p);
    }

    interface UsesOr extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdOrTag(UUID u, String tag);
    }

    interface UsesIn extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdIn(List<UUID> users);
    }

    interface UsesNot extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndPostIdNot(UUID u, long p);
    }

    interface UsesLike extends KeyPathRepository<Note, KeyPath> {
        List<Note> findByUserIdAndNameStartingWith(UUID u, String prefix);
    }

    interface UsesIsNull extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndPostIdIsNull(UUID u);
    }

    interface UsesTrue extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndTitleIsNotEmpty(UUID u);
    }

    interface IgnoresCase extends KeyPathRepository<Note, KeyPath> {
        List<Note> findByUserIdAndNameIgnoreCase(UUID u, String name);
    }

    interface AcceptedPageSortAndDelete extends KeyPathRepository<Post, KeyPath> {
        Page<Post> findByUserId(UUID u, Pageable pageable);

        List<Post> findByUserIdAndDraftFalse(UUID u, Sort sort);

        long deleteByUserId(UUID u);
    }

    interface DeleteReturningItems extends KeyPathRepository<Post, KeyPath> {
        List<Post> deleteByUserId(UUID u);
    }

    interface DeclaredBadTemplate extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery("/user-{userId/post")
        List<Post> posts(UUID userId);
    }

    interface DeclaredUnboundVariable extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery("/user-{owner}/post")
        List<Post> posts(UUID userId);
    }

    interface DeclaredUnusedParameter extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery("/user-{userId}/post")
        List<Post> posts(UUID userId, String title);
    }

    interface DeclaredUnboundFilterValue extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery(value = "/user-{userId}/post", filter = "#title = :title")
        List<Post> posts(UUID userId, @org.springframework.data.repository.query.Param("heading") String heading);
    }

    interface DeclaredWrongNamespace extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery("/user-{userId}/article")
        List<Post> posts(UUID userId);
    }

    interface DeclaredUnknownIndex extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery(value = "/tag-{tag}/post", index = "gsi9")
        List<Post> posts(String tag);
    }

    interface DeclaredBothSubtreeAndRange extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery(value = "/user-{userId}/post", from = "/user-{userId}/post-1", to = "/user-{userId}/post-9")
        List<Post> posts(UUID userId);
    }

    interface DeclaredReservedFilterName extends KeyPathRepository<Post, KeyPath> {
        @KeyPathQuery(value = "/user-{userId}/post", filter = "attribute_exists(#kp_x)")
        List<Post> posts(UUID userId);
    }

    interface Distinct extends KeyPathRepository<Post, KeyPath> {
        List<Post> findDistinctByUserId(UUID u);
    }

    interface TwoRanges extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndPostIdGreaterThanAndPostIdLessThan(UUID u, long a, long b);
    }

    interface MixedWithRange extends KeyPathRepository<Post, KeyPath> {
        List<Object> findByUserIdAndPostIdBetween(UUID u, long a, long b);
    }

    interface Projection extends KeyPathRepository<Post, KeyPath> {
        List<String> findByUserId(UUID u);
    }

    interface WrongIdType extends KeyPathRepository<Post, String> {
    }

    record Unregistered(String id) {
    }

    interface UnregisteredType extends KeyPathRepository<Unregistered, KeyPath> {
    }

    /** On the index, userId is no key variable, but it is an id of Post's key path, not a stored attribute. */
    interface FilterOnKeyId extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByTagAndUserIdNot(String tag, UUID u);
    }

    interface PatternOnAttribute extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndTitleLike(UUID u, String pattern);
    }

    interface StringBoundsOnALongId extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndPostIdBetween(UUID u, String from, String to);
    }

    interface StringForAUuidId extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserId(String u);
    }

    interface LongForAnIntFilter extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndStatsLikesGreaterThan(UUID u, long likes);
    }

    interface NoCollectionForIn extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndTagIn(UUID u, String tag);
    }

    interface WrongElementsForIn extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndTagIn(UUID u, List<Integer> tags);
    }

    interface SoundParameterTypes extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndPostIdBetween(UUID u, int from, Long to);

        List<Post> findByUserIdAndTagIn(UUID u, java.util.Collection<String> tags);

        List<Post> findByUserIdAndTagIn(UUID u, String[] tags);

        List<Post> findByUserIdAndStatsLikesGreaterThan(UUID u, Integer likes);
    }

    interface Accepted extends KeyPathRepository<Post, KeyPath> {
        List<Post> findByUserIdAndPostIdBetween(UUID u, long a, long b);

        List<Post> findByTag(String tag);

        List<Post> findByUserIdAndTitleAndStatsLikesGreaterThan(UUID u, String title, int likes);
    }

    @Test
    void validMethodsCreateARepository() {
        assertThat(factory.getRepository(Accepted.class)).isNotNull();
    }

    @Test
    void propertyThatIsNoKeyVariable() {
        assertRejected(ByTitle.class, "findByTitle", "'title' is not a key-path variable of /user-{userId}/post-{postId}",
                "can only filter", "query by userId (prefix)", "@SecondaryKeyPath");
    }

    @Test
    void filtersTakeWhatDynamoDbCanEvaluate() {
        assertRejected(PatternOnAttribute.class, "'title' IsLike", "filters cannot express it", "StartingWith");
        assertRejected(FilterOnKeyId.class, "'userId'", "negation");
    }

    @Test
    void equalitiesMustFormAPrefix() {
        assertRejected(SkipsLeadingVariable.class, "'postId' without userId", "findByUserIdAndPostId");
        assertRejected(RangeBeforePrefix.class, "'commentId'", "postId");
    }

    @Test
    void rangesOnlyOnTheLastElementAfterTheEqualities() {
        assertRejected(RangeOnInnerVariable.class, "cut through", "last element");
        assertRejected(RangeOnPartitionKey.class, "partition key");
        assertRejected(TwoRanges.class, "one condition per variable");
    }

    @Test
    void openRangesNeedBoundedIds() {
        assertRejected(OpenRangeOnStrings.class, "NameBetween(from, to)", "String");
    }

    @Test
    void orderOnlyByTheNextVariable() {
        assertRejected(OrderByOtherProperty.class, "OrderByTitle", "'postId'");
        assertRejected(OrderWhenFullyBound.class, "every variable is bound");
    }

    @Test
    void unsupportedKeywordsSayWhy() {
        assertRejected(UsesOr.class, "'Or'");
        assertRejected(UsesIn.class, "one query per value");
        assertRejected(UsesNot.class, "negation");
        assertRejected(UsesLike.class, "pattern matching");
        assertRejected(UsesIsNull.class, "null");
        assertRejected(UsesTrue.class, "not a key-path condition");
        assertRejected(IgnoresCase.class, "IgnoreCase");
        assertRejected(Distinct.class, "Distinct");
    }

    @Test
    void unsupportedShapesSayWhatWorks() {
        assertThat(factory.getRepository(AcceptedPageSortAndDelete.class)).isNotNull();
        assertRejected(DeleteReturningItems.class, "deleteByUserId", "long or int", "List<");
        assertRejected(MixedWithRange.class, "range");
        assertRejected(Projection.class, "projections");
    }

    @Test
    void parameterTypesMustFitTheirProperties() {
        assertRejected(StringBoundsOnALongId.class, "findByUserIdAndPostIdBetween", "parameter 2 (String)",
                "'postId' (long)");
        assertRejected(StringForAUuidId.class, "parameter 1 (String)", "'userId' (UUID)");
        assertRejected(LongForAnIntFilter.class, "parameter 2 (long)", "'stats.likes' (int)");
        assertRejected(NoCollectionForIn.class, "parameter 2 (String)", "In", "collection");
        assertRejected(WrongElementsForIn.class, "parameter 2 (List<Integer>)", "'tag' (String)");
        assertThat(factory.getRepository(SoundParameterTypes.class)).isNotNull();
    }

    @Test
    void idTypeAndRegistrationAreChecked() {
        assertRejected(WrongIdType.class, "KeyPathRepository<Post, KeyPath>");
        assertRejected(UnregisteredType.class, "not registered", "@ItemType");
    }

    @Test
    void declaredQueriesAreCheckedAtStartupNamingTheMethod() {
        assertRejected(DeclaredBadTemplate.class, "DeclaredBadTemplate.posts", "not a key-path template");
        assertRejected(DeclaredUnboundVariable.class, "posts", "{owner}", "no parameter named 'owner'", "[userId]");
        assertRejected(DeclaredUnusedParameter.class, "posts", "parameter 'title' is used nowhere");
        assertRejected(DeclaredUnboundFilterValue.class, "filter value :title", "[userId, heading]");
        assertRejected(DeclaredWrongNamespace.class, "cannot hold Post items", "/user-{userId}/post-{postId}");
        assertRejected(DeclaredUnknownIndex.class, "index 'gsi9'", "[gsi1]");
        assertRejected(DeclaredBothSubtreeAndRange.class, "either value", "not both");
        assertRejected(DeclaredReservedFilterName.class, "filter", "#kp_");
    }
}
