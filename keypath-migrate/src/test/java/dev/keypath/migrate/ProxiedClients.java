package dev.keypath.migrate;

import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.faults.FaultProxy;
import java.time.Duration;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * SDK clients of the test engine through a {@link FaultProxy}, with the SDK's standard retries as an application
 * keeps them, only with short waits (so that injected faults cost milliseconds), no circuit breaker, and attempts
 * that time out after a second.
 */
final class ProxiedClients {
    private ProxiedClients() {
    }

    private static RetryStrategy retries() {
        return AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(10)
                .backoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(5), Duration.ofMillis(100)))
                .throttlingBackoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(10),
                        Duration.ofMillis(100)))
                .circuitBreakerEnabled(false).build();
    }

    static DynamoDbClient sync(FaultProxy proxy) {
        return TestDynamoDb.get().clientBuilder().endpointOverride(proxy.endpoint())
                .overrideConfiguration(o -> o.retryStrategy(retries()).apiCallAttemptTimeout(Duration.ofSeconds(1))
                        .apiCallTimeout(Duration.ofSeconds(60))).build();
    }

    static DynamoDbAsyncClient async(FaultProxy proxy) {
        return TestDynamoDb.get().asyncClientBuilder().endpointOverride(proxy.endpoint())
                .overrideConfiguration(o -> o.retryStrategy(retries()).apiCallAttemptTimeout(Duration.ofSeconds(1))
                        .apiCallTimeout(Duration.ofSeconds(60))).build();
    }
}
