package dev.keypath.test.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The partition limiter against DynamoDB Local: exact counts of admitted and throttled calls under a clock the test
 * moves, the errors DynamoDB answers with, and the budgets' independence, sizes and refill.
 */
@KeyPathDynamoDb(types = Event.class)
class PartitionLimiterTest {
    @Injected static TestDynamoDb engine;
    @Injected static KeyPathTable table;

    private final ManualInstants clock = new ManualInstants();
    private final List<AutoCloseable> clients = new ArrayList<>();

    @AfterEach
    void closeClients() throws Exception {
        for (AutoCloseable c : clients) {
            c.close();
        }
    }

    /** A client through {@code limiter}, with the SDK's retries off so that every throttle reaches the test. */
    private DynamoDbClient client(PartitionLimiter limiter) {
        DynamoDbClient c = engine.clientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(limiter)).build();
        clients.add(c);
        return c;
    }

    private PartitionLimiter.Builder limiter() {
        return PartitionLimiter.builder().clock(clock);
    }

    private static KeyPath feed() {
        return KeyPath.of("feed", UUID.randomUUID());
    }

    private static PartitionId partition(KeyPath feed) {
        return PartitionId.ofTable(table.tableName(), feed.partitionKey());
    }

    /** Puts {@code count} items of {@code bytes} bytes under {@code feed}, ids from {@code first}; the throttled count. */
    private static int put(DynamoDbClient client, KeyPath feed, long first, int count, int bytes) {
        int throttled = 0;
        for (long id = first; id < first + count; id++) {
            Map<String, AttributeValue> item = RawItems.item(feed, id, bytes);
            try {
                client.putItem(r -> r.tableName(table.tableName()).item(item));
            } catch (ProvisionedThroughputExceededException e) {
                throttled++;
            }
        }
        return throttled;
    }

    private static int stored(KeyPath feed) {
        return engine.client().queryPaginator(q -> q.tableName(table.tableName()).keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", RawItems.key(feed.then("event", 0)).get("pk")))
                .select(Select.COUNT)).stream().mapToInt(QueryResponse::count).sum();  // 1 MB a page
    }

    @Test
    void underTheLimitNothingIsThrottled() {
        PartitionLimiter limiter = limiter().build();
        KeyPath feed = feed();
        assertThat(put(client(limiter), feed, 0, 1_000, 1_024)).isZero();
        assertThat(limiter.usage(partition(feed))).isEqualTo(new PartitionUsage(0, 1_000, 0, 0));
        assertThat(stored(feed)).isEqualTo(1_000);
    }

    @Test
    void twoThousandOneKbWritesToOnePartitionInOneSecondThrottleHalf() {
        PartitionLimiter limiter = limiter().build();
        DynamoDbClient client = client(limiter);
        KeyPath feed = feed();
        assertThat(put(client, feed, 0, 2_000, 1_024)).isEqualTo(1_000);
        assertThat(limiter.usage(partition(feed))).isEqualTo(new PartitionUsage(0, 1_000, 0, 1_000));
        assertThat(stored(feed)).as("a throttled put never reaches the engine").isEqualTo(1_000);

        clock.advance(Duration.ofMillis(500));
        assertThat(put(client, feed, 2_000, 600, 1_024)).as("half a second refills 500 units").isEqualTo(100);
    }

    @Test
    void aThrottledCallCarriesDynamoDbsThrottlingReason() {
        PartitionLimiter limiter = limiter().writeUnitsPerSecond(1).build();
        DynamoDbClient client = client(limiter);
        KeyPath feed = feed();
        put(client, feed, 0, 1, 100);
        ProvisionedThroughputExceededException e = catchThrowableOfType(
                () -> client.putItem(r -> r.tableName(table.tableName()).item(RawItems.item(feed, 1, 100))),
                ProvisionedThroughputExceededException.class);
        assertThat(e.statusCode()).isEqualTo(400);
        assertThat(e.isThrottlingException()).as("the SDK's retry policy retries it").isTrue();
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(e.throttlingReasons()).containsExactly(ThrottlingReason.builder()
                .reason("TableWriteKeyRangeThroughputExceeded")
                .resource("arn:aws:dynamodb:" + engine.region().id() + ":000000000000:table/" + table.tableName())
                .build());

        PartitionLimiter onDemand = limiter().writeUnitsPerSecond(1).throttleError(ThrottleError.THROTTLING).build();
        DynamoDbClient other = client(onDemand);
        put(other, feed, 2, 1, 100);
        ThrottlingException t = catchThrowableOfType(
                () -> other.putItem(r -> r.tableName(table.tableName()).item(RawItems.item(feed, 3, 100))),
                ThrottlingException.class);
        assertThat(t.isThrottlingException()).isTrue();
        assertThat(t.throttlingReasons()).extracting(ThrottlingReason::reason)
                .containsExactly("TableWriteKeyRangeThroughputExceeded");
    }

    @Test
    void twoPartitionsDoNotShareABudget() {
        PartitionLimiter limiter = limiter().build();
        DynamoDbClient client = client(limiter);
        KeyPath a = feed();
        KeyPath b = feed();
        assertThat(put(client, a, 0, 1_000, 1_024)).isZero();
        assertThat(put(client, b, 0, 1_000, 1_024)).as("b's budget is untouched by a's 1,000 units").isZero();
        assertThat(put(client, a, 1_000, 1, 1_024)).isEqualTo(1);
        assertThat(put(client, b, 1_000, 1, 1_024)).isEqualTo(1);
        assertThat(limiter.usage()).containsOnlyKeys(partition(a), partition(b));
    }

    @Test
    void aSizedItemCostsOneUnitPerStartedKilobyte() {
        PartitionLimiter limiter = limiter().writeUnitsPerSecond(10).build();
        DynamoDbClient client = client(limiter);
        KeyPath feed = feed();
        assertThat(put(client, feed, 0, 1, 3_584)).isZero();
        assertThat(limiter.usage(partition(feed)).writeUnits()).as("3.5 KB").isEqualTo(4);
        assertThat(put(client, feed, 1, 1, 3_584)).isZero();
        assertThat(put(client, feed, 2, 1, 3_584)).as("2 units left, 4 asked").isEqualTo(1);
        assertThat(put(client, feed, 3, 2, 1_024)).as("1 KB items still fit").isZero();
        assertThat(put(client, feed, 5, 1, 1_025)).as("1,025 bytes are 2 units, none left").isEqualTo(1);
        assertThat(limiter.usage(partition(feed))).isEqualTo(new PartitionUsage(0, 10, 0, 2));
    }

    @Test
    void reportedCapacityIsTakenOffTheResponseUnlessTheCallerAskedForIt() {
        PartitionLimiter limiter = limiter().build();
        DynamoDbClient client = client(limiter);
        KeyPath feed = feed();
        assertThat(client.putItem(r -> r.tableName(table.tableName()).item(RawItems.item(feed, 0, 2_000)))
                .consumedCapacity()).isNull();
        assertThat(client.putItem(r -> r.tableName(table.tableName()).item(RawItems.item(feed, 1, 2_000))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits())
                .isEqualTo(2.0);
        assertThat(limiter.usage(partition(feed)).writeUnits()).isEqualTo(4);
    }

    @Test
    void readsCostOneUnitPerStarted4KbAndHalfThatEventuallyConsistent() {
        PartitionLimiter limiter = limiter().readUnitsPerSecond(10).build();
        DynamoDbClient client = client(limiter);
        KeyPath feed = feed();
        put(client, feed, 0, 10, 1_000);
        Map<String, AttributeValue> key = RawItems.key(feed.then("event", 0));
        for (int i = 0; i < 10; i++) {
            client.getItem(r -> r.tableName(table.tableName()).key(key).consistentRead(true));
        }
        ProvisionedThroughputExceededException e = catchThrowableOfType(() -> client.getItem(r -> r
                .tableName(table.tableName()).key(key).consistentRead(true)), ProvisionedThroughputExceededException.class);
        assertThat(e.throttlingReasons()).extracting(ThrottlingReason::reason)
                .containsExactly("TableReadKeyRangeThroughputExceeded");

        clock.advance(Duration.ofSeconds(1));
        for (int i = 0; i < 20; i++) {
            client.getItem(r -> r.tableName(table.tableName()).key(key));
        }
        assertThatThrownBy(() -> client.getItem(r -> r.tableName(table.tableName()).key(key)))
                .isInstanceOf(ProvisionedThroughputExceededException.class);

        clock.advance(Duration.ofSeconds(1));
        int count = client.query(q -> q.tableName(table.tableName()).keyConditionExpression("#p = :p")
                .expressionAttributeNames(Map.of("#p", "pk")).expressionAttributeValues(Map.of(":p", key.get("pk")))
                .consistentRead(true)).count();
        assertThat(count).isEqualTo(10);
        assertThat(limiter.usage(partition(feed))).as("10 + 20 × 0.5 gets, and 10,000 bytes queried: 3 units")
                .isEqualTo(new PartitionUsage(23, 10, 2, 0));
    }

    @Test
    void aBatchWriteReturnsTheThrottledItemsUnprocessed() {
        PartitionLimiter limiter = limiter().writeUnitsPerSecond(30).build();
        DynamoDbClient client = client(limiter);
        KeyPath hot = feed();
        KeyPath cold = feed();
        List<WriteRequest> first = writes(hot, 0, 25);
        assertThat(batch(client, first).unprocessedItems()).isEmpty();

        List<WriteRequest> second = new ArrayList<>(writes(hot, 25, 20));
        second.addAll(writes(cold, 0, 5));
        BatchWriteItemResponse r = batch(client, second);
        assertThat(r.unprocessedItems().get(table.tableName())).as("hot has 5 units left: 15 of its 20 wait")
                .containsExactlyElementsOf(second.subList(5, 20));
        assertThat(stored(hot)).isEqualTo(30);
        assertThat(stored(cold)).isEqualTo(5);
        assertThat(limiter.usage(partition(hot))).isEqualTo(new PartitionUsage(0, 30, 0, 15));

        assertThatThrownBy(() -> batch(client, writes(hot, 100, 3)))
                .as("a batch none of whose items can be written fails as a whole")
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(stored(hot)).isEqualTo(30);
    }

    @Test
    void aBatchGetReturnsTheThrottledKeysUnprocessed() {
        PartitionLimiter limiter = limiter().readUnitsPerSecond(4).build();
        DynamoDbClient client = client(limiter);
        KeyPath feed = feed();
        put(client, feed, 0, 6, 500);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (long id = 0; id < 6; id++) {
            keys.add(RawItems.key(feed.then("event", id)));
        }
        BatchGetItemResponse r = client.batchGetItem(b -> b.requestItems(Map.of(table.tableName(),
                KeysAndAttributes.builder().keys(keys).consistentRead(true).build())));
        assertThat(r.responses().get(table.tableName())).hasSize(4);
        assertThat(r.unprocessedKeys().get(table.tableName()).keys()).containsExactlyElementsOf(keys.subList(4, 6));
        assertThat(r.unprocessedKeys().get(table.tableName()).consistentRead()).isTrue();
        assertThat(limiter.usage(partition(feed))).isEqualTo(new PartitionUsage(4, 6, 2, 0));
    }

    @Test
    void aTransactionIsAdmittedWholeOrCancelledWithThrottlingErrorOnItsHotItems() {
        PartitionLimiter limiter = limiter().writeUnitsPerSecond(5).build();
        DynamoDbClient client = client(limiter);
        KeyPath hot = feed();
        KeyPath cold = feed();
        client.transactWriteItems(t -> t.transactItems(txPut(hot, 0), txPut(hot, 1)));
        assertThat(limiter.usage(partition(hot)).writeUnits()).as("two 1-unit puts, doubled").isEqualTo(4);

        TransactionCanceledException e = catchThrowableOfType(() -> client.transactWriteItems(t -> t
                .transactItems(txPut(hot, 2), txPut(cold, 0))), TransactionCanceledException.class);
        assertThat(e.cancellationReasons()).as("hot has 1 unit left of 5, the put asks 2")
                .extracting(CancellationReason::code).containsExactly("ThrottlingError", "None");
        assertThat(e.isThrottlingException()).as("DynamoDB's cancellation is not retried by the SDK").isFalse();
        assertThat(stored(hot)).isEqualTo(2);
        assertThat(stored(cold)).as("nothing of a cancelled transaction is written").isZero();
        assertThat(limiter.usage(partition(cold))).isEqualTo(PartitionUsage.NONE);
        assertThat(limiter.usage(partition(hot))).isEqualTo(new PartitionUsage(0, 4, 0, 1));
    }

    @Test
    void burstCapacityKeepsUnusedUnitsUpToTheBurst() {
        PartitionLimiter limiter = limiter().writeUnitsPerSecond(10).burst(Duration.ofSeconds(5)).build();
        DynamoDbClient client = client(limiter);
        KeyPath feed = feed();
        assertThat(put(client, feed, 0, 1, 1_024)).isZero();
        clock.advance(Duration.ofSeconds(30));
        assertThat(put(client, feed, 1, 61, 1_024)).as("one second's 10 units plus 5 s of burst: 60").isEqualTo(1);
    }

    @Test
    void anAsyncClientSeesTheSameThrottle() {
        PartitionLimiter limiter = limiter().writeUnitsPerSecond(1).build();
        DynamoDbAsyncClient async = engine.asyncClientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(limiter)).build();
        clients.add(async);
        KeyPath feed = feed();
        async.putItem(r -> r.tableName(table.tableName()).item(RawItems.item(feed, 0, 100))).join();
        assertThatThrownBy(() -> async.putItem(r -> r.tableName(table.tableName())
                .item(RawItems.item(feed, 1, 100))).join()).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(stored(feed)).isEqualTo(1);
    }

    @Test
    void aKeyPathTableWritesAHotPartitionAtTheLimitThroughItsBatchRetries() {
        PartitionLimiter limiter = PartitionLimiter.builder().writeUnitsPerSecond(40).build();  // the system clock
        DynamoDbClient client = client(limiter);
        KeyPathTable limited = KeyPathTables.builder().client(client).tableName(table.tableName())
                .register(Event.class).build();
        UUID feed = UUID.randomUUID();
        List<Event> events = new ArrayList<>();
        for (long id = 0; id < 200; id++) {
            events.add(new Event(feed, id, "x".repeat(900)));
        }
        long start = System.nanoTime();
        limited.batchWrite(b -> b.putAll(events));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(stored(KeyPath.of("feed", feed))).isEqualTo(200);
        assertThat(limiter.throttledWrites()).as("the batches ran into the limit").isPositive();
        assertThat(limiter.usage(PartitionId.ofTable(table.tableName(), KeyPath.of("feed", feed).partitionKey()))
                .writeUnits()).isEqualTo(200);
        assertThat(seconds).as("200 units at 40 a second, the first 40 at once").isGreaterThanOrEqualTo(3.9);
    }

    @Test
    void theSdksRetriesAdmitEachAttemptAnew() {
        InstantSource ticking = new InstantSource() {  // 0.4 s pass whenever the limiter looks at the time
            private Instant now = Instant.parse("2030-01-01T00:00:00Z");

            @Override
            public synchronized Instant instant() {
                now = now.plusMillis(400);
                return now;
            }
        };
        PartitionLimiter limiter = PartitionLimiter.builder().clock(ticking).writeUnitsPerSecond(1).build();
        DynamoDbClient client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(limiter)
                .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(3).build())).build();
        clients.add(client);
        KeyPath feed = feed();
        put(client, feed, 0, 1, 100);
        assertThat(put(client, feed, 1, 1, 100)).as("0.4, then 0.8 units held; the third attempt finds 1.2").isZero();
        assertThat(limiter.usage(partition(feed))).isEqualTo(new PartitionUsage(0, 2, 0, 2));
        assertThat(stored(feed)).isEqualTo(2);
    }

    @Test
    void aBatchRefusedWholeGoesThroughOnALaterRetryOnceItsPartitionHasUnits() {
        PartitionLimiter limiter = PartitionLimiter.builder().clock(ticking()).writeUnitsPerSecond(1).build();
        DynamoDbClient client = retrying(limiter, 3);
        KeyPath feed = feed();
        put(client, feed, 0, 1, 100);
        BatchWriteItemResponse r = batch(client, writes(feed, 1, 1));
        assertThat(r.unprocessedItems()).as("0.4, then 0.8 units held; the third attempt finds 1.2").isEmpty();
        assertThat(stored(feed)).isEqualTo(2);
        assertThat(limiter.usage(partition(feed))).isEqualTo(new PartitionUsage(0, 2, 0, 2));
    }

    @Test
    void aBatchGetRefusedWholeGoesThroughOnALaterRetryOnceItsPartitionHasUnits() {
        PartitionLimiter limiter = PartitionLimiter.builder().clock(ticking()).readUnitsPerSecond(1).build();
        DynamoDbClient client = retrying(limiter, 3);
        KeyPath feed = feed();
        put(client(PartitionLimiter.builder().build()), feed, 0, 1, 100);
        Map<String, AttributeValue> key = RawItems.key(feed.then("event", 0));
        Runnable read = () -> assertThat(client.batchGetItem(b -> b.requestItems(Map.of(table.tableName(),
                KeysAndAttributes.builder().keys(key).consistentRead(true).build())))
                .responses().get(table.tableName())).hasSize(1);
        read.run();
        read.run();
        assertThat(limiter.usage(partition(feed))).as("the second batch was refused twice, then read")
                .isEqualTo(new PartitionUsage(2, 0, 2, 0));
    }

    /** A clock that moves 0.4 s whenever the limiter looks at the time. */
    private static InstantSource ticking() {
        return new InstantSource() {
            private Instant now = Instant.parse("2030-01-01T00:00:00Z");

            @Override
            public synchronized Instant instant() {
                now = now.plusMillis(400);
                return now;
            }
        };
    }

    /** A client through {@code limiter} whose SDK retries a throttled call up to {@code attempts} in all. */
    private DynamoDbClient retrying(PartitionLimiter limiter, int attempts) {
        DynamoDbClient c = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(limiter)
                .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(attempts).build()))
                .build();
        clients.add(c);
        return c;
    }

    @Test
    void aGlobalIndexQueryMetersTheIndexPartition() {
        String name = TestDynamoDb.uniqueTableName("indexed");
        DynamoDbClient admin = engine.client();
        admin.createTable(t -> t.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(binary("pk"), binary("sk"), binary("byTag_pk"), binary("byTag_sk"))
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .globalSecondaryIndexes(i -> i.indexName("byTag").projection(p -> p.projectionType(ProjectionType.ALL))
                        .keySchema(key("byTag_pk", KeyType.HASH), key("byTag_sk", KeyType.RANGE))));
        try {
            PartitionLimiter limiter = limiter().readUnitsPerSecond(2).build();
            DynamoDbClient client = client(limiter);
            KeyPath tag = KeyPath.of("tag", "hot");
            Map<String, AttributeValue> item = new HashMap<>(RawItems.key(feed().then("event", 1)));
            item.putAll(Map.of("byTag_pk", AttributeValue.fromB(SdkBytes.fromByteArray(tag.partitionKey())),
                    "byTag_sk", AttributeValue.fromB(SdkBytes.fromByteArray(tag.then("event", 1).sortKey()))));
            client.putItem(r -> r.tableName(name).item(item));
            for (int i = 0; i < 4; i++) {
                assertThat(queryTag(client, name, tag)).isEqualTo(1);
            }
            ProvisionedThroughputExceededException e = catchThrowableOfType(() -> queryTag(client, name, tag),
                    ProvisionedThroughputExceededException.class);
            assertThat(e.throttlingReasons()).extracting(ThrottlingReason::reason, ThrottlingReason::resource)
                    .containsExactly(tuple("IndexReadKeyRangeThroughputExceeded", "arn:aws:dynamodb:"
                            + engine.region().id() + ":000000000000:table/" + name + "/index/byTag"));
            PartitionId indexPartition = new PartitionId(name, "byTag", HexFormat.of().formatHex(tag.partitionKey()));
            assertThat(limiter.usage(indexPartition)).as("four eventually consistent queries of half a unit")
                    .isEqualTo(new PartitionUsage(2, 0, 1, 0));
        } finally {
            admin.deleteTable(t -> t.tableName(name));
        }
    }

    private static int queryTag(DynamoDbClient client, String tableName, KeyPath tag) {
        return client.query(q -> q.tableName(tableName).indexName("byTag").keyConditionExpression("#t = :t")
                .expressionAttributeNames(Map.of("#t", "byTag_pk"))
                .expressionAttributeValues(Map.of(":t", AttributeValue.fromB(SdkBytes.fromByteArray(tag.partitionKey())))))
                .count();
    }

    private static AttributeDefinition binary(String attribute) {
        return AttributeDefinition.builder().attributeName(attribute).attributeType(ScalarAttributeType.B).build();
    }

    private static KeySchemaElement key(String attribute, KeyType type) {
        return KeySchemaElement.builder().attributeName(attribute).keyType(type).build();
    }

    private static List<WriteRequest> writes(KeyPath feed, long first, int count) {
        List<WriteRequest> writes = new ArrayList<>();
        for (long id = first; id < first + count; id++) {
            writes.add(WriteRequest.builder().putRequest(PutRequest.builder()
                    .item(RawItems.item(feed, id, 1_000)).build()).build());
        }
        return writes;
    }

    private static BatchWriteItemResponse batch(DynamoDbClient client, List<WriteRequest> writes) {
        return client.batchWriteItem(b -> b.requestItems(Map.of(table.tableName(), writes)));
    }

    private static TransactWriteItem txPut(KeyPath feed, long id) {
        return TransactWriteItem.builder().put(p -> p.tableName(table.tableName())
                .item(RawItems.item(feed, id, 1_000))).build();
    }
}
