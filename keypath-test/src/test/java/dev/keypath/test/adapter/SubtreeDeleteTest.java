package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.User;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code deleteSubtree}: everything under a prefix goes, in batches with retries, and nothing beside it. */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class SubtreeDeleteTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    private static List<Object> userWithPosts(UUID u, int comments) {
        List<Object> items = new ArrayList<>();
        items.add(new User(u, "ada", "ada@example.com", Instant.EPOCH, null));
        for (int i = 0; i < comments; i++) {
            items.add(new Comment(u, 1 + i % 3, i, "c" + i));
        }
        return items;
    }

    @Test
    void deletesEveryItemUnderThePrefixThroughUnprocessedItems() {
        UUID u = UUID.randomUUID();
        UUID neighbour = UUID.randomUUID();
        List<Object> items = userWithPosts(u, 260);
        items.removeIf(i -> i instanceof User); // versioned: written on its own below
        table.batchWrite(WriteBatch.builder().putAll(items).build());
        table.put(new User(u, "ada", "ada@example.com", Instant.EPOCH, null));
        Post post = table.put(Post.of(u, 0, "with a sequence id", "java"));
        table.batchWrite(WriteBatch.builder().putAll(userWithPosts(neighbour, 5).subList(1, 6)).build());
        table.put(new User(neighbour, "bob", "bob@example.com", Instant.EPOCH, null));
        long before = table.count(q -> q.subtree(KeyPath.of("user", u)));
        assertThat(before).isEqualTo(262);

        FaultInjector faults = new FaultInjector();
        try (DynamoDbClient faulty = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults)).build()) {
            KeyPathTable deleting = TableFixture.builder(table.tableName(), faulty).batchPolicy(TableFixture.FAST_RETRIES).build();
            faults.dropBatchItems(3);
            SubtreeDeletion done = deleting.deleteSubtree(KeyPath.of("user", u));
            assertThat(done.complete()).isTrue();
            assertThat(done.deleted()).isEqualTo(before);
            assertThat(faults.injectedDrops()).isEqualTo(3);
        }
        assertThat(table.client().query(r -> r.tableName(table.tableName()).keyConditionExpression("pk = :pk")
                .expressionAttributeValues(java.util.Map.of(":pk", software.amazon.awssdk.services.dynamodb.model
                        .AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                                KeyPath.of("user", u).partitionKey()))))).count()).isZero();
        assertThat(table.count(q -> q.subtree(KeyPath.of("user", neighbour)))).isEqualTo(6);
        // the collection's counter lives apart from the subtree: ids go on counting, never reused
        assertThat(table.put(Post.of(u, 0, "after the deletion", "java")).postId()).isGreaterThan(post.postId());
    }

    @Test
    void aLimitStopsTheDeletionAndAnotherCallGoesOnWithWhatIsLeft() throws Exception {
        UUID u = UUID.randomUUID();
        table.batchWrite(WriteBatch.builder().putAll(userWithPosts(u, 150).subList(1, 151)).build());
        KeyPath posts = KeyPath.of("user", u).then("post", 2);
        long under = table.count(q -> q.subtree(posts));
        assertThat(under).isEqualTo(50);

        SubtreeDeletion first = table.deleteSubtree(posts, 20);
        assertThat(first.deleted()).isEqualTo(20);
        assertThat(first.complete()).isFalse();
        assertThat(first.nextToken()).isPresent();
        assertThat(table.count(q -> q.subtree(posts))).isEqualTo(30);
        SubtreeDeletion rest = async.deleteSubtree(posts, 0).get(30, TimeUnit.SECONDS);
        assertThat(rest).isEqualTo(new SubtreeDeletion(30, true, null));
        assertThat(table.count(q -> q.subtree(KeyPath.of("user", u)))).isEqualTo(100);
        assertThat(table.deleteSubtree(posts)).isEqualTo(new SubtreeDeletion(0, true, null));
    }

    @Test
    void aResumeTokenGoesOnRightAfterTheLastDeletedKeyOnBothTables() throws Exception {
        UUID u = UUID.randomUUID();
        table.batchWrite(WriteBatch.builder().putAll(userWithPosts(u, 60).subList(1, 61)).build());
        KeyPath posts = KeyPath.of("user", u).then("post", 1);
        assertThat(table.count(q -> q.subtree(posts))).isEqualTo(20);

        SubtreeDeletion first = table.deleteSubtree(posts, 7);
        assertThat(first.deleted()).isEqualTo(7);
        // written behind the resume point: a resumed deletion does not go back for it
        table.put(new Comment(u, 1, 0, "written again"));
        SubtreeDeletion second = async.deleteSubtree(posts, 7, first.resumeToken()).get(30, TimeUnit.SECONDS);
        assertThat(second.deleted()).isEqualTo(7);
        SubtreeDeletion last = table.deleteSubtree(posts, 0, second.resumeToken());
        assertThat(last).isEqualTo(new SubtreeDeletion(6, true, null));
        assertThat(table.query(Comment.class, ItemQuery.of(q -> q.subtree(posts))).items())
                .extracting(Comment::text).containsExactly("written again");
    }

    @Test
    void aResumeTokenOfAnotherPrefixOrAlteredIsRefusedBeforeAnyDeletion() {
        UUID u = UUID.randomUUID();
        table.batchWrite(WriteBatch.builder().putAll(userWithPosts(u, 30).subList(1, 31)).build());
        KeyPath one = KeyPath.of("user", u).then("post", 1);
        KeyPath two = KeyPath.of("user", u).then("post", 2);
        String token = table.deleteSubtree(one, 3).resumeToken();

        assertThatThrownBy(() -> table.deleteSubtree(two, 0, token)).isInstanceOf(InvalidPageTokenException.class);
        String altered = token.substring(0, token.length() - 2) + (token.endsWith("AA") ? "BB" : "AA");
        assertThatThrownBy(() -> table.deleteSubtree(one, 0, altered)).isInstanceOf(InvalidPageTokenException.class);
        assertThat(async.deleteSubtree(two, 0, token)).failsWithin(Duration.ofSeconds(30))
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(InvalidPageTokenException.class);
        assertThat(table.count(q -> q.subtree(two))).isEqualTo(10);
        assertThat(table.count(q -> q.subtree(one))).isEqualTo(7);
    }
}
