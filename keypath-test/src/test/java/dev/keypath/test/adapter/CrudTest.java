package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Counter;
import dev.keypath.test.adapter.Model.Note;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.Session;
import dev.keypath.test.adapter.Model.User;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@KeyPathDynamoDb(customizers = {TableFixture.ModelTypes.class, CrudTest.FixedClock.class})
class CrudTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    @Injected
    private static KeyPathTable table;

    /** Time stands still at {@link #NOW}: TTL filtering is checked against it. */
    static final class FixedClock implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.clock(Clock.fixed(NOW, ZoneOffset.UTC));
        }
    }

    @Test
    void putThenGet_roundTripsTheRecord() {
        UUID u = UUID.randomUUID();
        Post saved = table.put(Post.of(u, 42, "hello", "java"));
        assertThat(saved.postId()).isEqualTo(42);
        Post read = table.get(Post.class, KeyPath.of("user", u).then("post", 42)).orElseThrow();
        assertThat(read).usingRecursiveComparison().ignoringFields("score").isEqualTo(saved);
        assertThat(table.get(Post.class, KeyPath.of("user", u).then("post", 42), ReadConsistency.EVENTUAL)).isPresent();
        assertThat(table.get(Post.class, KeyPath.of("user", u).then("post", 43))).isEmpty();
    }

    @Test
    void get_withTheWrongClass_isATypedError() {
        UUID u = UUID.randomUUID();
        table.put(new Comment(u, 1, 2, "c"));
        KeyPath p = KeyPath.of("user", u).then("post", 1).then("comment", 2);
        assertThatThrownBy(() -> table.get(Post.class, p)).isInstanceOf(UnknownItemTypeException.class)
                .hasMessageContaining(p.toString());
    }

    @Test
    void createOnlyAndReplaceExisting_modes() {
        UUID u = UUID.randomUUID();
        Comment c = new Comment(u, 1, 1, "first");
        assertThatThrownBy(() -> table.put(c, PutMode.REPLACE_EXISTING)).isInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("no item exists");
        table.put(c, PutMode.CREATE_ONLY);
        assertThatThrownBy(() -> table.put(new Comment(u, 1, 1, "second"), PutMode.CREATE_ONLY))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining("already exists")
                .satisfies(e -> assertThat(((KeyPathDynamoException) e).keyPath()).contains(table.keyPathOf(c)));
        table.put(new Comment(u, 1, 1, "third"), PutMode.REPLACE_EXISTING);
        assertThat(table.get(Comment.class, table.keyPathOf(c)).orElseThrow().text()).isEqualTo("third");
    }

    @Test
    void conditionalPutAndDelete() {
        UUID u = UUID.randomUUID();
        Comment c = table.put(new Comment(u, 5, 1, "x"));
        Condition isX = Condition.attributeEquals("text", "x");
        table.put(new Comment(u, 5, 1, "y"), isX);
        assertThatThrownBy(() -> table.put(new Comment(u, 5, 1, "z"), isX))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining("#c_a = :c_v");
        assertThatThrownBy(() -> table.delete(Comment.class, table.keyPathOf(c), isX))
                .isInstanceOf(ConditionFailedException.class);
        table.delete(Comment.class, table.keyPathOf(c), Condition.attributeEquals("text", "y"));
        assertThat(table.get(Comment.class, table.keyPathOf(c))).isEmpty();
        table.delete(Comment.class, table.keyPathOf(c)); // absent: no-op
    }

    @Test
    void versionedPutUpdateAndDelete_allCheckTheVersion() {
        UUID u = UUID.randomUUID();
        User v1 = table.put(new User(u, "ann", "a@x", NOW, null));
        assertThat(v1.version()).isEqualTo(1L);
        assertThatThrownBy(() -> table.put(new User(u, "dup", "d@x", NOW, null)))
                .isInstanceOf(VersionConflictException.class);
        User v2 = table.put(new User(u, "ann2", "a@x", NOW, 1L));
        assertThat(v2.version()).isEqualTo(2L);
        assertThatThrownBy(() -> table.put(new User(u, "stale", "a@x", NOW, 1L)))
                .isInstanceOf(VersionConflictException.class)
                .satisfies(e -> assertThat(((VersionConflictException) e).expectedVersion()).isEqualTo(1));

        KeyPath p = KeyPath.of("user", u);
        User v3 = table.update(User.class, p, UpdateSpec.of(s -> s.set("email", "new@x").expectedVersion(2)));
        assertThat(v3.email()).isEqualTo("new@x");
        assertThat(v3.version()).isEqualTo(3L);
        assertThatThrownBy(() -> table.update(User.class, p, UpdateSpec.of(s -> s.set("email", "e").expectedVersion(2))))
                .isInstanceOf(VersionConflictException.class);

        assertThatThrownBy(() -> table.delete(v2)).isInstanceOf(VersionConflictException.class);
        assertThat(table.get(User.class, p)).isPresent();
        table.delete(v3);
        assertThat(table.get(User.class, p)).isEmpty();
    }

    @Test
    void mutableClassWithPrimitiveVersion() {
        Counter c = table.put(new Counter("c-" + UUID.randomUUID(), 5));
        assertThat(c.version).isEqualTo(1);
        assertThat(c.value).isEqualTo(5);
        Counter read = table.get(Counter.class, table.keyPathOf(c)).orElseThrow();
        assertThat(read.version).isEqualTo(1);
    }

    @Test
    void update_changesOnlyNonKeyFieldsOfExistingItems() {
        UUID u = UUID.randomUUID();
        Post p = table.put(Post.of(u, 9, "old", "t"));
        KeyPath path = table.keyPathOf(p);
        Post after = table.update(Post.class, path, UpdateSpec.of(s -> s.set("title", "new").remove("tag")
                .set("meta", Map.of("k", "v"))));
        assertThat(after.title()).isEqualTo("new");
        assertThat(after.tag()).isNull();
        assertThat(after.meta()).containsEntry("k", "v");
        assertThat(after.postId()).isEqualTo(9);
        assertThatThrownBy(() -> table.update(Post.class, path, UpdateSpec.of(s -> s.set("postId", 3))))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("postId");
        KeyPath missing = KeyPath.of("user", u).then("post", 10);
        assertThatThrownBy(() -> table.update(Post.class, missing, UpdateSpec.of(s -> s.set("title", "x"))))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining(missing.toString());
    }

    @Test
    void autoIds_v4_v7_andPerParentSequence() {
        Note n = table.put(new Note(null, "n"));
        assertThat(n.noteId()).isNotNull();
        assertThat(n.noteId().version()).isEqualTo(4);

        Session s = table.put(new Session(null, "me", null));
        assertThat(s.sessionId().version()).isEqualTo(7);
        assertThat(s.sessionId().getMostSignificantBits() >>> 16).isEqualTo(NOW.toEpochMilli());

        UUID u1 = UUID.randomUUID();
        UUID u2 = UUID.randomUUID();
        assertThat(table.put(Post.of(u1, 0, "a", null)).postId()).isEqualTo(1);
        assertThat(table.put(Post.of(u1, 0, "b", null)).postId()).isEqualTo(2);
        assertThat(table.put(Post.of(u2, 0, "c", null)).postId()).isEqualTo(1);
        assertThat(table.put(Post.of(u1, 0, "d", null)).postId()).isEqualTo(3);
        assertThat(table.query(q -> q.subtree(KeyPath.of("user", u1))).items()).hasSize(3);
    }

    @Test
    void expiredItems_areFilteredOnRead() {
        Session live = table.put(new Session(null, "live", NOW.plus(Duration.ofHours(1))));
        Session dead = table.put(new Session(null, "dead", NOW.minusSeconds(1)));
        assertThat(table.get(Session.class, table.keyPathOf(live))).isPresent();
        assertThat(table.get(Session.class, table.keyPathOf(dead))).isEmpty();
        assertThat(table.batchGet(Session.class, java.util.List.of(table.keyPathOf(live), table.keyPathOf(dead))))
                .extracting(Session::owner).containsExactly("live");
        assertThat(table.query(q -> q.subtree(table.keyPathOf(dead))).items()).isEmpty();
    }

    @Test
    void unregisteredClass_isATypedError() {
        assertThatThrownBy(() -> table.put("a string")).isInstanceOf(UnknownItemTypeException.class)
                .hasMessageContaining("java.lang.String");
    }
}
