package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.TestDynamoDb;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * A mapper that renames properties (a naming strategy, {@code @JsonProperty}) renames the stored attributes, but
 * key fields stay in the key and bound on reads, and the version is checked under its stored name.
 */
class RenamedPropertiesTest {
    @ItemType(keyPath = "/account-{accountId}/order-{orderId}")
    record Order(UUID accountId, @AutoId(AutoId.Strategy.SEQUENCE) long orderId, String shipTo,
                 @Version Long rowVersion) {
    }

    @ItemType(keyPath = "/shelf-{shelfId}")
    record Shelf(@JsonProperty("shelf") String shelfId, @JsonProperty("label_text") String label) {
    }

    @Test
    void aNamingStrategyRenamesAttributesButKeysStayBound() {
        JsonMapper snake = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
        KeyPathTable table = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("renamed")).register(Order.class).jsonMapper(snake)
                .build();
        table.bootstrap();
        UUID account = UUID.randomUUID();
        Order first = table.put(new Order(account, 0, "Main Street 1", null));
        assertThat(first.orderId()).isEqualTo(1);
        assertThat(first.rowVersion()).isEqualTo(1);
        Map<String, AttributeValue> stored = raw(table, table.keyPathOf(first));
        assertThat(stored).containsKeys("ship_to", "row_version")
                .doesNotContainKeys("account_id", "order_id", "accountId", "orderId", "shipTo", "rowVersion");

        Order read = table.get(Order.class, table.keyPathOf(first)).orElseThrow();
        assertThat(read).isEqualTo(first);
        Order updated = table.put(new Order(read.accountId(), read.orderId(), "Elm Street 2", read.rowVersion()));
        assertThat(updated.rowVersion()).isEqualTo(2);
        assertThat(table.query(Order.class, ItemQuery.of(q -> q.subtree(KeyPath.of("account", account)))).items())
                .containsExactly(updated);
    }

    @Test
    void aJsonPropertyOnAKeyFieldKeepsItInTheKey() {
        KeyPathTable table = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("renamed")).register(Shelf.class).build();
        table.bootstrap();
        Shelf shelf = table.put(new Shelf("kitchen", "spices"));
        assertThat(raw(table, KeyPath.of("shelf", "kitchen"))).containsKey("label_text").doesNotContainKey("shelf");
        assertThat(table.get(Shelf.class, KeyPath.of("shelf", "kitchen"))).contains(shelf);
    }

    private static Map<String, AttributeValue> raw(KeyPathTable table, KeyPath path) {
        return TestDynamoDb.get().client().getItem(r -> r.tableName(table.tableName()).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }
}
