package dev.keypath.spring.autoconfigure;

import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Callback to adjust the {@link DynamoDbClientBuilder} keypath's auto-configuration builds its
 * {@link software.amazon.awssdk.services.dynamodb.DynamoDbClient} with — from the {@code keypath.dynamodb.*}
 * properties, a {@code KeyPathDynamoConnectionDetails} bean or the embedded engine — after endpoint, region and
 * credentials are set: add an SDK {@code ExecutionInterceptor} (tracing, metrics, fault injection in tests), change
 * retries or timeouts, choose the HTTP client. Implementations are beans; they are called once each, in
 * {@link org.springframework.core.Ordered} order, on the startup thread. A {@code DynamoDbClient} bean of the
 * application's own replaces the auto-configured client, and these callbacks with it.
 *
 * <p>The SDK's {@code builder.overrideConfiguration(o -> …)} starts from an empty configuration and so drops what
 * was set before (the embedded engine's call timeout, another customizer's interceptor); add to it instead with
 * {@code copy}:
 * <pre>{@code
 * @Bean
 * KeyPathDynamoDbClientCustomizer tracing(ExecutionInterceptor tracingInterceptor) {
 *     return builder -> builder.overrideConfiguration(builder.overrideConfiguration().copy(o -> o
 *             .addExecutionInterceptor(tracingInterceptor).apiCallTimeout(Duration.ofSeconds(5))));
 * }
 * }</pre>
 */
@FunctionalInterface
public interface KeyPathDynamoDbClientCustomizer {
    /** Adjusts {@code builder}. */
    void customize(DynamoDbClientBuilder builder);
}
