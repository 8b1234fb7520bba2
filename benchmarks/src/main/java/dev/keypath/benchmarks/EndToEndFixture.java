package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * DynamoDB Local in this JVM with two tables holding the same {@value #POSTS} posts of one user: {@code keypath}
 * (binary keys, written through {@link KeyPathTable}) and {@code raw} (string keys {@code USER#<uuid>} /
 * {@code POST#0000001234}, written with hand-built attribute maps). Both sides share one SDK client, so only the
 * mapping differs. The raw side maps by hand, as code without a mapper would.
 */
final class EndToEndFixture implements AutoCloseable {
    static final int POSTS = 20;
    static final String KEYPATH_TABLE = "keypath";
    static final String RAW_TABLE = "raw";

    final EmbeddedDynamoDb db = EmbeddedDynamoDb.start();
    final DynamoDbClient client = db.client();
    final KeyPathTable table = KeyPathTables.builder().client(client).tableName(KEYPATH_TABLE)
            .register(SocialPost.class).build();
    final UUID user = SocialPost.USER;

    EndToEndFixture() {
        table.bootstrap();
        client.createTable(t -> t.tableName(RAW_TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("pk")
                                .attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build()));
        for (int i = 1; i <= POSTS; i++) {
            SocialPost post = SocialPost.sample(user, i);
            table.put(post);
            client.putItem(putRequest(post));
        }
        Checks.equal(table.get(SocialPost.class, path(user, 7)).orElseThrow(), SocialPost.sample(user, 7), "keypath get");
        Checks.equal(rawGet(user, 7), SocialPost.sample(user, 7), "raw get");
        Checks.equal(table.query(q -> q.subtree(KeyPath.of("user", user))).items().size(), POSTS, "keypath query");
        Checks.equal(rawQuery(user), table.query(SocialPost.class,
                ItemQuery.of(q -> q.subtree(KeyPath.of("user", user)))).items(), "raw query");
        Checks.equal(rawQueryBinaryKeys(user), rawQuery(user), "raw query on binary keys");
        // the raw binary-key put writes exactly the item KeyPathTable writes: rewrite one and read it back both ways
        Map<String, AttributeValue> written = client.getItem(r -> r.tableName(KEYPATH_TABLE).consistentRead(true)
                .key(Map.of("pk", binary(path(user, 7).partitionKey()), "sk", binary(path(user, 7).sortKey())))).item();
        client.putItem(putRequestBinaryKeys(SocialPost.sample(user, 7)));
        Checks.equal(client.getItem(r -> r.tableName(KEYPATH_TABLE).consistentRead(true)
                .key(Map.of("pk", binary(path(user, 7).partitionKey()), "sk", binary(path(user, 7).sortKey())))).item(),
                written, "raw binary-key item");
        Checks.equal(rawGetBinaryKeys(user, 7), SocialPost.sample(user, 7), "raw get on binary keys");
    }

    static KeyPath path(UUID user, long post) {
        return KeyPath.of("user", user).then("post", post);
    }

    /** The hand-built {@code PutItem} of the raw side. */
    static PutItemRequest putRequest(SocialPost p) {
        return PutItemRequest.builder().tableName(RAW_TABLE)
                .item(item(p, AttributeValue.fromS(SocialPostBean.pk(p.userId())),
                        AttributeValue.fromS(SocialPostBean.sk(p.postId()))))
                .build();
    }

    /** The same {@code PutItem} with the binary keys of the keypath table: the item {@code KeyPathTable.put} writes. */
    static PutItemRequest putRequestBinaryKeys(SocialPost p) {
        KeyPath path = path(p.userId(), p.postId());
        return PutItemRequest.builder().tableName(KEYPATH_TABLE)
                .item(item(p, binary(path.partitionKey()), binary(path.sortKey())))
                .build();
    }

    private static AttributeValue binary(byte[] key) {
        return AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(key));
    }

    private static Map<String, AttributeValue> item(SocialPost p, AttributeValue pk, AttributeValue sk) {
        Map<String, AttributeValue> item = new HashMap<>(16);
        item.put("pk", pk);
        item.put("sk", sk);
        item.put("_type", AttributeValue.fromS("Post"));
        item.put("title", AttributeValue.fromS(p.title()));
        item.put("body", AttributeValue.fromS(p.body()));
        List<AttributeValue> tags = new ArrayList<>(p.tags().size());
        for (String t : p.tags()) {
            tags.add(AttributeValue.fromS(t));
        }
        item.put("tags", AttributeValue.fromL(tags));
        item.put("createdAt", AttributeValue.fromS(p.createdAt().toString()));
        item.put("likes", AttributeValue.fromN(Integer.toString(p.likes())));
        item.put("score", AttributeValue.fromN(p.score().toPlainString()));
        item.put("author", AttributeValue.fromM(Map.of("name", AttributeValue.fromS(p.author().name()),
                "handle", AttributeValue.fromS(p.author().handle()),
                "verified", AttributeValue.fromBool(p.author().verified()))));
        return item;
    }

    /** Hand-written mapping of a raw item back to a post. */
    static SocialPost post(Map<String, AttributeValue> item) {
        String sk = item.get("sk").s();
        List<AttributeValue> tagValues = item.get("tags").l();
        List<String> tags = new ArrayList<>(tagValues.size());
        for (AttributeValue t : tagValues) {
            tags.add(t.s());
        }
        Map<String, AttributeValue> author = item.get("author").m();
        return new SocialPost(UUID.fromString(item.get("pk").s().substring("USER#".length())),
                Long.parseLong(sk, "POST#".length(), sk.length(), 10), item.get("title").s(), item.get("body").s(),
                tags, Instant.parse(item.get("createdAt").s()), Integer.parseInt(item.get("likes").n()),
                new BigDecimal(item.get("score").n()), new SocialPost.Author(author.get("name").s(),
                author.get("handle").s(), author.get("verified").bool()));
    }

    SocialPost rawGet(UUID user, long post) {
        return post(client.getItem(GetItemRequest.builder().tableName(RAW_TABLE).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromS(SocialPostBean.pk(user)),
                        "sk", AttributeValue.fromS(SocialPostBean.sk(post))))
                .build()).item());
    }

    List<SocialPost> rawQuery(UUID user) {
        List<Map<String, AttributeValue>> items = client.query(QueryRequest.builder().tableName(RAW_TABLE)
                .consistentRead(true) // KeyPathTable reads the table strongly consistent by default
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(SocialPostBean.pk(user))))
                .build()).items();
        List<SocialPost> posts = new ArrayList<>(items.size());
        for (Map<String, AttributeValue> item : items) {
            posts.add(post(item));
        }
        return posts;
    }

    /**
     * The raw client's query on the keypath table: the same binary keys and engine work as {@code KeyPathTable},
     * with the hand-written mapping (ids read back with {@code KeyPath.decode}).
     */
    List<SocialPost> rawQueryBinaryKeys(UUID user) {
        List<Map<String, AttributeValue>> items = client.query(QueryRequest.builder().tableName(KEYPATH_TABLE)
                .consistentRead(true)
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk",
                        AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(KeyPath.of("user", user).partitionKey()))))
                .build()).items();
        List<SocialPost> posts = new ArrayList<>(items.size());
        for (Map<String, AttributeValue> item : items) {
            posts.add(postFromBinaryKeys(item));
        }
        return posts;
    }

    /** The raw client's get on the keypath table, with the hand-written mapping. */
    SocialPost rawGetBinaryKeys(UUID user, long post) {
        KeyPath path = path(user, post);
        return postFromBinaryKeys(client.getItem(GetItemRequest.builder().tableName(KEYPATH_TABLE).consistentRead(true)
                .key(Map.of("pk", binary(path.partitionKey()), "sk", binary(path.sortKey())))
                .build()).item());
    }

    /** Hand-written mapping of a keypath-table item: ids read back with {@code KeyPath.decode}. */
    private static SocialPost postFromBinaryKeys(Map<String, AttributeValue> item) {
        KeyPath path = KeyPath.decode(item.get("pk").b().asByteArrayUnsafe(), item.get("sk").b().asByteArrayUnsafe());
        Map<String, AttributeValue> byName = new HashMap<>(item);
        byName.put("pk", AttributeValue.fromS(SocialPostBean.pk(path.id(0).asUuid())));
        byName.put("sk", AttributeValue.fromS(SocialPostBean.sk(path.id(1).asLong())));
        return post(byName);
    }

    @Override
    public void close() {
        db.close();
    }
}
