package dev.keypath.spring.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathPageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every accepted derived-query shape against the real engine. */
@SpringBootTest(classes = TestApplication.class)
class DerivedQueriesTest {
    @Autowired
    PostRepository posts;
    @Autowired
    UserRepository users;
    @Autowired
    CommentRepository comments;
    @Autowired
    NoteRepository notes;
    @Autowired
    KeyPathTable table;

    UUID alice;
    UUID bob;
    String tag;

    @BeforeEach
    void seed() {
        alice = UUID.randomUUID();
        bob = UUID.randomUUID();
        tag = "t" + UUID.randomUUID();
        users.save(User.of(alice, "alice"));
        users.save(User.of(bob, "bob"));
        for (long id = 1; id <= 5; id++) {
            posts.save(Post.of(alice, id, "post " + id, id % 2 == 1 ? tag : null));
            comments.save(new Comment(alice, id, 100 + id, "c" + id));
        }
        posts.save(Post.of(bob, 1, "bob's", tag));
    }

    @Test
    void countAndExistsAreCountedByDynamoDbWithoutMappingAnItem() {
        // a Post whose title is a map cannot be read as a Post: any read that mapped it would fail
        KeyPath broken = KeyPath.of("user", alice).then("post", 9);
        table.client().putItem(r -> r.tableName(table.tableName()).item(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(broken.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(broken.sortKey())),
                "_type", AttributeValue.fromS("Post"),
                "title", AttributeValue.fromM(Map.of("not", AttributeValue.fromS("a string"))))));
        assertThatThrownBy(() -> posts.findByUserId(alice)).isInstanceOf(DataRetrievalFailureException.class);

