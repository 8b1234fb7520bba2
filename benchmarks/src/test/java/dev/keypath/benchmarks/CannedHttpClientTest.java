package dev.keypath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A real {@code DynamoDbClient} over {@link CannedHttpClient} unmarshals the canned JSON into the responses it
 * stands for (the CRC32 header checked by the SDK), with {@code ConsumedCapacity} only when the request asks for
 * it (the first request of each call deciding), and a call with no canned answer fails instead of answering anything.
 */
class CannedHttpClientTest {
    private final ItemSchema<SocialPost> schema = ItemSchemas.of(SocialPost.class);
    private final Map<String, AttributeValue> item = schema.toItem(SocialPost.sample());

    private DynamoDbClient client() {
        return PipelineCalls.client(new CannedHttpClient(Map.of(
                "GetItem", CannedHttpClient.Canned.of(DynamoJson.getItem(item, CannedHttpClient.CAPACITY),
                        DynamoJson.getItem(item, null)),
                "Query", CannedHttpClient.Canned.of(DynamoJson.query(List.of(item, item), CannedHttpClient.CAPACITY),
                        DynamoJson.query(List.of(item, item), null)))));
    }

    @Test
    void aGetReadsTheItemAndItsCapacityOnlyWhenAskedFor() {
        try (DynamoDbClient asking = client(); DynamoDbClient notAsking = client(); DynamoDbClient none = client()) {
            GetItemResponse asked = asking.getItem(r -> r.tableName("app").key(Map.of("pk", item.get("pk")))
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));
            assertThat(asked.item()).isEqualTo(item);
            assertThat(asked.consumedCapacity()).isEqualTo(CannedHttpClient.CAPACITY);
            GetItemResponse notAsked = notAsking.getItem(r -> r.tableName("app").key(Map.of("pk", item.get("pk"))));
            assertThat(notAsked.item()).isEqualTo(item);
            assertThat(notAsked.consumedCapacity()).isNull();
            assertThat(none.getItem(r -> r.tableName("app").key(Map.of("pk", item.get("pk")))
                    .returnConsumedCapacity(ReturnConsumedCapacity.NONE)).consumedCapacity()).isNull();
        }
    }

    @Test
    void theFirstRequestOfACallDecidesForTheLaterOnes() {
        try (DynamoDbClient client = client()) {
            client.getItem(r -> r.tableName("app").key(Map.of("pk", item.get("pk"))));

            assertThat(client.getItem(r -> r.tableName("app").key(Map.of("pk", item.get("pk")))
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity()).isNull();
            assertThat(client.query(r -> r.tableName("app").returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                    .consumedCapacity()).isNotNull();
        }
    }

    @Test
    void aQueryReadsEveryItemAndItsCounts() {
        try (DynamoDbClient client = client()) {
            QueryResponse page = client.query(r -> r.tableName("app").returnConsumedCapacity(
                    ReturnConsumedCapacity.TOTAL));
            assertThat(page.items()).containsExactly(item, item);
            assertThat(page.count()).isEqualTo(2);
            assertThat(page.scannedCount()).isEqualTo(2);
            assertThat(page.lastEvaluatedKey()).isEmpty();
            assertThat(page.consumedCapacity().capacityUnits()).isEqualTo(1.0);
        }
    }

    @Test
    void aCallWithNoCannedAnswerFailsNamingIt() {
        try (DynamoDbClient client = client()) {
            assertThatThrownBy(() -> client.putItem(r -> r.tableName("app").item(item)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no canned answer")
                    .hasMessageContaining("PutItem");
        }
    }
}
