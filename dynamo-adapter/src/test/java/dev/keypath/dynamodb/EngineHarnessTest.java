package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.keypath.dynamodb.testing.DynamoDbTestEngine;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class EngineHarnessTest {
    @Test
    void engineIsSharedAndAnswers() {
        URI endpoint = DynamoDbTestEngine.endpoint();
        assertThat(endpoint.getHost()).isIn("127.0.0.1", "localhost");
        DynamoDbClient client = DynamoDbTestEngine.client();
        assertThat(DynamoDbTestEngine.client()).isSameAs(client);

        String table = DynamoDbTestEngine.uniqueTableName("harness");
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.B).build())
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build()));
        client.waiter().waitUntilTableExists(b -> b.tableName(table));
        try {
            assertThat(client.listTablesPaginator().tableNames()).contains(table);
            AttributeValue key = AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0x00, 0x01, 0x02, (byte) 0xFF}));
            client.putItem(b -> b.tableName(table).item(Map.of("pk", key, "n", AttributeValue.fromN("7"))));
            Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table).key(Map.of("pk", key))
                    .consistentRead(true)).item();
            assertThat(item).as("the item written, read back through the shared client")
                    .isEqualTo(Map.of("pk", key, "n", AttributeValue.fromN("7")));
        } finally {
            client.deleteTable(b -> b.tableName(table));
        }
        assertThat(client.listTablesPaginator().tableNames()).doesNotContain(table);
    }

    /**
     * With nothing that points to a Docker engine, the harness runs on DynamoDB Local in this JVM, and getting the
     * engine (started here unless another test started it) never waits on a Docker probe.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void withoutDockerTheChoiceFallsThroughQuickly() {
        assumeFalse(dockerMayAnswer(), "a Docker engine may answer on this machine");
        assertThat(DynamoDbTestEngine.kind()).isEqualTo(DynamoDbTestEngine.Kind.DYNAMODB_LOCAL);
        assertThat(DynamoDbTestEngine.endpoint().getHost()).isIn("127.0.0.1", "localhost");
    }

    /** The places the harness looks for a Docker engine before it asks Testcontainers (see DynamoDbTestEngine). */
    private static boolean dockerMayAnswer() {
        Path home = Path.of(System.getProperty("user.home"));
        return System.getenv("DOCKER_HOST") != null || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(home.resolve(".docker/run/docker.sock"))
                || Files.exists(home.resolve(".testcontainers.properties"));
    }
}
