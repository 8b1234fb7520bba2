package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * The fault injector itself: an injected throttle gives its connection back, so a long run of them (more than the
 * client's pool holds) leaves the client able to call the engine at once.
 */
class FaultInjectorTest {
    @Test
    void aRunOfThrottlesLongerThanTheConnectionPoolLeavesTheClientUsable() {
        FaultInjector faults = new FaultInjector();
        try (DynamoDbClient client = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults)
                .apiCallTimeout(Duration.ofSeconds(5))).build()) {
            faults.throttleNext(120); // the SDK's HTTP client pools 50 connections
            for (int i = 0; i < 120; i++) {
                assertThatThrownBy(client::listTables).isInstanceOf(ProvisionedThroughputExceededException.class);
            }
            assertThat(faults.injectedThrottles()).isEqualTo(120);
            assertThat(client.listTables().tableNames()).isNotNull();
        }
    }
}
