package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.storage.StoredItemBatches;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The public stored-item batches that export, import and migrate use: puts in calls of at most 25 and gets of at
 * most 100, each call's consumed capacity handed to the listener (retries included), unprocessed items and
 * throttles retried, and what is still unprocessed at the deadline reported by key path.
 */
@KeyPathDynamoDb
class StoredItemBatchesTest {
    private static final BatchPolicy FAST = new BatchPolicy(Duration.ofMillis(1), Duration.ofMillis(20),
            Duration.ofSeconds(20));

    private static Map<String, AttributeValue> stored(KeyPath path, int n) {
        return Map.of(StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())),
                StoredItemLayout.TYPE, AttributeValue.fromS("Post"),
                "n", AttributeValue.fromN(Integer.toString(n)));
    }

    private static List<Map<String, AttributeValue>> items(int count) {
        UUID user = UUID.randomUUID();
        return IntStream.range(0, count).mapToObj(i -> stored(KeyPath.of("user", user).then("post", i), i)).toList();
    }

    private static List<Map<String, AttributeValue>> keysOf(List<Map<String, AttributeValue>> items) {
        return items.stream().map(i -> Map.of(StoredItemLayout.PARTITION_KEY, i.get(StoredItemLayout.PARTITION_KEY),
                StoredItemLayout.SORT_KEY, i.get(StoredItemLayout.SORT_KEY))).toList();
    }

    /** The table's items, but for its layout record (which the table made at bootstrap). */
    private static List<Map<String, AttributeValue>> scan(String table) {
        return new ArrayList<>(TestDynamoDb.get().client().scanPaginator(ScanRequest.builder().tableName(table)
                .consistentRead(true).build()).items().stream()
                .filter(i -> !"_kp_layout".equals(i.get(StoredItemLayout.TYPE).s())).toList());
    }

    private static FaultyClient faulty() {
        FaultInjector faults = new FaultInjector();
        DynamoDbClient client = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(c -> c.addExecutionInterceptor(faults).retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
        return new FaultyClient(faults, client);
    }

    private record FaultyClient(FaultInjector faults, DynamoDbClient client) {
    }

    @Test
    void putsInCallsOf25AndHandsOverEachCallsCapacity() {
        String table = TableFixture.newTable("stored-batches").tableName();
        FaultyClient engine = faulty();
        List<ConsumedCapacity> consumed = new CopyOnWriteArrayList<>();
        List<Map<String, AttributeValue>> items = items(60);

        new StoredItemBatches(engine.client(), FAST).put(table, items, consumed::add);

        assertThat(engine.faults().calls("BatchWriteItem")).isEqualTo(3);
        assertThat(consumed).hasSize(3).allSatisfy(c -> {
            assertThat(c.tableName()).isEqualTo(table);
            assertThat(c.capacityUnits()).isPositive();
        });
        assertThat(consumed.stream().mapToDouble(ConsumedCapacity::capacityUnits).sum()).isEqualTo(60.0);
        assertThat(scan(table)).containsExactlyInAnyOrderElementsOf(items);
    }

    @Test
    void readsBackWhatWasPutAndLeavesOutKeysThatHoldNothing() {
        String table = TableFixture.newTable("stored-batches-get").tableName();
        List<Map<String, AttributeValue>> items = items(130);
        StoredItemBatches batches = new StoredItemBatches(TestDynamoDb.get().client(), FAST);
        batches.put(table, items.subList(0, 120), c -> { });
        List<ConsumedCapacity> consumed = new CopyOnWriteArrayList<>();

        List<Map<String, AttributeValue>> read = batches.get(table, keysOf(items), consumed::add);

        assertThat(read).containsExactlyInAnyOrderElementsOf(items.subList(0, 120));
        assertThat(consumed).hasSizeGreaterThanOrEqualTo(2).allSatisfy(c -> assertThat(c.tableName()).isEqualTo(table));
    }

    @Test
    void unprocessedItemsAndThrottlesAreRetriedAndEveryCallIsCounted() {
        String table = TableFixture.newTable("stored-batches-faults").tableName();
        FaultyClient engine = faulty();
        List<ConsumedCapacity> consumed = new CopyOnWriteArrayList<>();
        List<Map<String, AttributeValue>> items = items(50);
        StoredItemBatches batches = new StoredItemBatches(engine.client(), FAST);
        engine.faults().dropBatchItems(2).throttleNext(1);

        batches.put(table, items, consumed::add);

        assertThat(engine.faults().injectedDrops()).isEqualTo(2);
        assertThat(engine.faults().injectedThrottles()).isEqualTo(1);
        int answered = engine.faults().calls("BatchWriteItem") - 1;
        assertThat(consumed).hasSize(answered);
        assertThat(scan(table)).containsExactlyInAnyOrderElementsOf(items);

        engine.faults().dropBatchItems(1);
        assertThat(batches.get(table, keysOf(items), c -> { })).containsExactlyInAnyOrderElementsOf(items);
        assertThat(engine.faults().injectedDrops()).isEqualTo(3);
    }

    @Test
    void whatIsStillUnprocessedAtTheDeadlineIsNamedByKeyPath() {
        String table = TableFixture.newTable("stored-batches-deadline").tableName();
        FaultyClient engine = faulty();
        List<Map<String, AttributeValue>> items = items(4);
        StoredItemBatches impatient = new StoredItemBatches(engine.client(),
                new BatchPolicy(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ZERO));
        engine.faults().dropBatchItems(1);

        assertThatThrownBy(() -> impatient.put(table, items, c -> { }))
                .isInstanceOfSatisfying(BatchIncompleteException.class, e -> assertThat(e.unprocessed())
                        .hasSize(2).allSatisfy(p -> assertThat(p.toString()).startsWith("/user-")));
        assertThat(scan(table)).hasSize(2);
    }
}
