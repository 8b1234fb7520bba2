package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * {@code batchPutStored} copies stored attribute maps unchanged (any type, unreadable ones and sequence counters
 * too) with the batch retries, and {@code readStoredItem} maps one to its registered type without a request; sync
 * and async.
 */
@KeyPathDynamoDb(customizers = TableFixture.ModelTypes.class)
class StoredItemsTest {
    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;

    private static List<Map<String, AttributeValue>> scan(String tableName) {
        return new ArrayList<>(TestDynamoDb.get().client().scanPaginator(ScanRequest.builder().tableName(tableName)
                .consistentRead(true).build()).items().stream().toList());
    }

    /** Items of a fresh subtree in the source: posts (with their sequence counter), a user and one unreadable item. */
    private static UUID fill(KeyPathTable source) {
        UUID user = UUID.randomUUID();
        source.put(new Model.User(user, "ann", "ann@example.com", null, null));
        for (int i = 0; i < 60; i++) {
            source.put(Model.Post.of(user, 0, "post " + i, "t"));
        }
        KeyPath junk = KeyPath.of("user", user).then("post", "not-a-number-slot");
        TestDynamoDb.get().client().putItem(r -> r.tableName(source.tableName()).item(Map.of(
                "pk", bytes(junk.partitionKey()), "sk", bytes(junk.sortKey()),
                "_type", AttributeValue.fromS("Post"), "title", AttributeValue.fromN("7"))));
        return user;
    }

    @Test
    void syncCopyIsIdenticalAndAgainChangesNothing() {
        KeyPathTable source = TableFixture.newTable("stored-src");
        KeyPathTable target = TableFixture.newTable("stored-dst");
        fill(source);
        List<Map<String, AttributeValue>> items = scan(source.tableName());

        target.batchPutStored(items);
        target.batchPutStored(items);

        assertThat(scan(target.tableName())).containsExactlyInAnyOrderElementsOf(items).hasSize(items.size());
        assertThat(items).anyMatch(i -> i.get("_type").s().equals("_kp_sequence"));
    }

    @Test
    void asyncCopyIsIdentical() {
        KeyPathTable source = TableFixture.newTable("stored-src-async");
        KeyPathTable target = TableFixture.newTable("stored-dst-async");
        fill(source);
        List<Map<String, AttributeValue>> items = scan(source.tableName());
        KeyPathAsyncTable asyncTarget = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient())
                .tableName(target.tableName()).register(Model.ALL).build();

        asyncTarget.batchPutStored(items).join();

        assertThat(scan(target.tableName())).containsExactlyInAnyOrderElementsOf(items);
    }

    @Test
    void unprocessedItemsAndThrottlesAreRetried() {
        FaultInjector faults = new FaultInjector();
        DynamoDbClient faulty = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(c -> c.addExecutionInterceptor(faults)
                        .retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
        KeyPathTable source = TableFixture.newTable("stored-src-faults");
        fill(source);
        List<Map<String, AttributeValue>> items = scan(source.tableName());
        KeyPathTable target = TableFixture.newTable("stored-dst-faults", faulty, Clock.systemUTC());
        KeyPathTable retrying = TableFixture.builder(target.tableName(), faulty)
                .batchPolicy(TableFixture.FAST_RETRIES).build();
        retrying.bootstrap(); // it reads the layout record here, not among the faulty calls
        faults.dropBatchItems(2).throttleNext(1);

        retrying.batchPutStored(items);

        assertThat(faults.injectedDrops()).isEqualTo(2);
        assertThat(faults.injectedThrottles()).isEqualTo(1);
        assertThat(scan(target.tableName())).containsExactlyInAnyOrderElementsOf(items);
    }

    @Test
    void badKeysAndRepeatedKeysAreRefusedBeforeAnyRequest() {
        KeyPath path = KeyPath.of("user", UUID.randomUUID());
        Map<String, AttributeValue> good = Map.of("pk", bytes(path.partitionKey()), "sk", bytes(path.sortKey()));
        Map<String, AttributeValue> noKey = Map.of("pk", AttributeValue.fromS("text"), "sk", bytes(path.sortKey()));

        assertThatThrownBy(() -> table.batchPutStored(List.of(good, noKey)))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("position 1");
        assertThatThrownBy(() -> table.batchPutStored(List.of(good, good)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(path.toString());
        assertThatThrownBy(() -> async.batchPutStored(List.of(good, noKey)).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(ItemMappingException.class);
        assertThat(table.get(Model.User.class, path)).isEmpty();
    }

    @Test
    void readStoredItemMapsEachStoredItemToItsType() {
        UUID user = fill(table);
        List<Map<String, AttributeValue>> items = scan(table.tableName());
        Map<String, AttributeValue> stored = items.stream()
                .filter(i -> "User".equals(i.get("_type").s()) && table.readStoredItem(i).map(o ->
                        ((Model.User) o).userId().equals(user)).orElse(false)).findFirst().orElseThrow();
        Map<String, AttributeValue> counter = items.stream()
                .filter(i -> "_kp_sequence".equals(i.get("_type").s())).findFirst().orElseThrow();

        assertThat(table.readStoredItem(stored)).contains(table.get(Model.User.class, KeyPath.of("user", user))
                .orElseThrow());
        assertThat(async.readStoredItem(stored)).isEqualTo(table.readStoredItem(stored));
        assertThat(table.readStoredItem(counter)).isEmpty();
    }

    @Test
    void readStoredItemNamesWhatIsWrong() {
        KeyPath path = KeyPath.of("user", UUID.randomUUID()).then("post", "slot");
        Map<String, AttributeValue> offTemplate = Map.of("pk", bytes(path.partitionKey()),
                "sk", bytes(path.sortKey()), "_type", AttributeValue.fromS("Comment"));
        Map<String, AttributeValue> unknown = new HashMap<>(offTemplate);
        unknown.put("_type", AttributeValue.fromS("Nope"));
        Map<String, AttributeValue> badKey = Map.of("pk", bytes(new byte[] {(byte) 0xff}), "sk", bytes(new byte[] {1}),
                "_type", AttributeValue.fromS("User"));

        assertThatThrownBy(() -> table.readStoredItem(offTemplate)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining(path.toString());
        assertThatThrownBy(() -> async.readStoredItem(unknown)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("Nope");
        assertThatThrownBy(() -> table.readStoredItem(badKey)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("not a valid key path");
    }

    private static AttributeValue bytes(byte[] b) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(b));
    }
}
