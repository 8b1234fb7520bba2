package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.annotation.Order;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@link KeyPathDynamoDbClientCustomizer} beans shape the client keypath builds, whichever way it connects: an
 * interceptor added by one sees every call of the table, the customizers run in order, each adding to what the
 * others set, and the endpoint, region and credentials are already set when they run.
 */
class ClientCustomizerTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.create-table-if-missing=true");

    /** Counts the calls it sees. */
    static final class Counter implements ExecutionInterceptor {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            calls.incrementAndGet();
        }
    }

    @Test
    void anInterceptorAddedByACustomizerSeesTheTablesCallsOnTheConfiguredEndpoint() {
        Counter counter = new Counter();
        List<String> order = new ArrayList<>();
        runner.withPropertyValues("keypath.dynamodb.endpoint=" + TestDynamoDb.get().endpoint(),
                        "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("customized"))
                .withBean("second", KeyPathDynamoDbClientCustomizer.class, () -> new Second(order))
                .withBean("first", KeyPathDynamoDbClientCustomizer.class, () -> new First(order, counter))
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(order).containsExactly("first", "second");
                    int atStartup = counter.calls.get();
                    assertThat(atStartup).as("the table's bootstrap went through it").isPositive();
                    KeyPathTable table = ctx.getBean(KeyPathTable.class);
                    table.get(dev.keypath.spring.sample.User.class, KeyPath.of("user", java.util.UUID.randomUUID()));
                    assertThat(counter.calls.get()).isEqualTo(atStartup + 1);
                    DynamoDbClient client = ctx.getBean(DynamoDbClient.class);
                    assertThat(client.serviceClientConfiguration().endpointOverride())
                            .contains(TestDynamoDb.get().endpoint());
                    assertThat(client.serviceClientConfiguration().overrideConfiguration().apiCallTimeout())
                            .contains(Duration.ofSeconds(7));
                });
    }

    @Test
    void theEmbeddedEnginesClientIsCustomizedToo() {
        Counter counter = new Counter();
        runner.withPropertyValues("keypath.dynamodb.embedded=true", "keypath.dynamodb.table-name=customized")
                .withBean(KeyPathDynamoDbClientCustomizer.class, () -> builder -> builder.overrideConfiguration(
                        builder.overrideConfiguration().copy(o -> o.addExecutionInterceptor(counter))))
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(counter.calls.get()).isPositive();
                    assertThat(ctx.getBean(DynamoDbClient.class).serviceClientConfiguration().overrideConfiguration()
                            .apiCallTimeout()).as("the engine's own setting is kept").contains(Duration.ofSeconds(30));
                });
    }

    @Order(1)
    record First(List<String> order, Counter counter) implements KeyPathDynamoDbClientCustomizer {
        @Override
        public void customize(software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder builder) {
            order.add("first");
            builder.overrideConfiguration(builder.overrideConfiguration().copy(o -> o.addExecutionInterceptor(counter)));
        }
    }

    @Order(2)
    record Second(List<String> order) implements KeyPathDynamoDbClientCustomizer {
        @Override
        public void customize(software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder builder) {
            order.add("second");
            builder.overrideConfiguration(builder.overrideConfiguration().copy(o -> o.apiCallTimeout(
                    Duration.ofSeconds(7))));
        }
    }
}
