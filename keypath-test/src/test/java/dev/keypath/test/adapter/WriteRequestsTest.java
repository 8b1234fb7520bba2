package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static dev.keypath.test.adapter.AsyncResults.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.User;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The single-item write requests ({@link PutItem}, {@link DeleteItem}, {@link UpdateItem}) on both tables and in
 * transactions, against the test engine: every combination DynamoDB allows is expressible and behaves the
 * same through the synchronous and the asynchronous table.
 */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class WriteRequestsTest {
    private static final Condition TEXT_IS_FIRST =
            Condition.of("#t = :t", Map.of("#t", "text"), Map.of(":t", "first"));
    private static final Condition NO_TEXT = Condition.of("attribute_not_exists(#t)", Map.of("#t", "text"), Map.of());
    @Injected
    private static KeyPathTable sync;
    @Injected
    private static KeyPathAsyncTable async;

    @Test
    void createOnlyPutWithAConditionChecksBoth() {
        UUID u = UUID.randomUUID();
        Comment first = new Comment(u, 1, 1, "first");
        PutItem<Comment> createIfNoText = PutItem.of(first, p -> p.mode(PutMode.CREATE_ONLY).condition(NO_TEXT));
        assertThat(sync.put(createIfNoText)).isEqualTo(first);

        assertThatThrownBy(() -> sync.put(createIfNoText)).isExactlyInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("an item already exists or condition not met: attribute_not_exists(#t)");
        Throwable e = failure(async.put(createIfNoText.toBuilder().item(new Comment(u, 1, 1, "other")).build()));
        assertThat(e).isExactlyInstanceOf(ConditionFailedException.class);
        assertThat(sync.get(Comment.class, path(u, 1)).orElseThrow().text()).isEqualTo("first");
    }

    @Test
    void replaceExistingPutWithAConditionReplacesOnlyWhenBothHold() {
        UUID u = UUID.randomUUID();
        PutItem<Comment> second = PutItem.of(new Comment(u, 1, 1, "second"),
                p -> p.mode(PutMode.REPLACE_EXISTING).condition(TEXT_IS_FIRST));
        assertThatThrownBy(() -> sync.put(second)).isExactlyInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("no item exists");

        sync.put(new Comment(u, 1, 1, "first"));
        assertThat(await(async.put(second)).text()).isEqualTo("second");
        assertThatThrownBy(() -> sync.put(second)).isExactlyInstanceOf(ConditionFailedException.class);
        assertThat(sync.get(Comment.class, path(u, 1)).orElseThrow().text()).isEqualTo("second");
    }

    @Test
    void deleteReturningTheDeletedItemGivesItBackOnce() {
        UUID u = UUID.randomUUID();
        sync.put(new Comment(u, 1, 1, "first"));
        sync.put(new Comment(u, 1, 2, "two"));
        DeleteItem<Comment> one = DeleteItem.builder(Comment.class, path(u, 1)).returnDeleted().build();

        assertThat(sync.delete(one)).contains(new Comment(u, 1, 1, "first"));
        assertThat(sync.delete(one)).isEmpty();
        assertThat(await(async.delete(DeleteItem.builder(Comment.class, path(u, 2)).returnDeleted().build())))
                .contains(new Comment(u, 1, 2, "two"));
        assertThat(await(async.delete(DeleteItem.of(Comment.class, path(u, 2))))).isEmpty();
        assertThat(sync.get(Comment.class, path(u, 2))).isEmpty();
    }

    @Test
    void deleteWithAConditionAndTheDeletedItemKeepsTheItemWhenTheConditionFails() {
        UUID u = UUID.randomUUID();
        sync.put(new Comment(u, 1, 1, "not first"));
        DeleteItem<Comment> guarded = DeleteItem.builder(Comment.class, path(u, 1)).condition(TEXT_IS_FIRST)
                .returnDeleted().build();
        assertThatThrownBy(() -> sync.delete(guarded)).isExactlyInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("condition not met: #t = :t");
        assertThat(failure(async.delete(guarded))).isExactlyInstanceOf(ConditionFailedException.class);
        assertThat(sync.get(Comment.class, path(u, 1))).isPresent();
    }

    @Test
    void deleteByKeyPathWithAnExpectedVersionIsVersionChecked() {
        User saved = sync.put(new User(UUID.randomUUID(), "ada", "ada@example.com", Instant.EPOCH, null));
        sync.put(saved); // version 2
        KeyPath path = KeyPath.of("user", saved.userId());

        DeleteItem<User> stale = DeleteItem.builder(User.class, path).expectedVersion(1).build();
        assertThatThrownBy(() -> sync.delete(stale)).isExactlyInstanceOf(VersionConflictException.class);
        assertThat(failure(async.delete(stale))).isExactlyInstanceOf(VersionConflictException.class);

        Optional<User> gone = sync.delete(stale.toBuilder().expectedVersion(2).returnDeleted().build());
        assertThat(gone.orElseThrow().version()).isEqualTo(2L);
        assertThat(sync.get(User.class, path)).isEmpty();
    }

    @Test
    void deleteOfAnItemWithAnExplicitVersionChecksThatVersionInsteadOfTheItems() {
        User v1 = sync.put(new User(UUID.randomUUID(), "bob", "bob@example.com", Instant.EPOCH, null));
        User v2 = sync.put(v1);
        assertThatThrownBy(() -> sync.delete(DeleteItem.of(v1))).isExactlyInstanceOf(VersionConflictException.class);
        assertThat(sync.delete(DeleteItem.builder(v1).expectedVersion(v2.version()).returnDeleted().build()))
                .isPresent();
    }

    @Test
    void expectedVersionOnAnUnversionedTypeIsRefusedBeforeAnyRequest() {
        DeleteItem<Comment> d = DeleteItem.builder(Comment.class, path(UUID.randomUUID(), 1)).expectedVersion(3)
                .build();
        assertThatThrownBy(() -> sync.delete(d)).isExactlyInstanceOf(ItemMappingException.class)
                .hasMessageContaining("Comment has no @Version field");
        assertThat(failure(async.delete(d))).isExactlyInstanceOf(ItemMappingException.class);
        assertThatThrownBy(() -> DeleteItem.builder(Comment.class, path(UUID.randomUUID(), 1)).expectedVersion(-1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void updateReturningTheOldItemGivesTheItemBeforeTheUpdate() {
        UUID u = UUID.randomUUID();
        sync.put(new Comment(u, 1, 1, "first"));
        UpdateItem<Comment> toSecond = UpdateItem.builder(Comment.class, path(u, 1),
                UpdateSpec.of(s -> s.set("text", "second"))).returning(UpdateItem.Returning.OLD).build();

        assertThat(sync.update(toSecond).text()).isEqualTo("first");
        UpdateItem<Comment> toThird = UpdateItem.builder(Comment.class, path(u, 1),
                UpdateSpec.of(s -> s.set("text", "third"))).returning(UpdateItem.Returning.OLD).build();
        assertThat(await(async.update(toThird)).text()).isEqualTo("second");
        assertThat(sync.update(UpdateItem.of(Comment.class, path(u, 1), s -> s.set("text", "fourth"))).text())
                .isEqualTo("fourth");
    }

    @Test
    void transactionTakesTheRequestsAndRefusesThoseThatWouldReturnItems() {
        UUID u = UUID.randomUUID();
        sync.put(new Comment(u, 1, 2, "first"));
        List<Object> results = sync.transact(tx -> tx
                .put(PutItem.of(new Comment(u, 1, 1, "new"), p -> p.mode(PutMode.CREATE_ONLY).condition(NO_TEXT)))
                .delete(DeleteItem.builder(Comment.class, path(u, 2)).condition(TEXT_IS_FIRST).build()));
        assertThat(results).containsExactly(new Comment(u, 1, 1, "new"), null);
        assertThat(sync.get(Comment.class, path(u, 2))).isEmpty();

        assertThatThrownBy(() -> sync.transact(tx -> tx.delete(
                DeleteItem.builder(Comment.class, path(u, 1)).returnDeleted().build())))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageContaining("returnDeleted()");
        assertThat(failure(async.transact(tx -> tx.update(UpdateItem.builder(Comment.class, path(u, 1),
                UpdateSpec.of(s -> s.set("text", "x"))).returning(UpdateItem.Returning.OLD).build()))))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageContaining("returning(OLD)");
        assertThat(sync.get(Comment.class, path(u, 1)).orElseThrow().text()).isEqualTo("new");
    }

    @Test
    void requestsAreValuesWithBuilders() {
        UUID u = UUID.randomUUID();
        Comment c = new Comment(u, 1, 1, "x");
        PutItem<Comment> put = PutItem.of(c, p -> p.mode(PutMode.CREATE_ONLY).condition(NO_TEXT));
        assertThat(put.toBuilder().build()).isEqualTo(put).hasSameHashCodeAs(put);
        assertThat(put.toBuilder().mode(PutMode.REPLACE).build()).isNotEqualTo(put);
        assertThat(put.condition()).contains(NO_TEXT);
        assertThat(PutItem.of(c).mode()).isEqualTo(PutMode.REPLACE);
        assertThat(PutItem.of(c).condition()).isEmpty();

        DeleteItem<Comment> delete = DeleteItem.builder(Comment.class, path(u, 1)).expectedVersion(4)
                .condition(TEXT_IS_FIRST).returnDeleted().build();
        assertThat(delete.toBuilder().build()).isEqualTo(delete).hasSameHashCodeAs(delete);
        assertThat(delete.expectedVersion()).hasValue(4);
        assertThat(DeleteItem.of(c).item()).contains(c);
        assertThat(DeleteItem.of(c).keyPath()).isEmpty();

        UpdateItem<Comment> update = UpdateItem.of(Comment.class, path(u, 1), s -> s.set("text", "y"));
        assertThat(update.returning()).isEqualTo(UpdateItem.Returning.NEW);
        assertThat(update.toBuilder().build()).isEqualTo(update).hasSameHashCodeAs(update);
        assertThat(update.toBuilder().returning(UpdateItem.Returning.OLD).build()).isNotEqualTo(update);

        assertThatThrownBy(() -> PutItem.of(null)).isInstanceOf(NullPointerException.class).hasMessage("item");
        assertThatThrownBy(() -> PutItem.builder(c).mode(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> UpdateItem.of(Comment.class, null, UpdateSpec.of(s -> s.set("text", "y"))))
                .isInstanceOf(NullPointerException.class).hasMessage("keyPath");
        assertThat(failure(async.put((PutItem<Comment>) null))).isInstanceOf(NullPointerException.class);
    }

    private static KeyPath path(UUID user, long comment) {
        return KeyPath.of("user", user).then("post", 1).then("comment", comment);
    }
}
