package dev.keypath.test.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * The fault proxy against the real engine, through a client that does not retry: each fault reaches the client as
 * it should, and the engine applied the request exactly when the fault forwards it; the plan is seeded.
 */
@KeyPathDynamoDb
class FaultProxyTest {
    @Injected
    private static TestDynamoDb engine;
    @Injected
    private static DynamoDbClient plain;
    private static String table;
    private static FaultProxy proxy;
    private static DynamoDbClient client;
    private static DynamoDbClient impatient;

    @BeforeAll
    static void start() {
        table = TestDynamoDb.uniqueTableName("proxy");
        plain.createTable(t -> t.tableName(table).billingMode("PAY_PER_REQUEST")
                .keySchema(k -> k.attributeName("id").keyType("HASH"))
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S")));
        proxy = FaultProxy.start(engine.endpoint(), FaultPlan.NONE);
        client = engine.clientBuilder().endpointOverride(proxy.endpoint()).overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry())).build();
        impatient = engine.clientBuilder().endpointOverride(proxy.endpoint()).overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).apiCallAttemptTimeout(Duration.ofSeconds(1))).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        impatient.close();
        proxy.close();
        plain.deleteTable(t -> t.tableName(table));
    }

    private static String put(DynamoDbClient c, String payload) {
        String id = UUID.randomUUID().toString();
        c.putItem(p -> p.tableName(table).item(Map.of("id", AttributeValue.fromS(id), "v",
                AttributeValue.fromS(payload))));
        return id;
    }

    private static boolean stored(String id) {
        return plain.getItem(g -> g.tableName(table).consistentRead(true)
                .key(Map.of("id", AttributeValue.fromS(id)))).hasItem();
    }

    private static String putThroughProxy(Fault fault, String[] id) {
        proxy.use(FaultPlan.builder().script(fault).delay(Duration.ofSeconds(3)).operations("PutItem").build());
        id[0] = UUID.randomUUID().toString();
        (fault == Fault.DELAYED_ANSWER ? impatient : client).putItem(p -> p.tableName(table)
                .item(Map.of("id", AttributeValue.fromS(id[0]))));
        return id[0];
    }

    @Test
    void listensOnLoopbackOnly() {
        assertThat(proxy.endpoint().getHost()).isEqualTo("127.0.0.1");
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void eachFaultReachesTheClientAndTheEngineAppliesExactlyTheForwardedRequests(Fault fault) {
        String[] id = new String[1];
        long before = proxy.counts().of(fault);
        Throwable e = catchThrowable(() -> putThroughProxy(fault, id));
        switch (fault) {
            case PASS -> assertThat(e).isNull();
            case LOST_ANSWER, DROPPED_REQUEST -> assertThat(e).isInstanceOf(SdkClientException.class);
            case ERROR_AFTER_APPLY, ERROR -> assertThat(e).isInstanceOf(DynamoDbException.class)
                    .satisfies(x -> assertThat(((DynamoDbException) x).statusCode()).isEqualTo(500));
            case THROTTLE -> assertThat(e).isInstanceOf(ProvisionedThroughputExceededException.class);
            case DELAYED_ANSWER -> assertThat(e).isInstanceOf(ApiCallAttemptTimeoutException.class);
        }
        assertThat(stored(id[0])).as("applied by the engine").isEqualTo(fault.forwarded());
        assertThat(proxy.counts().of(fault)).isEqualTo(before + 1);
    }

    @Test
    void requestsOfOtherOperationsPassWithoutTakingAFault() {
        proxy.use(FaultPlan.builder().script(Fault.THROTTLE).operations("DeleteItem").build());
        String id = put(client, "x");
        assertThat(stored(id)).isTrue();
        assertThatThrownBy(() -> client.deleteItem(d -> d.tableName(table).key(Map.of("id", AttributeValue.fromS(id)))))
                .isInstanceOf(ProvisionedThroughputExceededException.class);
        assertThat(stored(id)).isTrue();
    }

    @Test
    void aSlowNetworkDeliversTheAnswerAtItsRate() {
        String big = "x".repeat(100_000);
        String id = put(plain, big);
        proxy.use(FaultPlan.builder().bytesPerSecond(200_000).latency(Duration.ofMillis(100)).build());
        try (DynamoDbClient patient = engine.clientBuilder().endpointOverride(proxy.endpoint()).build()) {
            long start = System.nanoTime();
            Map<String, AttributeValue> item = patient.getItem(g -> g.tableName(table)
                    .key(Map.of("id", AttributeValue.fromS(id)))).item();
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(item.get("v").s()).isEqualTo(big);
            assertThat(millis).as("100 kB at 200 kB/s, plus 100 ms").isGreaterThanOrEqualTo(500);
        } finally {
            proxy.use(FaultPlan.NONE);
        }
    }

    @Test
    void theSameSeedDealsTheSameFaultsAndTheProbabilitiesHold() {
        FaultPlan plan = FaultPlan.builder().seed(7).probability(Fault.LOST_ANSWER, 0.2)
                .probability(Fault.THROTTLE, 0.1).probability(Fault.ERROR, 0.05).script(Fault.DROPPED_REQUEST).build();
        List<Fault> first = deal(plan, 20_000);
        assertThat(deal(plan, 20_000)).isEqualTo(first);
        assertThat(first.get(0)).isEqualTo(Fault.DROPPED_REQUEST);
        assertThat(deal(FaultPlan.builder().seed(8).probability(Fault.LOST_ANSWER, 0.2).build(), 100))
                .isNotEqualTo(deal(FaultPlan.builder().seed(7).probability(Fault.LOST_ANSWER, 0.2).build(), 100));
        Map<Fault, Integer> seen = new EnumMap<>(Fault.class);
        first.forEach(f -> seen.merge(f, 1, Integer::sum));
        assertThat(seen.get(Fault.LOST_ANSWER) / 20_000.0).isBetween(0.18, 0.22);
        assertThat(seen.get(Fault.THROTTLE) / 20_000.0).isBetween(0.085, 0.115);
        assertThat(seen.get(Fault.ERROR) / 20_000.0).isBetween(0.04, 0.06);
        assertThat(seen.get(Fault.PASS) / 20_000.0).isBetween(0.62, 0.68);
    }

    private static List<Fault> deal(FaultPlan plan, int n) {
        FaultPlan.Dealer dealer = plan.dealer();
        List<Fault> faults = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            faults.add(dealer.next("PutItem"));
        }
        return faults;
    }

    @Test
    void aPlanRefusesImpossibleSettings() {
        assertThatThrownBy(() -> FaultPlan.builder().probability(Fault.LOST_ANSWER, 0.7)
                .probability(Fault.THROTTLE, 0.4).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than 1");
        assertThatThrownBy(() -> FaultPlan.builder().probability(Fault.PASS, 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PASS");
        assertThatThrownBy(() -> FaultPlan.builder().probability(Fault.ERROR, 1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> FaultPlan.builder().delay(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
    }
}
