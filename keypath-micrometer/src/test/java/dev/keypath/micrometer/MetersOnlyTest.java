package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.micrometer.Blog.Post;
import dev.keypath.micrometer.Blog.User;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import org.junit.jupiter.api.Test;

/**
 * Meters without observations ({@link KeyPathObservations#meters}): each operation is timed under the same name,
 * keys and values as Micrometer's own meter handler gives the timer of its observation, so that dashboards do not
 * change when tracing is turned on or off; and the counters are the same either way.
 */
class MetersOnlyTest {
    private static final KeyPath USER = KeyPath.of("user", UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a"));

    private static KeyPathTable table(OperationObserver observer) {
        return KeyPathTables.builder().client(CannedClients.sync()).tableName("canned").register(Blog.TYPES)
                .operationObserver(observer).build();
    }

    /** A get, a put and a put whose condition fails. */
    private static void run(KeyPathTable table) {
        table.get(User.class, USER);
        Post post = new Post(USER.id(0).asUuid(), 7, "title", "news");
        table.put(post);
        assertThatThrownBy(() -> table.put(PutItem.of(post, p -> p.mode(PutMode.CREATE_ONLY))))
                .isInstanceOf(ConditionFailedException.class);
    }

    @Test
    void theMetersAloneTimeEachOperationAsTheObservationHandlerWould() {
        SimpleMeterRegistry alone = new SimpleMeterRegistry();
        run(table(KeyPathObservations.meters(alone)));

        SimpleMeterRegistry handled = new SimpleMeterRegistry();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(handled));
        run(table(KeyPathObservations.observer(observations, handled)));

        assertThat(timers(alone)).as("timers of the meters alone")
                .isEqualTo(timers(handled))
                .contains("keypath.operation{aws.dynamodb.table_names=canned, db.collection.name=canned, "
                        + "db.operation.name=get, db.system.name=aws.dynamodb, error=none, "
                        + "keypath.access_pattern=User.get, keypath.item_type=User, keypath.outcome=success} x1")
                .anyMatch(t -> t.contains("error=ConditionFailedException") && t.contains("outcome=condition_failed"));
        assertThat(counters(alone)).isEqualTo(counters(handled)).isNotEmpty();
    }

    @Test
    void withTheLongTaskTimerTheMetersAloneAreEveryMeterTheHandlerMakes() {
        SimpleMeterRegistry alone = new SimpleMeterRegistry();
        run(table(KeyPathObservations.builder(ObservationRegistry.NOOP).meterRegistry(alone).longTaskTimer(true)
                .build()));

        SimpleMeterRegistry handled = new SimpleMeterRegistry();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(handled));
        run(table(KeyPathObservations.observer(observations, handled)));

        assertThat(meters(alone)).as("every meter of the meters alone").isEqualTo(meters(handled))
                .contains("keypath.operation.active{aws.dynamodb.table_names=canned, db.collection.name=canned, "
                        + "db.operation.name=get, db.system.name=aws.dynamodb, "
                        + "keypath.access_pattern=User.get, keypath.item_type=User, keypath.outcome=unknown}");
        assertThat(alone.find(KeyPathObservations.OPERATION + ".active").longTaskTimers()).hasSize(2) // get, put
                .allMatch(t -> t.activeTasks() == 0);
        // without it (the default), the long-task timer is the one meter the handler makes that the meters do not
        SimpleMeterRegistry plain = new SimpleMeterRegistry();
        run(table(KeyPathObservations.meters(plain)));
        assertThat(meters(plain)).isEqualTo(meters(handled).stream().filter(m -> !m.contains(".active{"))
                .collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void theLongTaskTimerCountsAnOperationWhileItRuns() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        List<Integer> activeDuringGet = new java.util.concurrent.CopyOnWriteArrayList<>();
        DynamoDbClient canned = CannedClients.sync();
        DynamoDbClient watching = new DynamoDbClient() {
            @Override
            public GetItemResponse getItem(GetItemRequest request) {
                activeDuringGet.add(meters.get(KeyPathObservations.OPERATION + ".active").longTaskTimer()
                        .activeTasks());
                return canned.getItem(request);
            }

            @Override
            public String serviceName() {
                return SERVICE_NAME;
            }

            @Override
            public void close() {
            }
        };
        KeyPathTable table = KeyPathTables.builder().client(watching).tableName("canned").register(Blog.TYPES)
                .operationObserver(KeyPathObservations.builder(ObservationRegistry.NOOP).meterRegistry(meters)
                        .longTaskTimer(true).build())
                .build();
        table.get(User.class, USER);
        assertThat(activeDuringGet).containsExactly(1);
        assertThat(meters.get(KeyPathObservations.OPERATION + ".active").longTaskTimer().activeTasks()).isZero();
    }

    @Test
    void anObservationRegistryWithoutHandlersLeavesTheTimingToTheMeters() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        run(table(KeyPathObservations.observer(ObservationRegistry.create(), meters)));
        assertThat(meters.find(KeyPathObservations.OPERATION).timers()).hasSize(3)
                .allMatch(t -> t.count() == 1 && t.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS) > 0);
    }

    /** Each timer of {@link KeyPathObservations#OPERATION} as {@code name{sorted tags} xcount}. */
    private static Set<String> timers(MeterRegistry registry) {
        return registry.find(KeyPathObservations.OPERATION).timers().stream()
                .map(t -> describe(t) + " x" + t.count()).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Each meter as {@code name{sorted tags}}. */
    private static Set<String> meters(MeterRegistry registry) {
        return registry.getMeters().stream().map(MetersOnlyTest::describe)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Each counter as {@code name{sorted tags}=count}. */
    private static Set<String> counters(MeterRegistry registry) {
        return registry.getMeters().stream().filter(m -> m.getId().getType() == Meter.Type.COUNTER)
                .map(m -> describe(m) + "=" + registry.get(m.getId().getName()).tags(m.getId().getTags()).counter()
                        .count())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String describe(Meter meter) {
        List<Tag> tags = meter.getId().getTags();
        return meter.getId().getName() + tags.stream().map(t -> t.getKey() + "=" + t.getValue())
                .sorted().collect(Collectors.joining(", ", "{", "}"));
    }
}
