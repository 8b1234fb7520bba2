package dev.keypath.migrate;

import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.faults.FaultProxy;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * SDK clients of the test engine through a {@link FaultProxy}, with the SDK's standard retries as an application
 * keeps them, only with short waits (so that injected faults cost milliseconds), no circuit breaker, and attempts
 * that time out after a second. Every attempt either sends is counted by its API ({@link #attempts}), so that a
 * history's summary shows where its requests go.
 */
final class ProxiedClients {
    private static final Map<String, LongAdder> ATTEMPTS = new ConcurrentHashMap<>();

    /** Counts each attempt by its API (an SDK retry is an attempt of its own). */
    private static final ExecutionInterceptor COUNTING = new ExecutionInterceptor() {
        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            ATTEMPTS.computeIfAbsent(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME),
                    k -> new LongAdder()).increment();
        }
    };

    private ProxiedClients() {
    }

    /** The attempts sent through the proxied clients so far, by API. */
    static Map<String, Long> attempts() {
        Map<String, Long> counts = new TreeMap<>();
        ATTEMPTS.forEach((api, n) -> counts.put(api, n.sum()));
        return counts;
    }

    /** The attempts sent since {@code before}, an earlier {@link #attempts()}, by API. */
    static Map<String, Long> attemptsSince(Map<String, Long> before) {
        Map<String, Long> counts = attempts();
        counts.replaceAll((api, n) -> n - before.getOrDefault(api, 0L));
        return counts;
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
                        .apiCallTimeout(Duration.ofSeconds(60)).addExecutionInterceptor(COUNTING)).build();
    }

    static DynamoDbAsyncClient async(FaultProxy proxy) {
        return TestDynamoDb.get().asyncClientBuilder().endpointOverride(proxy.endpoint())
                .overrideConfiguration(o -> o.retryStrategy(retries()).apiCallAttemptTimeout(Duration.ofSeconds(1))
                        .apiCallTimeout(Duration.ofSeconds(60)).addExecutionInterceptor(COUNTING)).build();
    }
}
