package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationObservation;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.micrometer.Blog.User;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.GlobalObservationConvention;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Our conventions can be replaced, per table through the builder or for every table by a
 * {@link GlobalObservationConvention} on the registry; a no-op registry starts nothing (with meters, only the
 * counters are kept). On canned responses ({@link CannedClients}): only names and keys are under test.
 */
class ConventionsTest {
    private static final KeyPath PATH = KeyPath.of("user", UUID.randomUUID());

    /** Ours, renamed, with one more key. */
    private static final class Renamed extends DefaultKeyPathObservationConvention {
        @Override
        public String getName() {
            return "app.db";
        }

        @Override
        public KeyValues getLowCardinalityKeyValues(KeyPathOperationContext context) {
            return super.getLowCardinalityKeyValues(context).and(KeyValue.of("team", "blog"));
        }
    }

    /** A global convention of the application's own, for every table's operations. */
    private static final class Global extends DefaultKeyPathObservationConvention
            implements GlobalObservationConvention<KeyPathOperationContext> {
        @Override
        public String getContextualName(KeyPathOperationContext context) {
            return "db " + context.start().accessPattern();
        }
    }

    private static KeyPathTable table(OperationObserver observer) {
        return KeyPathTables.builder().client(CannedClients.sync()).tableName("canned").register(Blog.TYPES)
                .operationObserver(observer).build();
    }

    @Test
    void aConventionGivenToTheBuilderReplacesOurs() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        table(KeyPathObservations.builder(registry).operationConvention(new Renamed()).requestObservations(true).build())
                .get(User.class, PATH);
        assertThat(registry).hasObservationWithNameEqualTo("app.db").that()
                .hasLowCardinalityKeyValue("team", "blog")
                .hasLowCardinalityKeyValue("keypath.access_pattern", "User.get");
        assertThat(registry).hasObservationWithNameEqualTo(KeyPathObservations.REQUEST).that()
                .hasParentObservationContextMatching(c -> c instanceof KeyPathOperationContext);
    }

    @Test
    void aGlobalConventionOnTheRegistryReplacesOurs() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        registry.observationConfig().observationConvention(new Global());
        table(KeyPathObservations.observer(registry)).get(User.class, PATH);
        assertThat(registry).hasObservationWithNameEqualTo(KeyPathObservations.OPERATION).that()
                .hasContextualNameEqualTo("db User.get");
    }

    @Test
    void requestsGoUnobservedUnlessAskedFor() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        table(KeyPathObservations.observer(registry)).get(User.class, PATH);
        assertThat(registry).hasNumberOfObservationsEqualTo(1)
                .hasObservationWithNameEqualTo(KeyPathObservations.OPERATION);
        TestObservationRegistry asked = TestObservationRegistry.create();
        table(KeyPathObservations.builder(asked).requestObservations(true).build()).get(User.class, PATH);
        assertThat(asked).hasNumberOfObservationsEqualTo(2)
                .hasObservationWithNameEqualTo(KeyPathObservations.REQUEST);
    }

    @Test
    void aNoopRegistryStartsNothingAndKeepsOnlyTheCounters() {
        OperationStart start = new OperationStart(OperationKind.GET, User.class, "canned", null, PATH, "User.get",
                null);
        assertThat(KeyPathObservations.observer(ObservationRegistry.NOOP).start(start))
                .as("nothing to hear: the table builds no report").isSameAs(OperationObservation.NONE);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        OperationObserver counting = KeyPathObservations.observer(ObservationRegistry.NOOP, meters);
        assertThat(counting.start(start)).as("one handle for every operation")
                .isSameAs(counting.start(start));
        table(counting).get(User.class, PATH);
        assertThat(meters.get(KeyPathObservations.READ_UNITS).tag("keypath.access_pattern", "User.get").counter()
                .count()).isEqualTo(0.5);
    }
}
