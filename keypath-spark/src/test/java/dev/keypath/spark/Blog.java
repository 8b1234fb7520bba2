package dev.keypath.spark;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.test.TestDynamoDb;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** The tests' key-path table: users, their posts, and a few items no type can read. */
final class Blog {
    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name, Set<String> tags) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, long postId, String title, BigDecimal score, List<String> labels, boolean draft) {
    }

    private Blog() {
    }

    static UUID user(int u) {
        return new UUID(7, u);
    }

    /** A new, bootstrapped table with the types registered. */
    static KeyPathTable fresh(String hint) {
        EngineProcess.ensure();
        KeyPathTable table = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName(hint)).register(User.class).register(Post.class).build();
        table.bootstrap();
        return table;
    }

    /** Puts {@code users} users of {@code posts} posts each; returns the items stored. */
    static int fill(KeyPathTable table, int users, int posts) {
        List<Object> batch = new ArrayList<>();
        int n = 0;
        for (int u = 0; u < users; u++) {
            batch.add(new User(user(u), "user " + u, Set.of("t" + u % 5)));
            for (int p = 0; p < posts; p++) {
                batch.add(new Post(user(u), p, "post " + p + " of " + u, new BigDecimal(u + "." + p),
                        List.of("a", "b" + p), p % 3 == 0));
            }
            if (batch.size() >= 500) {
                n += batch.size();
                table.batchWrite(w -> batch.forEach(w::put));
                batch.clear();
            }
        }
        n += batch.size();
        if (!batch.isEmpty()) {
            table.batchWrite(w -> batch.forEach(w::put));
        }
        return n;
    }

    /** Stores an item of key path {@code path} whose type no table registers. */
    static void putUnknownType(KeyPathTable table, KeyPath path) {
        table.client().putItem(r -> r.tableName(table.tableName()).item(Map.of(
                StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())),
                StoredItemLayout.TYPE, AttributeValue.fromS("Ghost"), "x", AttributeValue.fromN("1"))));
    }

    /** Stores an item whose keys are not a key path. */
    static void putBadKey(KeyPathTable table) {
        table.client().putItem(r -> r.tableName(table.tableName()).item(Map.of(
                StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})),
                StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {9})))));
    }

    /** Every stored item, read with a consistent scan. */
    static List<Map<String, AttributeValue>> scan(String tableName) {
        return new ArrayList<>(TestDynamoDb.get().client().scanPaginator(ScanRequest.builder().tableName(tableName)
                .consistentRead(true).build()).items().stream().toList());
    }
}
