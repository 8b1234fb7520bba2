package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.micrometer.Blog.Post;
import dev.keypath.micrometer.Blog.User;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * Many operations on canned responses (no engine; {@link CannedClients}): a million leave no observation open and
 * no chain of parents growing; ten thousand on random key paths make a number of meters bounded
 * by access patterns × operations × outcomes, never one per key.
 */
class ObservationLoadTest {
    private static final int MILLION = 1_000_000;

    private static ObservationRegistry registry(OpenObservations open, SimpleMeterRegistry meters) {
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(open);
        if (meters != null) {
            registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        }
        return registry;
    }

    @Test
    void aMillionOperationsLeaveNothingOpenAndNoParentsPilingUp() {
        OpenObservations open = new OpenObservations();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry registry = registry(open, null); // no timers: the run is about observations
        OperationObserver observer = KeyPathObservations.builder(registry).meterRegistry(meters)
                .requestObservations(true).build();
        KeyPathTable table = KeyPathTables.builder().client(CannedClients.sync()).tableName("canned")
                .register(Blog.TYPES).operationObserver(observer).build();
        KeyPathAsyncTable async = KeyPathTables.asyncBuilder().client(CannedClients.async()).tableName("canned")
                .register(Blog.TYPES).operationObserver(observer).build();
        KeyPath path = KeyPath.of("user", UUID.randomUUID());
        long started = System.nanoTime();
        for (int i = 0; i < MILLION / 2; i++) {
            table.get(User.class, path);
            async.get(User.class, path).join();
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertThat(open.started()).as("an operation and a request each").isEqualTo(2L * MILLION);
        assertThat(open.open()).isZero();
        assertThat(open.deepestParents()).as("a request's parent is its operation, which has none").isEqualTo(1);
        assertThat(registry.getCurrentObservation()).isNull();
        System.out.printf("%,d operations observed in %,d ms%n", MILLION, millis);
        assertThat(meters.getMeters()).as("the capacity counters of User.get").hasSize(1);
    }

    @Test
    void tenThousandOperationsOnRandomKeyPathsMakeABoundedNumberOfMeters() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        OpenObservations open = new OpenObservations();
        ObservationRegistry registry = registry(open, meters);
        OperationObserver observer = KeyPathObservations.observer(registry, meters);
        KeyPathTable table = KeyPathTables.builder().client(CannedClients.sync()).tableName("canned")
                .register(Blog.TYPES).operationObserver(observer).build();
        KeyPathAsyncTable async = KeyPathTables.asyncBuilder().client(CannedClients.async()).tableName("canned")
                .register(Blog.TYPES).operationObserver(observer).build();
        Random random = new Random(28);
        Set<String> patterns = new HashSet<>();
        Set<String> operations = new HashSet<>();
        int metersAfterFirstThousands = 0;
        for (int i = 0; i < 10_000; i++) {
            if (i == 2_000) {
                metersAfterFirstThousands = meters.getMeters().size();
            }
            UUID id = new UUID(random.nextLong(), random.nextLong());
            KeyPath user = KeyPath.of("user", id);
            boolean sync = random.nextBoolean();
            switch (random.nextInt(4)) {
                case 0 -> {
                    if (sync) {
                        table.get(User.class, user);
                    } else {
                        async.get(User.class, user).join();
                    }
                }
                case 1 -> {
                    Post post = new Post(id, random.nextInt(1000), "t", "news");
                    if (sync) {
                        table.put(post);
                    } else {
                        async.put(post).join();
                    }
                }
                case 2 -> {
                    User fresh = new User(id, "n");
                    if (sync) {
                        assertThatThrownBy(() -> table.put(fresh, PutMode.CREATE_ONLY))
                                .isInstanceOf(ConditionFailedException.class);
                    } else {
                        assertThatThrownBy(() -> async.put(fresh, PutMode.CREATE_ONLY).join())
                                .isInstanceOf(CompletionException.class)
                                .hasCauseInstanceOf(ConditionFailedException.class);
                    }
                }
                default -> {
                    ItemQuery query = ItemQuery.of(q -> q.subtree(user).types(Post.class));
                    if (sync) {
                        table.query(query);
                    } else {
                        async.query(query).join();
                    }
                }
            }
        }
        for (Meter meter : meters.getMeters()) {
            String pattern = meter.getId().getTag("keypath.access_pattern");
            if (pattern != null) {
                patterns.add(pattern);
            }
            String operation = meter.getId().getTag("db.operation.name");
            if (operation != null) {
                operations.add(operation);
            }
            assertThat(meter.getId().getTags()).as(meter.getId().toString())
                    .noneMatch(t -> t.getValue().contains(id(t.getValue())));
        }
        // User.get, Post.put, User.put, the query; get/put/query and GetItem/PutItem/Query; success/condition_failed
        assertThat(patterns).hasSize(4);
        int outcomes = 2;
        int names = 2 + 2 + 2 + 4; // operation and request timers, their long-task and capacity/item counters
        assertThat(meters.getMeters().size()).as("meters after 10,000 operations")
                .isLessThanOrEqualTo(patterns.size() * operations.size() * outcomes * names);
        assertThat(meters.getMeters()).as("no meter was added by new keys after 2,000 operations")
                .hasSize(metersAfterFirstThousands);
        assertThat(open.open()).isZero();
    }

    /** A marker no tag value may hold: any 36-character UUID text. */
    private static String id(String value) {
        return value.matches(".*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}.*") ? value : "\u0000";
    }
}
