package dev.keypath.dynamodb;

import dev.keypath.dynamodb.testing.DynamoDbTestEngine;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Builds bootstrapped key-path tables on the shared test engine. */
final class TableFixture {
    static final byte[] SECRET = "test-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8);

    private TableFixture() {
    }

    static KeyPathTable newTable(String hint) {
        return newTable(hint, DynamoDbTestEngine.client(), Clock.systemUTC());
    }

    static KeyPathTable newTable(String hint, DynamoDbClient client, Clock clock) {
        KeyPathTable table = builder(DynamoDbTestEngine.uniqueTableName(hint), client).clock(clock).build();
        table.bootstrap();
        return table;
    }

    static KeyPathTable.Builder builder(String name, DynamoDbClient client) {
        return KeyPathTable.builder().client(client).tableName(name).register(Model.ALL).pageTokenSecret(SECRET);
    }
}
