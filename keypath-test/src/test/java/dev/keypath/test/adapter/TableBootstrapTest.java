package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** Tables are made by hand here; the extension only hands each test the engine's client. */
@KeyPathDynamoDb
class TableBootstrapTest {

    @Test
    void bootstrapCreatesTableWithBinaryKeysGsiAndTtlThenIsIdempotent(DynamoDbClient client) {
        String name = TestDynamoDb.uniqueTableName("boot");
        KeyPathTable table = TableFixture.builder(name, client).build();

        assertThat(table.bootstrap()).isEqualTo(TableStatus.CREATED);
        assertThat(table.bootstrap()).isEqualTo(TableStatus.EXISTED);

        TableDescription d = client.describeTable(b -> b.tableName(name)).table();
        assertThat(d.keySchema()).extracting(k -> k.attributeName() + ":" + k.keyType())
                .containsExactly("pk:" + KeyType.HASH, "sk:" + KeyType.RANGE);
        assertThat(d.attributeDefinitions()).allSatisfy(a -> assertThat(a.attributeType()).isEqualTo(ScalarAttributeType.B));
        assertThat(d.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(d.globalSecondaryIndexes()).singleElement().satisfies(g -> {
            assertThat(g.indexName()).isEqualTo("gsi1");
            assertThat(g.keySchema()).extracting(k -> k.attributeName()).containsExactly("gsi1_pk", "gsi1_sk");
        });
        assertThat(client.describeTimeToLive(b -> b.tableName(name)).timeToLiveDescription())
                .satisfies(t -> {
                    assertThat(t.timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);
                    assertThat(t.attributeName()).isEqualTo("_ttl");
                });
    }

    @Test
    void bootstrapAddsAMissingGsiToAnExistingTable(DynamoDbClient client) {
        String name = TestDynamoDb.uniqueTableName("boot-gsi");
        KeyPathTables.builder().client(client).tableName(name).register(Model.User.class).build().bootstrap();
        assertThat(TableFixture.builder(name, client).build().bootstrap()).isEqualTo(TableStatus.EXISTED);
        assertThat(client.describeTable(b -> b.tableName(name)).table().globalSecondaryIndexes())
                .extracting(g -> g.indexName()).containsExactly("gsi1");
    }

    @Test
    void bootstrapRejectsATableWhoseKeysAreNotBinary(DynamoDbClient client) {
        String name = TestDynamoDb.uniqueTableName("boot-bad");
        TableFixture.createStringKeyedTable(client, name);
        assertThatThrownBy(() -> TableFixture.builder(name, client).build().bootstrap())
                .isInstanceOf(TableSchemaMismatchException.class)
                .hasMessageContaining("pk HASH (S)").hasMessageContaining("pk HASH (B)");
    }
}
