package dev.keypath.benchmarks;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.micrometer.KeyPathObservations;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The four tables of the observation overhead benchmarks, over one canned client: {@link #plain} without an
 * observer (the baseline), {@link #noop} with the Micrometer observer on {@code ObservationRegistry.NOOP} and no
 * meters, {@link #meters} with the meters alone ({@code KeyPathObservations.meters}) on a
 * {@code SimpleMeterRegistry}: the operation timer and the capacity counters, and {@link #observed} with one
 * observation per operation on a registry whose handler times observations into a {@code SimpleMeterRegistry},
 * which also takes the capacity counters.
 */
final class ObservedTables {
    final KeyPathTable plain;
    final KeyPathTable noop;
    final KeyPathTable meters;
    final KeyPathTable observed;

    ObservedTables(DynamoDbClient client) {
        plain = table(client).build();
        noop = table(client).operationObserver(observer("noopRegistry")).build();
        meters = table(client).operationObserver(observer("meters")).build();
        observed = table(client).operationObserver(observer("observed")).build();
    }

    /**
     * The observer of a benchmark's mode: none ({@code none}), the Micrometer observer on
     * {@code ObservationRegistry.NOOP} ({@code noopRegistry}), the meters alone on a {@code SimpleMeterRegistry}
     * ({@code meters}), the same with the long-task timer of operations in flight, as Spring Boot's meters mode keeps
     * it ({@code metersActive}), or one observation per operation timed by Micrometer's handler ({@code observed}).
     */
    static OperationObserver observer(String mode) {
        return switch (mode) {
            case "none" -> null;
            case "noopRegistry" -> KeyPathObservations.observer(ObservationRegistry.NOOP);
            case "meters" -> KeyPathObservations.meters(new SimpleMeterRegistry());
            case "metersActive" -> KeyPathObservations.builder(ObservationRegistry.NOOP)
                    .meterRegistry(new SimpleMeterRegistry()).longTaskTimer(true).build();
            case "observed" -> {
                SimpleMeterRegistry registry = new SimpleMeterRegistry();
                yield KeyPathObservations.observer(timedRegistry(registry), registry);
            }
            default -> throw new IllegalArgumentException("no observer mode " + mode);
        };
    }

    /** An observer of one observation per operation, timed by Micrometer's handler into a simple registry. */
    static ObservationRegistry timedRegistry(SimpleMeterRegistry meters) {
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        return registry;
    }

    private static KeyPathTable.Builder table(DynamoDbClient client) {
        return KeyPathTables.builder().client(client).tableName(MapperFixture.TABLE).register(SocialPost.class)
                .pageTokenSecret("benchmark-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8));
    }
}
