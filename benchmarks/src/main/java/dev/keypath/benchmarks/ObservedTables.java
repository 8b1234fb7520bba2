package dev.keypath.benchmarks;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.micrometer.KeyPathObservations;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * The three tables of the observation overhead benchmarks, over one canned client: {@link #plain} without an
 * observer (the baseline), {@link #noop} with the Micrometer observer on {@code ObservationRegistry.NOOP} and no
 * meters, {@link #simple} with the observer on a registry whose handler times observations into a
 * {@code SimpleMeterRegistry}, which also takes the capacity counters.
 */
final class ObservedTables {
    /** What each canned response reports, as DynamoDB does with {@code ReturnConsumedCapacity=INDEXES}. */
    static final ConsumedCapacity CAPACITY = ConsumedCapacity.builder().tableName(MapperFixture.TABLE)
            .capacityUnits(1.0).table(c -> c.capacityUnits(1.0)).build();

    final KeyPathTable plain;
    final KeyPathTable noop;
    final KeyPathTable simple;
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    ObservedTables(DynamoDbClient client) {
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        plain = table(client).build();
        noop = table(client).operationObserver(KeyPathObservations.observer(ObservationRegistry.NOOP)).build();
        simple = table(client).operationObserver(KeyPathObservations.observer(registry, meters)).build();
    }

    private static KeyPathTable.Builder table(DynamoDbClient client) {
        return KeyPathTables.builder().client(client).tableName(MapperFixture.TABLE).register(SocialPost.class)
                .pageTokenSecret("benchmark-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8));
    }
}