        assertThat(posts.countByUserId(alice)).isEqualTo(6);
        assertThat(posts.existsByUserIdAndPostId(alice, 9)).isTrue();
        assertThat(posts.countByUserIdAndTagIsNotNull(alice)).isEqualTo(3);
    }

    private static List<Long> ids(List<Post> list) {
        return list.stream().map(Post::postId).toList();
    }

    @Test
    void simplePropertyOnLeadingVariableIsAPrefixQuery() {
        assertThat(ids(posts.findByUserId(alice))).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(ids(posts.findByUserId(bob))).containsExactly(1L);
        assertThat(posts.findByUserId(UUID.randomUUID())).isEmpty();
    }

    @Test
    void equalityOnEveryVariableFindsOneItem() {
        assertThat(posts.findByUserIdAndPostId(alice, 3)).get().extracting(Post::title).isEqualTo("post 3");
        assertThat(posts.findByUserIdAndPostId(alice, 9)).isEmpty();
        assertThat(posts.getByUserIdAndPostId(alice, 9)).isNull();
        assertThat(comments.findByUserIdAndPostId(alice, 2)).extracting(Comment::commentId).containsExactly(102L);
    }

    @Test
    void betweenIsInclusive() {
        assertThat(ids(posts.findByUserIdAndPostIdBetween(alice, 2, 4))).containsExactly(2L, 3L, 4L);
        assertThat(posts.findByUserIdAndPostIdBetween(alice, 4, 2)).isEmpty();
        assertThat(comments.findByUserIdAndPostIdAndCommentIdBetween(alice, 3, 100, 200))
                .extracting(Comment::text).containsExactly("c3");
    }

    @Test
    void greaterAndLessThanBranches() {
        assertThat(ids(posts.findByUserIdAndPostIdGreaterThan(alice, 3))).containsExactly(4L, 5L);
        assertThat(ids(posts.findByUserIdAndPostIdGreaterThanEqual(alice, 3))).containsExactly(3L, 4L, 5L);
        assertThat(ids(posts.findByUserIdAndPostIdLessThan(alice, 3))).containsExactly(1L, 2L);
        assertThat(ids(posts.findByUserIdAndPostIdLessThanEqual(alice, 3))).containsExactly(1L, 2L, 3L);
        assertThat(ids(posts.findByUserIdAndPostIdBefore(alice, 2))).containsExactly(1L);
        assertThat(ids(posts.findByUserIdAndPostIdAfter(alice, 4))).containsExactly(5L);
        assertThat(posts.findByUserIdAndPostIdGreaterThan(alice, Long.MAX_VALUE)).isEmpty();
        assertThat(ids(posts.findByUserIdAndPostIdGreaterThanOrderByPostIdDesc(alice, 2))).containsExactly(5L, 4L, 3L);
    }

    @Test
    void orderByTheNextVariable() {
        assertThat(ids(posts.findByUserIdOrderByPostIdDesc(alice))).containsExactly(5L, 4L, 3L, 2L, 1L);
        assertThat(ids(posts.findByUserIdOrderByPostIdAsc(alice))).containsExactly(1L, 2L, 3L, 4L, 5L);
    }

    @Test
    void topFirstAndLimitCapResults() {
        assertThat(ids(posts.findTop2ByUserIdOrderByPostIdDesc(alice))).containsExactly(5L, 4L);
        assertThat(posts.findFirstByUserId(alice)).get().extracting(Post::postId).isEqualTo(1L);
        assertThat(ids(posts.findByUserId(alice, Limit.of(3)))).containsExactly(1L, 2L, 3L);
    }

    @Test
    void countExistsAndStream() {
        assertThat(posts.countByUserId(alice)).isEqualTo(5);
        assertThat(posts.existsByUserIdAndPostId(alice, 5)).isTrue();
        assertThat(posts.existsByUserIdAndPostId(alice, 6)).isFalse();
        try (var stream = posts.streamByUserId(alice)) {
            assertThat(stream.map(Post::postId).toList()).containsExactly(1L, 2L, 3L, 4L, 5L);
        }
    }

    @Test
    void slicesContinueByToken() {
        List<Long> seen = new ArrayList<>();
        Pageable request = KeyPathPageRequest.ofSize(2);
        int pages = 0;
        while (true) {
            Slice<Post> slice = posts.findByUserIdOrderByPostIdDesc(alice, request);
            seen.addAll(ids(slice.getContent()));
            pages++;
            if (!slice.hasNext()) {
                break;
            }
            // What a REST client would do: carry the token as a string and rebuild the request.
            String token = KeyPathPageRequest.nextTokenOf(slice).orElseThrow();
            request = KeyPathPageRequest.of(2, token);
            assertThat(pages).isLessThan(10);
        }
        assertThat(seen).containsExactly(5L, 4L, 3L, 2L, 1L);
        assertThat(pages).isBetween(3, 4);
    }

    @Test
    void sliceAcceptsPageRequestForFirstPageAndSortOnTheNextVariable() {
        Slice<Post> first = posts.findByUserId(alice, PageRequest.of(0, 3, Sort.by(Sort.Direction.DESC, "postId")));
        assertThat(ids(first.getContent())).containsExactly(5L, 4L, 3L);
        assertThat(first.hasNext()).isTrue();
        Slice<Post> second = posts.findByUserId(alice, first.nextPageable());
        assertThat(ids(second.getContent())).containsExactly(2L, 1L);
    }

    @Test
    void sliceRejectsPageNumbersAndForeignSorts() {
        assertThatThrownBy(() -> posts.findByUserId(alice, PageRequest.of(2, 3)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("token");
        assertThatThrownBy(() -> posts.findByUserId(alice, PageRequest.of(0, 3, Sort.by("title"))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("postId");
        assertThatThrownBy(() -> posts.findByUserId(alice, KeyPathPageRequest.of(2, "garbage")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class);
    }

    @Test
    void singleResultWithSeveralMatchesFails() {
        assertThatThrownBy(() -> posts.findOneByUserId(alice))
                .isInstanceOf(IncorrectResultSizeDataAccessException.class)
                .hasMessageContaining("PostRepository.findOneByUserId");
        assertThat(posts.findOneByUserId(bob).title()).isEqualTo("bob's");
    }

    @Test
    void secondaryKeyPathQueriesUseTheIndex() {
        assertThat(posts.findByTag(tag)).extracting(Post::userId, Post::postId)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(alice, 1L), org.assertj.core.groups.Tuple.tuple(alice, 3L),
                        org.assertj.core.groups.Tuple.tuple(alice, 5L), org.assertj.core.groups.Tuple.tuple(bob, 1L));
        assertThat(ids(posts.findByTagAndPostIdGreaterThanEqual(tag, 3))).containsExactly(3L, 5L);
        List<Long> desc = ids(posts.findByTagOrderByPostIdDesc(tag));
        assertThat(desc).startsWith(5L, 3L).hasSize(4);
    }

    @Test
    void heterogeneousCollectionsUnderAPrefix() {
        ItemCollection everything = users.findEverythingByUserId(alice);
        assertThat(everything.first(User.class)).get().extracting(User::name).isEqualTo("alice");
        assertThat(everything.itemsOf(Post.class)).hasSize(5);
        assertThat(everything.itemsOf(Comment.class)).hasSize(5);
        assertThat(everything.items().get(0)).isInstanceOf(User.class);
        assertThat(everything.items().get(1)).isInstanceOf(Post.class);
        assertThat(everything.items().get(2)).isInstanceOf(Comment.class);
        assertThat(users.findAllItemsByUserId(bob)).hasSize(2);

        ItemCollection tree = posts.findTreeByUserIdAndPostId(alice, 2);
        assertThat(tree.items()).hasSize(2);
        assertThat(tree.first(Post.class)).get().extracting(Post::postId).isEqualTo(2L);
        assertThat(tree.first(Comment.class)).get().extracting(Comment::text).isEqualTo("c2");

        Slice<Object> page = users.findItemsByUserId(alice, KeyPathPageRequest.ofSize(4));
        assertThat(page.getContent()).hasSize(4);
        assertThat(page.hasNext()).isTrue();
    }

    @Test
    void stringIdsSupportClosedRangesAndOrder() {
        notes.save(new Note(alice, "apple", "a"));
        notes.save(new Note(alice, "banana", "b"));
        notes.save(new Note(alice, "cherry", "c"));
        assertThat(notes.findByUserIdAndNameBetween(alice, "b", "czz")).extracting(Note::name)
                .containsExactly("banana", "cherry");
        assertThat(notes.findByUserIdOrderByNameDesc(alice)).extracting(Note::name)
                .containsExactly("cherry", "banana", "apple");
    }

    @Test
    void nullArgumentsAreRejected() {
        assertThatThrownBy(() -> posts.findByUserId((UUID) null))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("PostRepository.findByUserId").hasMessageContaining("userId");
    }

    @Test
    void findByIdUsesTheKeyPath() {
        KeyPath p = KeyPath.of("user", alice).then("post", 4);
        assertThat(posts.findById(p)).get().extracting(Post::title).isEqualTo("post 4");
        assertThat(posts.existsById(p)).isTrue();
        assertThat(posts.findAllById(List.of(p, KeyPath.of("user", alice).then("post", 99))))
                .extracting(Post::postId).containsExactly(4L);
    }

    @Test
    void conditionsOnOtherPropertiesBecomeAFilterThatDynamoDbAppliesToTheKeyRange() {
        UUID carol = UUID.randomUUID();
        String news = "n" + UUID.randomUUID();
        for (long id = 1; id <= 6; id++) {
            posts.save(new Post(carol, id, "post " + id, id <= 3 ? news : null, id % 2 == 0,
                    new Post.Stats((int) id * 10), null));
        }
        assertThat(ids(posts.findByUserIdAndTag(carol, news))).containsExactly(1L, 2L, 3L);
        assertThat(ids(posts.findByUserIdAndTagNot(carol, news))).containsExactly(4L, 5L, 6L);
        assertThat(ids(posts.findByUserIdAndTagIsNull(carol))).containsExactly(4L, 5L, 6L);
        assertThat(ids(posts.findByUserIdAndTag(carol, null))).containsExactly(4L, 5L, 6L);
        assertThat(posts.countByUserIdAndTagIsNotNull(carol)).isEqualTo(3);
        assertThat(ids(posts.findByUserIdAndDraftTrue(carol))).containsExactly(2L, 4L, 6L);
        assertThat(ids(posts.findByUserIdAndDraftFalse(carol))).containsExactly(1L, 3L, 5L);
        assertThat(ids(posts.findByUserIdAndStatsLikesGreaterThanEqual(carol, 40))).containsExactly(4L, 5L, 6L);
        assertThat(ids(posts.findByUserIdAndStatsLikesBetween(carol, 20, 30))).containsExactly(2L, 3L);
        assertThat(ids(posts.findByUserIdAndTitleIn(carol, List.of("post 2", "post 5", "nope")))).containsExactly(2L, 5L);
        assertThat(posts.findByUserIdAndTitleIn(carol, List.of())).isEmpty();
        assertThat(ids(posts.findByUserIdAndTitleStartingWith(carol, "post 1"))).containsExactly(1L);
        assertThat(ids(posts.findByUserIdAndTitleContaining(carol, "st 6"))).containsExactly(6L);
        assertThat(ids(posts.findByUserIdAndPostIdGreaterThanAndDraftTrue(carol, 2))).containsExactly(4L, 6L);
        assertThat(ids(posts.findByTagAndDraftFalse(news))).containsExactly(1L, 3L);

        Slice<Post> first = posts.findByUserIdAndDraftFalseOrderByPostIdDesc(carol, PageRequest.ofSize(2));
        assertThat(ids(first.getContent())).containsExactly(5L, 3L);
        Slice<Post> second = posts.findByUserIdAndDraftFalseOrderByPostIdDesc(carol, first.nextPageable());
        assertThat(ids(second.getContent())).containsExactly(1L);
        assertThat(second.hasNext()).isFalse();

        assertThatThrownBy(() -> posts.findByUserIdAndStatsLikesBetween(carol, 20, null))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("stats.likes");
    }
}
