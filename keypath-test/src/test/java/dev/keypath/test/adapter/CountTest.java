package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.Model.Comment;
import dev.keypath.test.adapter.Model.Post;
import dev.keypath.test.adapter.Model.Session;
import dev.keypath.test.adapter.Model.StringPost;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** {@code count}: DynamoDB counts ({@code Select=COUNT}), nothing is transferred, and it leaves out what a page would. */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class CountTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    /** Records every query the table sends and what came back, and asks DynamoDB for the capacity it consumed. */
    static final class QueryRecorder implements ExecutionInterceptor {
        final List<QueryRequest> requests = new ArrayList<>();
        final List<QueryResponse> responses = new ArrayList<>();

        @Override
        public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
            if (context.request() instanceof QueryRequest q) {
                return q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
            }
            return context.request();
        }

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof QueryRequest q) {
                requests.add(q);
                SdkResponse r = context.response();
                responses.add((QueryResponse) r);
            }
        }

        double capacity() {
            return responses.stream().mapToDouble(r -> r.consumedCapacity().capacityUnits()).sum();
        }
    }

    @Test
    void countingATenThousandItemPartitionMapsNoItemAndCostsWhatDynamoDbsOwnCountCosts() {
        UUID user = UUID.randomUUID();
        List<Object> comments = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            comments.add(new Comment(user, 1, i, "comment number " + i + " with some text to give the item weight"));
        }
        table.batchWrite(WriteBatch.builder().putAll(comments).build());

        QueryRecorder recorder = new QueryRecorder();
        try (DynamoDbClient recorded = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(recorder)).build()) {
            KeyPathTable counting = TableFixture.builder(table.tableName(), recorded).build();
            KeyPath user1 = KeyPath.of("user", user);
            assertThat(counting.count(q -> q.subtree(user1))).isEqualTo(10_000);

            assertThat(recorder.requests).isNotEmpty().allSatisfy(r -> assertThat(r.select()).isEqualTo(Select.COUNT));
            assertThat(recorder.responses).allSatisfy(r -> assertThat(r.items()).isEmpty());
            double keyPathCapacity = recorder.capacity();

            KeyRange range = KeyRange.subtree(user1);
            double raw = 0;
            long rawCount = 0;
            Map<String, AttributeValue> start = null;
            do {
                QueryRequest.Builder q = QueryRequest.builder().tableName(table.tableName())
                        .keyConditionExpression("pk = :pk") // the user's whole partition
                        .expressionAttributeValues(Map.of(":pk",
                                AttributeValue.fromB(SdkBytes.fromByteArray(range.partitionKey()))))
                        .select(Select.COUNT) // DynamoDB's default consistency, as keypath's
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
                if (start != null) {
                    q.exclusiveStartKey(start);
                }
                QueryResponse r = TestDynamoDb.get().client().query(q.build());
                raw += r.consumedCapacity().capacityUnits();
                rawCount += r.count();
                start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
            } while (start != null);
            assertThat(rawCount).isEqualTo(10_000);
            assertThat(keyPathCapacity).isEqualTo(raw).isGreaterThan(0);
        }
    }

    @Test
    void countLeavesOutCountersOtherTypesAndWhatTheFilterRejects() {
        UUID user = UUID.randomUUID();
        for (int i = 0; i < 3; i++) {
            table.put(Post.of(user, 0, "post " + i, i == 0 ? "java" : "go")); // sequence ids: a counter item too
        }
        table.put(new StringPost(user, "hello", "a string id at the posts' position"));
        table.put(new Comment(user, 1, 1, "c"));
        KeyPath user1 = KeyPath.of("user", user);

        assertThat(table.count(q -> q.subtree(user1))).isEqualTo(5);
        assertThat(table.query(q -> q.subtree(user1)).items()).hasSize(5);
        assertThat(table.count(q -> q.subtree(user1).types(Post.class))).isEqualTo(3);
        assertThat(table.count(q -> q.subtree(user1).types(Post.class, StringPost.class))).isEqualTo(4);
        assertThat(table.count(q -> q.subtree(user1.then("post")).types(Post.class)
                .filter(Condition.attributeEquals("tag", "java")))).isEqualTo(1);
        assertThat(table.count(q -> q.between(user1.then("post", 2), user1.then("post", 3)))).isEqualTo(2);
        assertThat(table.count(q -> q.subtree(user1).limit(1))).isEqualTo(1);
        assertThat(table.count(q -> q.subtree(KeyPath.of("user", UUID.randomUUID())))).isZero();
    }

    @Test
    void countLeavesOutExpiredItemsThatDynamoDbHasNotDeletedYet() {
        Session live = table.put(new Session(null, "ada", Instant.now().plus(1, ChronoUnit.HOURS)));
        Session expired = table.put(new Session(null, "bob", Instant.now().minus(1, ChronoUnit.HOURS)));
        assertThat(table.count(q -> q.subtree(KeyPath.of("session", live.sessionId())))).isEqualTo(1);
        assertThat(table.count(q -> q.subtree(KeyPath.of("session", expired.sessionId())))).isZero();
    }

    @Test
    void theAsyncTableCountsTheSameAndPageTokensAreChecked() throws Exception {
        UUID user = UUID.randomUUID();
        for (int i = 1; i <= 7; i++) {
            table.put(new Comment(user, 1, i, "c" + i));
        }
        ItemQuery comments = ItemQuery.of(q -> q.subtree(KeyPath.of("user", user).then("post", 1)));
        assertThat(async.count(comments).get(30, TimeUnit.SECONDS)).isEqualTo(7);

        String token = table.query(comments.toBuilder().limit(3).build()).nextPageToken();
        assertThat(table.count(comments.toBuilder().pageToken(token).build())).isEqualTo(4);
        assertThatThrownBy(() -> table.count(comments.toBuilder().pageToken(token).descending().build()))
                .isInstanceOf(InvalidPageTokenException.class);
    }
}
