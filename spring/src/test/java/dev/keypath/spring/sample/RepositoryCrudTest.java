package dev.keypath.spring.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;

/** Base repository methods, version checks and translated failures against the real engine. */
@SpringBootTest(classes = TestApplication.class)
class RepositoryCrudTest {
    @Autowired
    PostRepository posts;
    @Autowired
    UserRepository users;
    @Autowired
    KeyPathDynamoOperations operations;

    @Test
    void saveGeneratesIdsAndVersions() {
        UUID u = UUID.randomUUID();
        Post first = posts.save(Post.of(u, 0, "first", null));
        Post second = posts.save(Post.of(u, 0, "second", null));
        assertThat(first.postId()).isEqualTo(1);
        assertThat(second.postId()).isEqualTo(2);
        assertThat(first.version()).isEqualTo(1L);
        Post updated = posts.save(new Post(u, 1, "first, edited", null, false, first.stats(), first.version()));
        assertThat(updated.version()).isEqualTo(2L);
        assertThat(posts.findById(KeyPath.of("user", u).then("post", 1))).get()
                .extracting(Post::title).isEqualTo("first, edited");
    }

    @Test
    void staleVersionIsAnOptimisticLockingFailure() {
        UUID u = UUID.randomUUID();
        User v1 = users.save(User.of(u, "v1"));
        users.save(new User(u, "v2", v1.version()));
        assertThatThrownBy(() -> users.save(new User(u, "stale", v1.version())))
                .isInstanceOf(OptimisticLockingFailureException.class);
        assertThatThrownBy(() -> users.delete(v1)).isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(users.findById(KeyPath.of("user", u))).get().extracting(User::name).isEqualTo("v2");
    }

    @Test
    void insertOfAnExistingVersionedItemIsADuplicate() {
        UUID u = UUID.randomUUID();
        posts.insert(Post.of(u, 1, "first", null));
        assertThatThrownBy(() -> posts.insert(Post.of(u, 1, "again", null)))
                .isInstanceOf(DuplicateKeyException.class);
        assertThatThrownBy(() -> posts.save(Post.of(u, 1, "blind overwrite", null)))
                .as("a new versioned item that exists is a stale write").isInstanceOf(OptimisticLockingFailureException.class);
    }

    @Test
    void insertIsCreateOnly() {
        UUID u = UUID.randomUUID();
        Note note = new Note(u, "n", "once");
        operations.insert(note);
        assertThatThrownBy(() -> operations.insert(new Note(u, "n", "twice")))
                .isInstanceOf(DuplicateKeyException.class).hasMessageContaining("/note-n");
    }

    @Test
    void deleteByIdAndDeleteAll() {
        UUID u = UUID.randomUUID();
        List<Post> saved = posts.saveAll(List.of(Post.of(u, 1, "a", null), Post.of(u, 2, "b", null),
                Post.of(u, 3, "c", null)));
        assertThat(saved).extracting(Post::version).containsOnly(1L);
        posts.deleteById(KeyPath.of("user", u).then("post", 1));
        posts.delete(saved.get(1));
        assertThat(posts.findByUserId(u)).extracting(Post::postId).containsExactly(3L);
        posts.deleteAll(List.of(saved.get(2)));
        posts.deleteAllById(List.of(KeyPath.of("user", u).then("post", 42)));
        assertThat(posts.countByUserId(u)).isZero();
    }

    @Test
    void badArgumentsAreApiUsageErrors() {
        assertThatThrownBy(() -> posts.save(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> posts.save(Post.of(null, 1, "no user", null)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("userId");
    }

    @Test
    void operationsReadSubtrees() {
        UUID u = UUID.randomUUID();
        users.save(User.of(u, "x"));
        posts.save(Post.of(u, 1, "p", null));
        assertThat(operations.findSubtree(KeyPath.of("user", u)).items())
                .hasSize(2).first().isInstanceOf(User.class);
    }
}
