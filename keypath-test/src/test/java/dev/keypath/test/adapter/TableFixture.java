package dev.keypath.test.adapter;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.TestDynamoDb;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Builds key-path tables of the test model on the test engine, by hand or through {@code @KeyPathDynamoDb}. */
final class TableFixture {
    /** Batch retries that wait 1–20 ms and give up after 20 s: injected faults are retried quickly. */
    static final BatchPolicy FAST_RETRIES = new BatchPolicy(Duration.ofMillis(1), Duration.ofMillis(20),
            Duration.ofSeconds(20));
    static final byte[] SECRET = "test-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8);

    private TableFixture() {
    }

    /**
     * Every type of {@link Model} and the shared {@link #SECRET}, for {@code @KeyPathDynamoDb(customizers = ...)}:
     * tables built by hand on the same table name then accept the injected table's page tokens.
     */
    static final class ModelTypes implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> table) {
            table.register(Model.ALL).pageTokenSecret(SECRET);
        }
    }

    static KeyPathTable newTable(String hint) {
        return newTable(hint, TestDynamoDb.get().client(), Clock.systemUTC());
    }

    static KeyPathTable newTable(String hint, DynamoDbClient client, Clock clock) {
        KeyPathTable table = builder(TestDynamoDb.uniqueTableName(hint), client).clock(clock).build();
        table.bootstrap();
        return table;
    }

    /** Creates {@code name} as a single-table user makes it by hand: pk/sk of type S, which no bootstrap accepts. */
    static void createStringKeyedTable(DynamoDbClient client, String name) {
        client.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                        AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build()));
    }

    static KeyPathTable.Builder builder(String name, DynamoDbClient client) {
        return KeyPathTables.builder().client(client).tableName(name).register(Model.ALL).pageTokenSecret(SECRET);
    }
}
