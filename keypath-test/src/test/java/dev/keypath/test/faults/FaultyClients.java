package dev.keypath.test.faults;

import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * SDK clients of the test engine through a {@link FaultProxy}, with the SDK's standard retries as an application
 * would keep them, only with short waits (so that injected faults cost milliseconds) and no retry quota (so that a
 * long run of faults keeps being retried).
 */
public final class FaultyClients {
    private FaultyClients() {
    }

    /** The SDK's standard retry strategy with {@code maxAttempts}, waits of 5–100 ms and no circuit breaker. */
    public static RetryStrategy quickRetries(int maxAttempts) {
        return AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(maxAttempts)
                .backoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(5), Duration.ofMillis(100)))
                .throttlingBackoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(10),
                        Duration.ofMillis(100)))
                .circuitBreakerEnabled(false).build();
    }

    /** A client through {@code proxy} whose attempts time out after {@code attemptTimeout}. */
    public static DynamoDbClient sync(FaultProxy proxy, int maxAttempts, Duration attemptTimeout) {
        return TestDynamoDb.get().clientBuilder().endpointOverride(proxy.endpoint())
                .overrideConfiguration(o -> o.retryStrategy(quickRetries(maxAttempts))
                        .apiCallAttemptTimeout(attemptTimeout).apiCallTimeout(Duration.ofSeconds(60))).build();
    }

    /** The asynchronous (Netty) client of {@link #sync}. */
    public static DynamoDbAsyncClient async(FaultProxy proxy, int maxAttempts, Duration attemptTimeout) {
        return TestDynamoDb.get().asyncClientBuilder().endpointOverride(proxy.endpoint())
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().maxConcurrency(64))
                .overrideConfiguration(o -> o.retryStrategy(quickRetries(maxAttempts))
                        .apiCallAttemptTimeout(attemptTimeout).apiCallTimeout(Duration.ofSeconds(60))).build();
    }
}
