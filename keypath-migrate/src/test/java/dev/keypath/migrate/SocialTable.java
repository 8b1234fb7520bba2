package dev.keypath.migrate;

import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A string-keyed single table of a small social app, as teams build them before key paths: users
 * ({@code USER#<uuid>} / {@code PROFILE}), their posts ({@code POST#000042}, with a {@code GSI1PK}/{@code GSI1SK}
 * pair of an old index), comments ({@code POST#000042#COMMENT#0007}), daily events ({@code DAY#2024-03-01} /
 * {@code EVENT#<instant>#<id>}) and legacy items no entity covers ({@code LEGACY#n}). Deterministic for a seed of
 * user count and sizes.
 */
final class SocialTable {
    static final String MAPPING_JSON = """
            {
              "drop": ["GSI1PK", "GSI1SK"],
              "entities": [
                {"name": "user", "pk": "USER#{userId:uuid}", "sk": "PROFILE",
                 "keyPath": "/user-{userId}", "type": "User"},
                {"name": "post", "pk": "USER#{userId:uuid}", "sk": "POST#{postId:int}",
                 "keyPath": "/user-{userId}/post-{postId}", "type": "Post"},
                {"name": "comment", "pk": "USER#{userId:uuid}", "sk": "POST#{postId:int}#COMMENT#{commentId:int}",
                 "keyPath": "/user-{userId}/post-{postId}/comment-{commentId}", "type": "Comment"},
                {"name": "event", "pk": "DAY#{day:date}", "sk": "EVENT#{at:instant}#{eventId}",
                 "keyPath": "/day-{day}/event-{at}/id-{eventId}", "type": "Event"}
              ]
            }
            """;

    final int users;
    final int postsPerUser;
    final int commentsPerPost;
    final int events;
    final int legacy;

    SocialTable(int users, int postsPerUser, int commentsPerPost, int events, int legacy) {
        this.users = users;
        this.postsPerUser = postsPerUser;
        this.commentsPerPost = commentsPerPost;
        this.events = events;
        this.legacy = legacy;
    }

    long mappedItems() {
        return (long) users * (1 + postsPerUser + (long) postsPerUser * commentsPerPost) + events;
    }

    long allItems() {
        return mappedItems() + legacy;
    }

    static UUID user(int i) {
        return new UUID(0x5EED_0000_0000_0000L | i, 0x8000_0000_0000_0000L | (i * 7919L));
    }

    static void createSource(DynamoDbClient client, String table) {
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("PK")
                                .attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("SK").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build()));
    }

    static void createTarget(DynamoDbClient client, String table) {
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("pk")
                                .attributeType(ScalarAttributeType.B).build(),
                        AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.B).build())
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build()));
    }

    /** Every item, in a deterministic order. */
    List<Map<String, AttributeValue>> items() {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        for (int u = 0; u < users; u++) {
            String pk = "USER#" + user(u);
            all.add(Map.of("PK", s(pk), "SK", s("PROFILE"), "name", s("user " + u), "joined",
                    n(1_700_000_000L + u)));
            for (int p = 1; p <= postsPerUser; p++) {
                String post = "POST#" + String.format("%06d", p);
                all.add(Map.of("PK", s(pk), "SK", s(post), "title", s("post " + p + " of user " + u),
                        "body", s("x".repeat(40 + (u + p) % 60)), "likes", n((u * 31L + p) % 1000),
                        "GSI1PK", s("POSTS"), "GSI1SK", s(post + "#" + u)));
                for (int c = 1; c <= commentsPerPost; c++) {
                    all.add(Map.of("PK", s(pk), "SK", s(post + "#COMMENT#" + String.format("%04d", c)),
                            "text", s("comment " + c + " on " + p), "by", s("USER#" + user((u + c) % users))));
                }
            }
        }
        for (int e = 0; e < events; e++) {
            String day = String.format("2024-03-%02d", 1 + e % 28);
            String at = day + "T" + String.format("%02d:%02d:%02d", e % 24, e % 60, (e * 7) % 60) + "Z";
            all.add(Map.of("PK", s("DAY#" + day), "SK", s("EVENT#" + at + "#ev" + e), "kind", s("login")));
        }
        for (int l = 0; l < legacy; l++) {
            all.add(Map.of("PK", s("LEGACY#" + l), "SK", s("V0"), "blob", s("old")));
        }
        return all;
    }

    /** Writes {@code items} with four threads of {@code BatchWriteItem}s. */
    static void load(DynamoDbClient client, String table, List<Map<String, AttributeValue>> items) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int from = 0; from < items.size(); from += 25) {
                List<WriteRequest> chunk = new ArrayList<>();
                for (Map<String, AttributeValue> item : items.subList(from, Math.min(items.size(), from + 25))) {
                    chunk.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
                }
                done.add(pool.submit(() -> {
                    List<WriteRequest> left = chunk;
                    while (!left.isEmpty()) {
                        List<WriteRequest> send = left;
                        BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(Map.of(table, send)));
                        left = r.unprocessedItems().getOrDefault(table, List.of());
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    static long count(DynamoDbClient client, String table) {
        long n = 0;
        for (var page : client.scanPaginator(b -> b.tableName(table).select("COUNT"))) {
            n += page.count();
        }
        return n;
    }

    static String uniqueTable(String hint) {
        return TestDynamoDb.uniqueTableName(hint);
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    static AttributeValue n(long v) {
        return AttributeValue.fromN(Long.toString(v));
    }
}
