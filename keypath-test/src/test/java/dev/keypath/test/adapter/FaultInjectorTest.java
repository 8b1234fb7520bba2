package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * The fault injector itself: an injected throttle gives its connection back, so a long run of them (more than the
 * client's pool holds) leaves the client able to call the engine at once; and the throttle is what the caller sees
 * whatever error header the engine put on its own answer to the spoiled request.
 */
class FaultInjectorTest {
    /**
     * An engine that names its error in the {@code x-amzn-ErrorType} header, as LocalStack does (an unknown operation
     * is its {@code InternalError}); the SDK reads that header before the body. Response hooks run in reverse order of
     * registration, so registered after the fault injector this one acts first, as the engine's answer would.
     */
    static final class ErrorTypeHeader implements ExecutionInterceptor {
        @Override
        public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
            SdkHttpResponse response = context.httpResponse();
            return response.isSuccessful() ? response
                    : response.toBuilder().putHeader("x-amzn-ErrorType", "InternalError:http://internal/").build();
        }
    }

    @Test
    void anInjectedThrottleIsAThrottleWhateverErrorHeaderTheEngineSent() {
        FaultInjector faults = new FaultInjector();
        try (DynamoDbClient client = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults)
                .addExecutionInterceptor(new ErrorTypeHeader())).build();
             DynamoDbAsyncClient async = TestDynamoDb.get().asyncClientBuilder().overrideConfiguration(o -> o
                .retryStrategy(AwsRetryStrategy.doNotRetry()).addExecutionInterceptor(faults)
                .addExecutionInterceptor(new ErrorTypeHeader())).build()) {
            faults.throttleNext(2);
            assertThatThrownBy(client::listTables).isInstanceOf(ProvisionedThroughputExceededException.class);
            assertThatThrownBy(() -> async.listTables().join())
                    .hasCauseInstanceOf(ProvisionedThroughputExceededException.class);
            assertThat(client.listTables().tableNames()).isNotNull();
        }
    }

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
