package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.micrometer.KeyPathObservations;
import dev.keypath.micrometer.KeyPathTracingObservationHandler;
import dev.keypath.spring.actuate.KeyPathEndpoint;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.GlobalObservationConvention;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationFilter;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationPredicate;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.TracingAwareMeterObservationHandler;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationRegistryCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code keypath.dynamodb.observations.mode=auto}, the default, in an application configured as Spring Boot
 * configures it (its observation, metrics and simple-registry auto-configurations), on DynamoDB Local: the meters
 * alone while the only observation handler is Micrometer's meter handler, an observation per operation as soon as
 * anything else could see one; and the same meters either way.
 */
class AutoObserverModeTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
                    CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class, KeyPathLedgerAutoConfiguration.class,
                    KeyPathEndpointAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false",
                    "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("auto"),
                    "keypath.dynamodb.create-table-if-missing=true",
                    "management.endpoints.web.exposure.include=keypath")
            .withUserConfiguration(EngineClient.class);

    /** A handler that notes the name of each observation stopped. */
    static final class Recorder implements ObservationHandler<Observation.Context> {
        final List<String> stopped = new CopyOnWriteArrayList<>();

        @Override
        public boolean supportsContext(Observation.Context context) {
            return true;
        }

        @Override
        public void onStop(Observation.Context context) {
            stopped.add(context.getName());
        }
    }

    private static void putAndGet(KeyPathTable table) {
        UUID id = UUID.randomUUID();
        table.put(User.of(id, "ada"));
        table.get(User.class, KeyPath.of("user", id));
    }

    /**
     * The names of the observations the table's operations made: a recorder is added to the registry once the
     * application has started (where no choice made at startup can see it), then a put and a get are run.
     */
    private static List<String> observed(AssertableApplicationContext ctx) {
        Recorder late = new Recorder();
        ctx.getBean(ObservationRegistry.class).observationConfig().observationHandler(late);
        putAndGet(ctx.getBean(KeyPathTable.class));
        return late.stopped;
    }

    private static void assertTheLedgerIsFed(AssertableApplicationContext ctx) {
        assertThat(ctx.getBean(KeyPathEndpoint.class).ledger().patterns())
                .extracting(KeyPathEndpoint.PatternDescriptor::name).contains("User.put", "User.get");
    }

    @Test
    void withOnlyBootsMeterHandlerTheMetersTimeEachOperationWithoutAnObservation() {
        runner.run(ctx -> {
            assertThat(ctx).hasNotFailed().hasSingleBean(OperationObserver.class)
                    .hasSingleBean(DefaultMeterObservationHandler.class);
            assertThat(observed(ctx)).isEmpty();
            MeterRegistry meters = ctx.getBean(MeterRegistry.class);
            assertThat(meters.get(KeyPathObservations.OPERATION).tag("keypath.access_pattern", "User.get")
                    .tag("error", "none").timer().count()).isEqualTo(1);
            assertThat(meters.get(KeyPathObservations.OPERATION + ".active").tag("keypath.access_pattern", "User.get")
                    .longTaskTimer().activeTasks()).isZero();
            assertTheLedgerIsFed(ctx);
        });
    }

    @Test
    void explicitModesKeepTheirMeaning() {
        runner.withPropertyValues("keypath.dynamodb.observations.mode=observations").run(ctx -> {
            assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION)
                    .doesNotContain(KeyPathObservations.REQUEST);
            assertThat(ctx.getBean(MeterRegistry.class).get(KeyPathObservations.OPERATION)
                    .tag("keypath.access_pattern", "User.get").timer().count()).isEqualTo(1);
            assertTheLedgerIsFed(ctx);
        });
        runner.withPropertyValues("keypath.dynamodb.observations.mode=meters",
                "keypath.dynamodb.observations.requests=true").run(ctx -> {
                    assertThat(observed(ctx)).isEmpty();
                    assertThat(ctx.getBean(MeterRegistry.class).get(KeyPathObservations.OPERATION)
                            .tag("keypath.access_pattern", "User.get").timer().count()).isEqualTo(1);
                    assertTheLedgerIsFed(ctx);
                });
        runner.withPropertyValues("keypath.dynamodb.observations.mode=none").run(ctx -> {
            assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class);
            assertThat(observed(ctx)).isEmpty();
            assertThat(ctx.getBean(MeterRegistry.class).find(KeyPathObservations.OPERATION).meters()).isEmpty();
            assertTheLedgerIsFed(ctx);
        });
        runner.withPropertyValues("keypath.dynamodb.observations.mode=auto",
                "keypath.dynamodb.observations.enabled=false").run(ctx -> {
                    assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class);
                    assertThat(observed(ctx)).isEmpty();
                    assertTheLedgerIsFed(ctx);
                });
    }

    @Test
    void requestObservationsAskedForMakeAutoObserve() {
        runner.withPropertyValues("keypath.dynamodb.observations.requests=true").run(ctx -> {
            assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION, KeyPathObservations.REQUEST);
            assertTheLedgerIsFed(ctx);
        });
    }

    /** The application's own observation handler. */
    @Configuration(proxyBeanMethods = false)
    static class OwnHandler {
        @Bean
        Recorder recorder() {
            return new Recorder();
        }
    }

    @Test
    void anObservationHandlerOfTheApplicationsMakesAutoObserve() {
        runner.withUserConfiguration(OwnHandler.class).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION);
            assertThat(ctx.getBean(Recorder.class).stopped).contains(KeyPathObservations.OPERATION);
            assertTheLedgerIsFed(ctx);
        });
    }

    /** A tracing-aware meter handler, as Spring Boot's tracing wraps the meter handler in when a tracer exists. */
    @Configuration(proxyBeanMethods = false)
    static class TracingAwareHandler {
        @Bean
        TracingAwareMeterObservationHandler<Observation.Context> tracingAwareMeterObservationHandler(
                MeterRegistry meters) {
            return new TracingAwareMeterObservationHandler<>(new DefaultMeterObservationHandler(meters), Tracer.NOOP);
        }
    }

    @Test
    void aTracerOrATracingHandlerMakesAutoObserve() {
        runner.withBean(Tracer.class, () -> Tracer.NOOP)
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
        runner.withUserConfiguration(TracingAwareHandler.class)
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
    }

    @Test
    void aTracerGetsKeypathsTypedSpanHandlerAheadOfTheDefaultOne() {
        runner.withBean(Tracer.class, () -> Tracer.NOOP).run(ctx -> assertThat(ctx)
                .hasSingleBean(KeyPathTracingObservationHandler.class));
        runner.run(ctx -> assertThat(ctx).doesNotHaveBean(KeyPathTracingObservationHandler.class));
    }

    /** A customizer of the observation registry's, which may add handlers no bean shows. */
    @Configuration(proxyBeanMethods = false)
    static class Customizer {
        @Bean
        ObservationRegistryCustomizer<ObservationRegistry> addsAHandler() {
            return registry -> registry.observationConfig().observationHandler(new Recorder());
        }
    }

    @Test
    void aCustomizerOfTheObservationRegistryMakesAutoObserve() {
        runner.withUserConfiguration(Customizer.class)
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
    }

    @Test
    void whatChangesAnObservationsMetersMakesAutoObserve() {
        ObservationFilter filter = context -> context.addLowCardinalityKeyValue(KeyValue.of("region", "eu"));
        runner.withBean(ObservationFilter.class, () -> filter)
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
        ObservationPredicate predicate = (name, context) -> true;
        runner.withBean(ObservationPredicate.class, () -> predicate)
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
        GlobalObservationConvention<Observation.Context> convention = new GlobalObservationConvention<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return false;
            }
        };
        runner.withBean(GlobalObservationConvention.class, () -> convention)
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
        runner.withPropertyValues("management.observations.key-values.region=eu").run(ctx -> {
            assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION);
            assertThat(ctx.getBean(MeterRegistry.class).get(KeyPathObservations.OPERATION).tag("region", "eu")
                    .timers()).isNotEmpty();
        });
        runner.withPropertyValues("management.observations.enable.keypath=false").run(ctx -> {
            assertThat(observed(ctx)).isEmpty();
            assertThat(ctx.getBean(MeterRegistry.class).find(KeyPathObservations.OPERATION).timers()).isEmpty();
        });
        runner.withPropertyValues("management.observations.enable.spring.security=false")
                .run(ctx -> assertThat(observed(ctx)).isEmpty()); // about others' observations: still the meters
    }

    /** The application's own observation registry, whose handlers keypath cannot see. */
    @Configuration(proxyBeanMethods = false)
    static class OwnRegistry {
        @Bean
        ObservationRegistry observationRegistry() {
            return ObservationRegistry.create();
        }
    }

    @Test
    void anObservationRegistryOfTheApplicationsMakesAutoObserve() {
        runner.withUserConfiguration(OwnRegistry.class)
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
    }

    @Test
    void withoutObservationsTheMeterRegistryAloneGetsTheMetersAndWithoutEitherThereIsNoObserver() {
        ApplicationContextRunner bare = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                        KeyPathDynamoAutoConfiguration.class, KeyPathLedgerAutoConfiguration.class))
                .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                        "keypath.dynamodb.repositories.enabled=false",
                        "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("auto"),
                        "keypath.dynamodb.create-table-if-missing=true")
                .withUserConfiguration(EngineClient.class);
        bare.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(ctx -> {
            assertThat(ctx).hasNotFailed().hasSingleBean(OperationObserver.class);
            putAndGet(ctx.getBean(KeyPathTable.class));
            assertThat(ctx.getBean(MeterRegistry.class).get(KeyPathObservations.OPERATION)
                    .tag("keypath.access_pattern", "User.get").timer().count()).isEqualTo(1);
        });
        bare.run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class));
        // two meter registries, neither primary, and no observation registry: nothing to record into, still starts
        bare.withBean("one", MeterRegistry.class, SimpleMeterRegistry::new)
                .withBean("other", MeterRegistry.class, SimpleMeterRegistry::new).run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    putAndGet(ctx.getBean(KeyPathTable.class));
                    assertThat(ctx.getBeansOfType(MeterRegistry.class).values())
                            .allMatch(m -> m.find(KeyPathObservations.OPERATION).meters().isEmpty());
                });
        // without Boot's observation module or Micrometer Tracing, an application's own registries still choose
        bare.withUserConfiguration(OwnRegistry.class).withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withClassLoader(new FilteredClassLoader("io.micrometer.tracing.",
                        "org.springframework.boot.micrometer."))
                .run(ctx -> assertThat(observed(ctx)).contains(KeyPathObservations.OPERATION));
    }

    @Test
    void anUnknownModeFailsStartupNamingTheProperty() {
        runner.withPropertyValues("keypath.dynamodb.observations.mode=automatic").run(ctx -> assertThat(ctx)
                .hasFailed().getFailure().hasStackTraceContaining("keypath.dynamodb.observations.mode"));
    }

    /**
     * The meters of keypath's own in the registry after the same operations, as {@code name{tags}}: the meters alone
     * and an observation timed by Boot's meter handler give the same, so a dashboard does not change with the mode.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "long-task-timer"})
    void theMetersAloneAndAnObservationGiveTheSameMeters(String ignoredMeters) {
        ApplicationContextRunner app = runner
                .withPropertyValues("management.metrics.observations.ignored-meters=" + ignoredMeters);
        Set<String> observing = new TreeSet<>();
        // each on a table of its own: the first bootstrap of a table writes its layout record, which a later one reads
        app.withPropertyValues("keypath.dynamodb.observations.mode=observations",
                "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("auto")).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            observing.addAll(meters(ctx));
        });
        Set<String> alone = new TreeSet<>();
        app.withPropertyValues("keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("auto")).run(ctx -> {
            assertThat(observed(ctx)).isEmpty(); // auto chose the meters
            alone.addAll(meters(ctx));
        });
        assertThat(withoutTables(alone)).isEqualTo(withoutTables(observing))
                .anyMatch(m -> m.startsWith(KeyPathObservations.OPERATION + "{"))
                .anyMatch(m -> m.startsWith(KeyPathObservations.WRITE_UNITS + "{"));
        assertThat(alone.stream().anyMatch(m -> m.startsWith(KeyPathObservations.OPERATION + ".active{")))
                .isEqualTo(ignoredMeters.isEmpty());
    }

    /** The meters with their table names left out. */
    private static Set<String> withoutTables(Set<String> meters) {
        return meters.stream().map(m -> m.replaceAll("(table_names|collection\\.name)=[^,}]*", "$1=table"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** A put and a get, then each meter whose name starts with {@code keypath.} as {@code name{sorted tags}}. */
    private static Set<String> meters(AssertableApplicationContext ctx) {
        putAndGet(ctx.getBean(KeyPathTable.class));
        return ctx.getBean(MeterRegistry.class).getMeters().stream().map(Meter::getId)
                .filter(id -> id.getName().startsWith("keypath."))
                .map(id -> id.getName() + id.getTags().stream().map(t -> t.getKey() + "=" + t.getValue()).sorted()
                        .collect(Collectors.joining(", ", "{", "}")))
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
