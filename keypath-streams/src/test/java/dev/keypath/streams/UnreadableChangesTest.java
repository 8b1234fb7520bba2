package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.streams.Model.Post;
import dev.keypath.streams.Model.User;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The change feed meets each kind of damage a stored item can have (key bytes that are not a key path, no
 * {@code _type}, an unregistered one, a key path off its type's template, an id or an attribute that does not fit
 * its field) as an {@link UnreadableChangeException} naming what is wrong and, where the key decodes, the key
 * path: it fails the read, or with {@link UnreadablePolicy#FLAG} is a change with its problem and no images; the
 * readable changes around them decode as ever.
 */
@KeyPathDynamoDb(types = {User.class, Post.class, Model.Session.class}, customizers = Model.NewAndOldImages.class)
class UnreadableChangesTest {
    @Injected
    static KeyPathTable table;
    @Injected
    static DynamoDbClient client;

    private static final byte[] GARBAGE = {'p', 'o', 's', 't', 1, (byte) 0xFF};

    @Test
    void eachKindOfDamageFailsOrIsFlaggedNamingItsProblem() {
        UUID u = UUID.randomUUID();
        KeyPath user = KeyPath.of("user", u);
        User fine = table.put(new User(u, "ada", null));
        Map<KeyPath, String> damaged = new LinkedHashMap<>();
        raw(Map.of("pk", key(user.partitionKey()), "sk", key(GARBAGE), "_type", s("Post")));
        damaged.put(user.then("post", 1), "no _type");
        raw(Map.of("pk", key(user.partitionKey()), "sk", key(user.then("post", 1).sortKey()), "title", s("x")));
        damaged.put(user.then("post", 2), "'Ghost', which is not registered");
        raw(item(user.then("post", 2), "Ghost", "title", s("x")));
        damaged.put(user.then("post", 3), "does not match template");
        raw(item(user.then("post", 3), "User", "name", s("x")));
        damaged.put(user.then("post", "text-id"), "text-id");
        raw(item(user.then("post", "text-id"), "Post", "title", s("x")));
        damaged.put(user.then("post", 4), "tags");
        raw(item(user.then("post", 4), "Post", "tags", AttributeValue.fromM(Map.of("not", s("a list")))));
        Post after = table.put(new Post(u, 99, "after", List.of("t"))); // an explicit id: no counter item

        List<Record> records = Streams.rawRecords(Streams.client(), streamArn()).stream()
                .filter(r -> r.dynamodb().keys().get("pk").b().equals(key(user.partitionKey()).b())).toList();
        assertThat(records).hasSize(damaged.size() + 3);
        ChangeDecoder failing = ChangeDecoder.forTable(table);
        ChangeDecoder flagging = failing.withUnreadable(UnreadablePolicy.FLAG);
        List<Object> readable = new ArrayList<>();
        List<KeyPath> problems = new ArrayList<>();
        for (Record r : records) {
            ItemChange change = flagging.decode(r).orElseThrow();
            if (change.isReadable()) {
                readable.add(change.newImage().orElseThrow());
                assertThat(failing.decode(r)).contains(change);
                continue;
            }
            UnreadableChangeException problem = change.problem().orElseThrow();
            assertThat(change.newImage()).isEmpty();
            assertThatThrownBy(() -> failing.decode(r)).isInstanceOf(UnreadableChangeException.class)
                    .hasMessage(problem.getMessage());
            if (problem.keyPath().isEmpty()) {
                assertThat(problem).hasMessageContaining("not a key path");
                problems.add(null);
            } else {
                KeyPath at = problem.keyPath().get();
                assertThat(damaged).containsKey(at);
                assertThat(problem).hasMessageContaining(damaged.get(at)).hasMessageContaining(at.toString());
                problems.add(at);
            }
        }
        assertThat(readable).containsExactlyInAnyOrder(fine, after);
        assertThat(problems).hasSize(damaged.size() + 1).containsAll(damaged.keySet()).containsOnlyOnce((KeyPath) null);
    }

    private static String streamArn() {
        return client.describeTable(r -> r.tableName(table.tableName())).table().latestStreamArn();
    }

    private static Map<String, AttributeValue> item(KeyPath path, String type, String name, AttributeValue value) {
        return Map.of("pk", key(path.partitionKey()), "sk", key(path.sortKey()), "_type", s(type), name, value);
    }

    private static void raw(Map<String, AttributeValue> item) {
        client.putItem(r -> r.tableName(table.tableName()).item(item));
    }

    private static AttributeValue key(byte[] bytes) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }
}
