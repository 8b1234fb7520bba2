package dev.keypath.spring.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateItem.Returning;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.KeyPathTransactions;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;

/** The operations class's updates against the real engine: nested paths, upserts, return values, units of work. */
@SpringBootTest(classes = TestApplication.class)
class UpdatesTest {
    @Autowired
    KeyPathDynamoOperations operations;
    @Autowired
    KeyPathTransactions tx;

    @Test
    void nestedUpdatesUpsertsAndReturnValues() {
        KeyPath path = KeyPath.of("user", UUID.randomUUID()).then("post", 1);
        UpdateSpec like = UpdateSpec.of(u -> u.increment("stats.likes", 1));
        assertThatThrownBy(() -> operations.update(UpdateItem.of(Post.class, path, like)))
                .isInstanceOf(DataIntegrityViolationException.class).hasMessageContaining(path.toString());

        Post created = operations.update(UpdateItem.upsert(Post.class, path, UpdateSpec.of(u -> u.set("title", "new")
                .set("stats", new Post.Stats(0)))));
        assertThat(created.title()).isEqualTo("new");
        assertThat(created.version()).isEqualTo(1L);

        Post liked = operations.update(UpdateItem.of(Post.class, path, like));
        assertThat(liked.stats().likes()).isEqualTo(1);
        assertThat(liked.version()).isEqualTo(2L);

        UpdateResult<Post> updated = operations.updateWithResult(UpdateItem.builder(Post.class, path, like)
                .returning(Returning.UPDATED_NEW).build());
        assertThat(updated.get("stats.likes", Integer.class)).contains(2);
        assertThat(updated.item()).isEmpty();
        Post before = operations.update(UpdateItem.builder(Post.class, path, UpdateSpec.of(u -> u.set(Post::title,
                "typed").expectedVersion(3))).returning(Returning.OLD).build());
        assertThat(before.title()).isEqualTo("new");
        assertThat(operations.findById(Post.class, path)).get().extracting(Post::title).isEqualTo("typed");
        assertThatThrownBy(() -> operations.update(UpdateItem.of(Post.class, path, UpdateSpec.of(u -> u.set("title",
                "stale").expectedVersion(3))))).isInstanceOf(OptimisticLockingFailureException.class);
    }

    @Test
    void badPathsAndDynamoRefusalsAreApiUsageErrorsNamingThePath() {
        KeyPath path = KeyPath.of("user", UUID.randomUUID()).then("post", 1);
        operations.update(UpdateItem.upsert(Post.class, path, UpdateSpec.of(u -> u.set("title", "t"))));
        assertThatThrownBy(() -> operations.update(UpdateItem.of(Post.class, path, u -> u.set("stats.likez", 1))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("likez")
                .hasCauseInstanceOf(InvalidUpdateException.class);
        assertThatThrownBy(() -> operations.update(UpdateItem.of(Post.class, path, u -> u.addToSet("title",
                java.util.List.of("x"))))).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("title").hasMessageContaining(path.toString());
        assertThat(operations.findById(Post.class, path)).get().extracting(Post::title).isEqualTo("t");
    }

    @Test
    void aUnitOfWorkSendsUpsertsAtCommit() {
        KeyPath path = KeyPath.of("user", UUID.randomUUID()).then("post", 1);
        tx.run(ops -> {
            assertThat(operations.update(UpdateItem.upsert(Post.class, path, UpdateSpec.of(u -> u.set("title",
                    "in unit"))))).isNull();
            assertThat(operations.findById(Post.class, path)).as("nothing is visible before commit").isEmpty();
            assertThatThrownBy(() -> operations.updateWithResult(UpdateItem.builder(Post.class, path,
                    UpdateSpec.of(u -> u.set("tag", "x"))).returning(Returning.UPDATED_OLD).build()))
                    .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("UPDATED_OLD");
        });
        assertThat(operations.findById(Post.class, path)).get().extracting(Post::title).isEqualTo("in unit");
    }
}
