package dev.keypath.migrate;

import dev.keypath.KeyPath;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Target items read and written by key path with the plain SDK, as a test sees and tampers with them. */
final class MigrationItems {
    private MigrationItems() {
    }

    static Map<String, AttributeValue> key(String keyPath) {
        KeyPath path = KeyPath.parse(keyPath);
        return Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
    }

    /** The stored item at {@code keyPath}, or an empty map. */
    static Map<String, AttributeValue> target(DynamoDbClient client, String table, String keyPath) {
        return client.getItem(b -> b.tableName(table).key(key(keyPath)).consistentRead(true)).item();
    }

    static void removeAttribute(DynamoDbClient client, String table, String keyPath, String attribute) {
        client.updateItem(b -> b.tableName(table).key(key(keyPath)).updateExpression("REMOVE #a")
                .expressionAttributeNames(Map.of("#a", attribute)));
    }

    /** Puts an item at {@code keyPath} of {@code type} with {@code attributes}, as another writer would. */
    static void putMoved(DynamoDbClient client, String table, String keyPath, String type,
                         Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(key(keyPath));
        item.put("_type", AttributeValue.fromS(type));
        item.putAll(attributes);
        client.putItem(b -> b.tableName(table).item(item));
    }
}
