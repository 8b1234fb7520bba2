package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemKey;
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
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code transactGet}: a consistent snapshot of items of mixed types, in key order, on both tables. */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class TransactGetTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @Test
    void readsItemsOfMixedTypesInKeyOrderWithNullForAbsentAndExpired() throws Exception {
        UUID u = UUID.randomUUID();
        User user = table.put(new User(u, "ada", "ada@example.com", Instant.EPOCH, null));
        Post post = table.put(Post.of(u, 7, "hello", "java"));
        Comment comment = table.put(new Comment(u, 7, 1, "first"));
        Session expired = table.put(new Session(null, "ada", Instant.now().minus(1, ChronoUnit.HOURS)));
        List<ItemKey> keys = List.of(
                ItemKey.of(Comment.class, KeyPath.of("user", u).then("post", 7).then("comment", 1)),
                ItemKey.of(User.class, KeyPath.of("user", u)),
                ItemKey.of(Post.class, KeyPath.of("user", u).then("post", 8)),
                ItemKey.of(Session.class, KeyPath.of("session", expired.sessionId())),
                ItemKey.of(Post.class, KeyPath.of("user", u).then("post", 7)));

        List<Object> snapshot = table.transactGet(keys);
        assertThat(snapshot).hasSize(5);
        assertThat(snapshot.get(0)).isEqualTo(comment);
        assertThat(snapshot.get(1)).isEqualTo(user);
        assertThat(snapshot.get(2)).isNull();
        assertThat(snapshot.get(3)).isNull();
        assertThat(snapshot.get(4)).usingRecursiveComparison().ignoringFields("score").isEqualTo(post);
        assertThat(((Post) snapshot.get(4)).score()).isEqualByComparingTo(post.score()); // DynamoDB drops the scale

        List<Object> viaAsync = async.transactGet(keys).get(30, TimeUnit.SECONDS);
        assertThat(viaAsync.get(0)).isEqualTo(comment);
        assertThat(viaAsync.get(1)).isEqualTo(user);
        assertThat(viaAsync.get(2)).isNull();
    }

    @Test
    void keysAreCheckedBeforeAnyRequest() {
        UUID u = UUID.randomUUID();
        List<ItemKey> tooMany = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            tooMany.add(ItemKey.of(Comment.class, KeyPath.of("user", u).then("post", 1).then("comment", i)));
        }
        assertThatThrownBy(() -> table.transactGet(tooMany)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 100 keys, got 101");
        ItemKey one = ItemKey.of(User.class, KeyPath.of("user", u));
        assertThatThrownBy(() -> table.transactGet(List.of(one, one))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key 1 asks for " + one.keyPath() + " again");
        char[] big = new char[3000];
        Arrays.fill(big, 'x');
        assertThatThrownBy(() -> table.transactGet(List.of(ItemKey.of(StringPost.class,
                KeyPath.of("user", u).then("post", new String(big)))))).isInstanceOf(KeyTooLargeException.class);
        assertThatThrownBy(() -> async.transactGet(List.of()).get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anItemOfAnotherTypeAtTheKeyIsRefusedAsByGet() {
        UUID u = UUID.randomUUID();
        table.put(new User(u, "bob", "bob@example.com", Instant.EPOCH, null));
        assertThatThrownBy(() -> table.transactGet(List.of(ItemKey.of(Post.class, KeyPath.of("user", u)))))
                .isInstanceOf(UnknownItemTypeException.class);
    }
}
