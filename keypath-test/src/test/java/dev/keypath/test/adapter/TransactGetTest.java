package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static dev.keypath.test.adapter.AsyncResults.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemSnapshot;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyTooLargeException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.Session;
import dev.keypath.test.adapter.Model.StringPost;
import dev.keypath.test.adapter.Model.User;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code transactGet}: a consistent snapshot of items of mixed types, each looked up typed by the key it was read
 * with, on both tables.
 */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class TransactGetTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @Test
    void readsItemsOfMixedTypesTypedByTheirKeysWithNothingForAbsentAndExpired() {
        UUID u = UUID.randomUUID();
        User user = table.put(new User(u, "ada", "ada@example.com", Instant.EPOCH, null));
        Post post = table.put(Post.of(u, 7, "hello", "java"));
        Comment comment = table.put(new Comment(u, 7, 1, "first"));
        Session expired = table.put(new Session(null, "ada", Instant.now().minus(1, ChronoUnit.HOURS)));
        ItemKey<Comment> commentKey = ItemKey.of(Comment.class, KeyPath.of("user", u).then("post", 7).then("comment", 1));
        ItemKey<User> userKey = ItemKey.of(User.class, KeyPath.of("user", u));
        ItemKey<Post> absentKey = ItemKey.of(Post.class, KeyPath.of("user", u).then("post", 8));
        ItemKey<Session> expiredKey = ItemKey.of(Session.class, KeyPath.of("session", expired.sessionId()));
        ItemKey<Post> postKey = ItemKey.of(Post.class, KeyPath.of("user", u).then("post", 7));
        List<ItemKey<?>> keys = List.of(commentKey, userKey, absentKey, expiredKey, postKey);

        ItemSnapshot snapshot = table.transactGet(keys);
        ItemSnapshot viaAsync = await(async.transactGet(keys));
        for (ItemSnapshot read : List.of(snapshot, viaAsync)) {
            assertThat(read.keys()).containsExactlyElementsOf(keys);
            Optional<Comment> c = read.get(commentKey);
            assertThat(c).contains(comment);
            Optional<User> userRead = read.get(userKey);
            assertThat(userRead).contains(user);
            assertThat(read.get(absentKey)).isEmpty();
            assertThat(read.get(expiredKey)).isEmpty();
            Post p = read.get(Post.class, postKey.keyPath()).orElseThrow();
            assertThat(p).usingRecursiveComparison().ignoringFields("score").isEqualTo(post);
            assertThat(p.score()).isEqualByComparingTo(post.score()); // DynamoDB drops the scale
            assertThat(read.found()).hasSize(3).startsWith(comment, user);
            assertThatThrownBy(() -> read.get(ItemKey.of(Post.class, KeyPath.of("user", u).then("post", 9))))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("did not ask for");
            assertThatThrownBy(() -> read.get(StringPost.class, postKey.keyPath()))
                    .as("asked as a Post, not a StringPost").isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(viaAsync).usingRecursiveComparison().isEqualTo(snapshot);
    }

    @Test
    void keysAreCheckedBeforeAnyRequest() {
        UUID u = UUID.randomUUID();
        List<ItemKey<Comment>> tooMany = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            tooMany.add(ItemKey.of(Comment.class, KeyPath.of("user", u).then("post", 1).then("comment", i)));
        }
        assertThatThrownBy(() -> table.transactGet(tooMany)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 100 keys, got 101");
        ItemKey<User> one = ItemKey.of(User.class, KeyPath.of("user", u));
        assertThatThrownBy(() -> table.transactGet(List.of(one, one))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key 1 asks for " + one.keyPath() + " again");
        char[] big = new char[3000];
        Arrays.fill(big, 'x');
        assertThatThrownBy(() -> table.transactGet(List.of(ItemKey.of(StringPost.class,
                KeyPath.of("user", u).then("post", new String(big)))))).isInstanceOf(KeyTooLargeException.class);
        assertThat(failure(async.transactGet(List.of()))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anItemOfAnotherTypeAtTheKeyIsRefusedAsByGet() {
        UUID u = UUID.randomUUID();
        table.put(new User(u, "bob", "bob@example.com", Instant.EPOCH, null));
        assertThatThrownBy(() -> table.transactGet(List.of(ItemKey.of(Post.class, KeyPath.of("user", u)))))
                .isInstanceOf(UnknownItemTypeException.class);
    }
}
