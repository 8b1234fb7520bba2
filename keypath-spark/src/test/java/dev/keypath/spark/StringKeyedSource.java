package dev.keypath.spark;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A string-keyed table as teams build them before key paths: users ({@code USER#<uuid>} / {@code PROFILE}), their
 * posts ({@code POST#000042}) and legacy items no entity covers; with the mapping file that migrates it.
 */
final class StringKeyedSource {
    static final String MAPPING = """
            {
              "entities": [
                {"name": "user", "pk": "USER#{userId:uuid}", "sk": "PROFILE",
                 "keyPath": "/user-{userId}", "type": "User"},
                {"name": "post", "pk": "USER#{userId:uuid}", "sk": "POST#{postId:int}",
                 "keyPath": "/user-{userId}/post-{postId}", "type": "Post"}
              ]
            }
            """;

    private StringKeyedSource() {
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    /** A new source table of {@code items} items or a few more: users of nine posts, one legacy item in fifty. */
    static String create(String hint, int items) {
        EngineProcess.ensure();
        DynamoDbClient client = TestDynamoDb.get().client();
        String table = TestDynamoDb.uniqueTableName(hint);
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("PK")
                        .attributeType(ScalarAttributeType.S).build(), AttributeDefinition.builder()
                        .attributeName("SK").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build()));
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        for (int u = 0; all.size() < items; u++) {
            String pk = "USER#" + new UUID(42, u);
            all.add(Map.of("PK", s(pk), "SK", s("PROFILE"), "name", s("user " + u),
                    "age", AttributeValue.fromN(Integer.toString(20 + u % 50))));
            for (int p = 0; p < 9; p++) {
                all.add(Map.of("PK", s(pk), "SK", s(String.format("POST#%06d", p)), "title", s("post " + p),
                        "body", s("b".repeat(40 + (u * 7 + p) % 200)), "tags", AttributeValue.fromSs(List.of("a",
                                "t" + p))));
            }
            if (u % 5 == 0) {
                all.add(Map.of("PK", s("LEGACY#" + u), "SK", s("X"), "old", s("yes")));
            }
        }
        put(table, all);
        return table;
    }

    static void put(String table, List<Map<String, AttributeValue>> items) {
        DynamoDbClient client = TestDynamoDb.get().client();
        for (int from = 0; from < items.size(); from += 25) {
            List<WriteRequest> requests = new ArrayList<>();
            for (Map<String, AttributeValue> item : items.subList(from, Math.min(items.size(), from + 25))) {
                requests.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
            }
            Map<String, List<WriteRequest>> pending = new HashMap<>(Map.of(table, requests));
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> request = Map.copyOf(pending);
                pending = new HashMap<>(client.batchWriteItem(b -> b.requestItems(request)).unprocessedItems());
            }
        }
    }

    /** A new, bootstrapped key-path table. */
    static String target(String hint) {
        try (KeyPathTable t = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName(hint)).build()) {
            t.bootstrap();
            return t.tableName();
        }
    }
}
