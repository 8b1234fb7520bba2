package dev.keypath.spring.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathTransactions;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;

/** Units of work committed as one DynamoDB transaction, through the callback API and @Transactional. */
@SpringBootTest(classes = TestApplication.class)
class TransactionsTest {
    @Autowired
    KeyPathTransactions tx;
    @Autowired
    PostRepository posts;
    @Autowired
    CommentRepository comments;
    @Autowired
    UserRepository users;
    @Autowired
    BlogService blog;

    @Test
    void callbackCommitsAllWritesAtOnceAndReturnsStoredItems() {
        UUID u = UUID.randomUUID();
        List<Object> stored = tx.run(ops -> {
            users.save(User.of(u, "tx"));
            Post p = posts.save(Post.of(u, 7, "in tx", null));
            assertThat(p.version()).as("writes inside a unit return their argument").isNull();
            assertThat(posts.findByUserId(u)).as("nothing is visible before commit").isEmpty();
            comments.save(new Comment(u, 7, 1, "first"));
        });
        assertThat(stored).hasSize(3);
        assertThat(stored.get(1)).isInstanceOf(Post.class).extracting("version").isEqualTo(1L);
        assertThat(posts.findByUserId(u)).hasSize(1);
        assertThat(comments.findByUserIdAndPostId(u, 7)).hasSize(1);
    }

    @Test
    void failedConditionCancelsEverythingAndNamesTheAction() {
        UUID u = UUID.randomUUID();
        posts.insert(Post.of(u, 1, "exists", null));
        assertThatThrownBy(() -> tx.run(ops -> {
            comments.save(new Comment(u, 1, 1, "would be written"));
            posts.insert(Post.of(u, 1, "duplicate", null));
        })).isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("action 1")
                .hasMessageContaining("/post-1");
        assertThat(comments.findByUserIdAndPostId(u, 1)).isEmpty();
    }

    @Test
    void versionConflictInsideAUnitIsOptimisticLocking() {
        UUID u = UUID.randomUUID();
        User v1 = users.save(User.of(u, "v1"));
        users.save(new User(u, "v2", v1.version()));
        assertThatThrownBy(() -> tx.run(ops -> {
            posts.save(Post.of(u, 1, "p", null));
            users.delete(v1);
        })).isInstanceOf(OptimisticLockingFailureException.class).hasMessageContaining("version");
        assertThat(posts.findByUserId(u)).isEmpty();
    }

    @Test
    void exceptionInCallbackRollsBack() {
        UUID u = UUID.randomUUID();
        assertThatThrownBy(() -> tx.run(ops -> {
            posts.save(Post.of(u, 1, "p", null));
            throw new IllegalStateException("changed my mind");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(posts.findByUserId(u)).isEmpty();
    }

    @Test
    void transactionalServiceMethodsCommitOrRollBack() {
        UUID u = UUID.randomUUID();
        blog.publishWithComment(Post.of(u, 3, "t", null), new Comment(u, 3, 1, "c"));
        assertThat(posts.findById(KeyPath.of("user", u).then("post", 3))).isPresent();
        assertThat(comments.findByUserIdAndPostId(u, 3)).hasSize(1);

        assertThatThrownBy(() -> blog.publishThenFail(Post.of(u, 4, "t", null)))
                .isInstanceOf(IllegalStateException.class);
        assertThat(posts.findById(KeyPath.of("user", u).then("post", 4))).isEmpty();
    }

    @Test
    void generatedIdsAreAssignedWhenTheWriteIsRecorded() {
        UUID u = UUID.randomUUID();
        Post post = blog.publishNew(u, "with an id", "first!");
        assertThat(post.postId()).as("the unit's caller sees the id the post is stored under").isPositive();
        assertThat(posts.findById(KeyPath.of("user", u).then("post", post.postId()))).get()
                .extracting(Post::title).isEqualTo("with an id");
        assertThat(comments.findByUserIdAndPostId(u, post.postId())).as("written under the same id").hasSize(1);

        Post inCallback = tx.execute(ops -> {
            Post p = ops.insert(Post.of(u, 0, "callback", null));
            assertThat(p.postId()).isEqualTo(post.postId() + 1);
            return p;
        });
        assertThat(posts.findById(KeyPath.of("user", u).then("post", inCallback.postId()))).isPresent();
    }

    @Test
    void aRolledBackUnitConsumesItsSequenceIds() {
        UUID u = UUID.randomUUID();
        assertThatThrownBy(() -> blog.publishNewThenFail(u, "never stored"))
                .hasMessageContaining("boom after post 1");
        assertThat(posts.findByUserId(u)).isEmpty();
        assertThat(blog.publishNew(u, "stored", "c").postId()).as("ids are monotonic, not contiguous").isEqualTo(2);
    }

    @Test
    void nestedUnitsJoinTheOuterOne() {
        UUID u = UUID.randomUUID();
        List<Object> outer = tx.run(ops -> {
            List<Object> inner = tx.run(o -> posts.save(Post.of(u, 1, "inner", null)));
            assertThat(inner).as("an inner unit commits with the outer one").isEmpty();
            posts.save(Post.of(u, 2, "outer", null));
        });
        assertThat(outer).hasSize(2);
        assertThat(posts.countByUserId(u)).isEqualTo(2);
    }

    @Test
    void moreThanOneHundredWritesAreRefusedAtTheWriteThatOverflows() {
        UUID u = UUID.randomUUID();
        assertThatThrownBy(() -> tx.run(ops -> {
            for (int i = 1; i <= 101; i++) {
                comments.save(new Comment(u, 1, i, "c"));
            }
        })).isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("at most 100")
                .hasMessageContaining("comment-101");
        assertThat(comments.findByUserIdAndPostId(u, 1)).isEmpty();
    }
}
