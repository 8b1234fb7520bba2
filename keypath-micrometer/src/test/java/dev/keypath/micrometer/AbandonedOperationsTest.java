package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.micrometer.Blog.User;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

/**
 * A client that fails with an {@link Error} rather than an SDK exception (a class missing at run time, memory
 * exhausted) bypasses the operation's failure callbacks: the drivers give the operation up, and both its
 * observation and the observation of the request that was out still end, with that error.
 */
class AbandonedOperationsTest {
    private static final KeyPath PATH = KeyPath.of("user", UUID.randomUUID());

    private static final class Broken extends Error {
        Broken() {
            super("the HTTP client is broken");
        }
    }

    @Test
    void aSyncGetWhoseClientThrowsAnErrorEndsItsObservations() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        OpenObservations open = new OpenObservations();
        registry.observationConfig().observationHandler(open);
        DynamoDbClient broken = new DynamoDbClient() {
            @Override
            public GetItemResponse getItem(GetItemRequest request) {
                throw new Broken();
            }

            @Override
            public String serviceName() {
                return SERVICE_NAME;
            }

            @Override
            public void close() {
            }
        };
        KeyPathTable table = KeyPathTables.builder().client(broken).tableName("canned").register(Blog.TYPES)
                .operationObserver(KeyPathObservations.builder(registry).requestObservations(true).build()).build();
        assertThatThrownBy(() -> table.get(User.class, PATH)).isInstanceOf(Broken.class);
        assertThat(open.started()).isEqualTo(2);
        assertThat(open.open()).as("observations left open").isZero();
        assertThat(registry).hasObservationWithNameEqualTo(KeyPathObservations.REQUEST).that()
                .hasLowCardinalityKeyValue("error.type", Broken.class.getName());
        assertThat(registry).hasObservationWithNameEqualTo(KeyPathObservations.OPERATION).that()
                .hasLowCardinalityKeyValue("error.type", Broken.class.getName());
    }

    @Test
    void anAsyncGetWhoseFutureFailsWithAnErrorEndsItsObservations() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        OpenObservations open = new OpenObservations();
        registry.observationConfig().observationHandler(open);
        DynamoDbAsyncClient broken = new DynamoDbAsyncClient() {
            @Override
            public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
                return CompletableFuture.failedFuture(new Broken());
            }

            @Override
            public String serviceName() {
                return SERVICE_NAME;
            }

            @Override
            public void close() {
            }
        };
        KeyPathAsyncTable table = KeyPathTables.asyncBuilder().client(broken).tableName("canned")
                .register(Blog.TYPES).operationObserver(KeyPathObservations.builder(registry).requestObservations(true).build()).build();
        assertThatThrownBy(() -> table.get(User.class, PATH).join()).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(Broken.class);
        assertThat(open.started()).isEqualTo(2);
        assertThat(open.open()).as("observations left open").isZero();
        assertThat(registry).hasObservationWithNameEqualTo(KeyPathObservations.OPERATION).that()
                .hasLowCardinalityKeyValue("error.type", Broken.class.getName());
    }
}
