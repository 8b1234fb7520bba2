package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.micrometer.ledger.AccessPatternLedger;
import dev.keypath.micrometer.ledger.PatternFigures;
import dev.keypath.spring.actuate.KeyPathEndpoint;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.micrometer.KeyPathObservations;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/**
 * The ledger bean, every {@link OperationListener} bean reaching the table together, the place for listeners of an
 * {@link ObservationRegistry}, and the endpoint only with Actuator; all on DynamoDB Local.
 */
class LedgerAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class, KeyPathLedgerAutoConfiguration.class,
                    KeyPathEndpointAutoConfiguration.class))
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false",
                    "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("ledger"),
                    "keypath.dynamodb.create-table-if-missing=true")
            .withUserConfiguration(EngineClient.class);

    /** Two listeners of the application's own, the first of which always fails. */
    @Configuration(proxyBeanMethods = false)
    static class OwnListeners {
        static final List<OperationReport> SEEN = new CopyOnWriteArrayList<>();

        @Bean
        @Order(1)
        OperationListener failing() {
            return report -> {
                throw new IllegalStateException("a listener that fails");
            };
        }

        @Bean
        @Order(2)
        OperationListener collecting() {
            return SEEN::add;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Observations {
        /** The name and access pattern of each observation stopped. */
        static final List<String> STOPPED = new CopyOnWriteArrayList<>();

        @Bean
        ObservationRegistry observationRegistry() {
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new ObservationHandler<>() {
                @Override
                public boolean supportsContext(Observation.Context context) {
                    return true;
                }

                @Override
                public void onStop(Observation.Context context) {
                    KeyValue pattern = context.getLowCardinalityKeyValue("keypath.access_pattern");
                    STOPPED.add(context.getName() + " " + (pattern == null ? "-" : pattern.getValue()));
                }
            });
            return registry;
        }
    }

    private static String putAndGet(KeyPathTable table) {
        UUID id = UUID.randomUUID();
        table.put(User.of(id, "ada"));
        table.get(User.class, KeyPath.of("user", id));
        return "User.get";
    }

    @Test
    void theLedgerIsTheTablesListenerByDefault() {
        runner.run(ctx -> {
            assertThat(ctx).hasNotFailed().hasSingleBean(AccessPatternLedger.class);
            KeyPathTable table = ctx.getBean(KeyPathTable.class);
            String pattern = putAndGet(table);
            assertThat(ctx.getBean(AccessPatternLedger.class).patterns()).extracting(PatternFigures::accessPattern)
                    .contains("User.put", pattern);
            assertThat(ctx.getBean(AccessPatternLedger.class).hotPartitions(5)).isNotEmpty();
        });
    }

    @Test
    void everyListenerBeanIsToldInOrderAndAFailingOneStopsNoOther() {
        OwnListeners.SEEN.clear();
        runner.withUserConfiguration(OwnListeners.class).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            putAndGet(ctx.getBean(KeyPathTable.class));
            assertThat(OwnListeners.SEEN).extracting(OperationReport::accessPattern).contains("User.put", "User.get");
            assertThat(ctx.getBean(AccessPatternLedger.class).patterns()).extracting(PatternFigures::totalCalls)
                    .containsOnly(1L);
        });
    }

    @Test
    void theLedgerCanBeTurnedOffOrReplaced() {
        runner.withPropertyValues("keypath.dynamodb.ledger.enabled=false").run(ctx -> {
            assertThat(ctx).hasNotFailed().doesNotHaveBean(AccessPatternLedger.class)
                    .doesNotHaveBean(KeyPathEndpoint.class);
            putAndGet(ctx.getBean(KeyPathTable.class));
        });
        AccessPatternLedger own = AccessPatternLedger.builder().maxPatterns(3).build();
        runner.withBean(AccessPatternLedger.class, () -> own).run(ctx -> {
            assertThat(ctx).hasNotFailed().getBean(AccessPatternLedger.class).isSameAs(own);
            putAndGet(ctx.getBean(KeyPathTable.class));
            assertThat(own.patterns()).isNotEmpty();
        });
    }

    @Test
    void aSettingOutOfRangeFailsStartupNamingIt() {
        runner.withPropertyValues("keypath.dynamodb.ledger.hot-partition-counters=0").run(ctx ->
                assertThat(ctx).hasFailed().getFailure().rootCause().hasMessageContaining("hotPartitionCounters"));
        runner.withPropertyValues("keypath.dynamodb.ledger.window=0s").run(ctx ->
                assertThat(ctx).hasFailed().getFailure().hasRootCauseInstanceOf(IllegalArgumentException.class)
                        .hasStackTraceContaining(KeyPathConfigurationException.class.getName())
                        .hasStackTraceContaining("window must be positive")
                        .hasStackTraceContaining("Correct keypath.dynamodb.ledger.window"));
    }

    @Test
    void anObservationRegistryActivatesThePlaceOfItsListeners() {
        Class<?> observationConfiguration = KeyPathLedgerAutoConfiguration.ObservationConfiguration.class;
        ApplicationContextRunner observing = runner
                .withPropertyValues("keypath.dynamodb.observations.mode=observations");
        observing.run(ctx -> assertThat(ctx).doesNotHaveBean(observationConfiguration));
        observing.withUserConfiguration(Observations.class).run(ctx -> assertThat(ctx).hasNotFailed()
                .hasSingleBean(observationConfiguration));
        observing.withUserConfiguration(Observations.class)
                .withClassLoader(new FilteredClassLoader(ObservationRegistry.class))
                .run(ctx -> assertThat(ctx).doesNotHaveBean(observationConfiguration));
        // the default, auto, needs one registry or the other
        runner.run(ctx -> assertThat(ctx)
                .doesNotHaveBean(KeyPathLedgerAutoConfiguration.AutoModeConfiguration.class));
        runner.withUserConfiguration(Observations.class).run(ctx -> assertThat(ctx).hasNotFailed()
                .hasSingleBean(KeyPathLedgerAutoConfiguration.AutoModeConfiguration.class)
                .doesNotHaveBean(KeyPathLedgerAutoConfiguration.ObservationConfiguration.class));
        runner.withUserConfiguration(Meters.class).run(ctx -> assertThat(ctx).hasNotFailed()
                .hasSingleBean(KeyPathLedgerAutoConfiguration.AutoModeConfiguration.class));
    }

    @Test
    void anObservationRegistryGetsOneObservationPerOperationAndOnePerRequestWhenAskedFor() {
        Observations.STOPPED.clear();
        runner.withUserConfiguration(Observations.class).run(ctx -> {
            assertThat(ctx).hasNotFailed().hasSingleBean(OperationObserver.class);
            putAndGet(ctx.getBean(KeyPathTable.class));
            assertThat(Observations.STOPPED).contains("keypath.operation User.put", "keypath.operation User.get")
                    .doesNotContain("keypath.request -");
        });
        Observations.STOPPED.clear();
        runner.withUserConfiguration(Observations.class)
                .withPropertyValues("keypath.dynamodb.observations.requests=true").run(ctx -> {
                    putAndGet(ctx.getBean(KeyPathTable.class));
                    assertThat(Observations.STOPPED).contains("keypath.operation User.put",
                            "keypath.operation User.get", "keypath.request -");
                });
        runner.withUserConfiguration(Observations.class)
                .withPropertyValues("keypath.dynamodb.observations.enabled=false")
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class));
        runner.run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class));
    }

    /** A meter registry beside the observation registry, as Actuator gives an application. */
    @Configuration(proxyBeanMethods = false)
    static class Meters {
        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    @Test
    void inMetersModeTheMeterRegistryTimesAndCountsEachOperationWithoutAnyObservation() {
        Observations.STOPPED.clear();
        runner.withUserConfiguration(Observations.class, Meters.class)
                .withPropertyValues("keypath.dynamodb.observations.mode=meters",
                        "management.endpoints.web.exposure.include=keypath")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed().hasSingleBean(OperationObserver.class)
                            .doesNotHaveBean(KeyPathLedgerAutoConfiguration.ObservationConfiguration.class);
                    putAndGet(ctx.getBean(KeyPathTable.class));
                    MeterRegistry meters = ctx.getBean(MeterRegistry.class);
                    assertThat(meters.get(KeyPathObservations.OPERATION).tag("keypath.access_pattern", "User.get")
                            .tag("error", "none").timer().count()).isEqualTo(1);
                    assertThat(meters.get(KeyPathObservations.WRITE_UNITS).tag("keypath.access_pattern", "User.put")
                            .counter().count()).isPositive();
                    assertThat(Observations.STOPPED).isEmpty();
                    // the endpoint's figures come from the ledger, a listener, whatever the mode
                    assertThat(ctx.getBean(KeyPathEndpoint.class).ledger().patterns())
                            .extracting(KeyPathEndpoint.PatternDescriptor::name).contains("User.put", "User.get");
                });
    }

    @Test
    void theDefaultModeObservesAndModeNoneGivesNoObserverButKeepsTheLedger() {
        Observations.STOPPED.clear();
        runner.withUserConfiguration(Observations.class, Meters.class).run(ctx -> {
            assertThat(ctx).hasNotFailed().hasSingleBean(OperationObserver.class)
                    .doesNotHaveBean(KeyPathLedgerAutoConfiguration.MetersConfiguration.class);
            putAndGet(ctx.getBean(KeyPathTable.class));
            assertThat(Observations.STOPPED).contains("keypath.operation User.get");
            // the handler here times nothing: the operation timer is the handlers' to make, not keypath's
            assertThat(ctx.getBean(MeterRegistry.class).find(KeyPathObservations.OPERATION).timer()).isNull();
            assertThat(ctx.getBean(MeterRegistry.class).find(KeyPathObservations.WRITE_UNITS).counter()).isNotNull();
        });
        Observations.STOPPED.clear();
        runner.withUserConfiguration(Observations.class, Meters.class)
                .withPropertyValues("keypath.dynamodb.observations.mode=none").run(ctx -> {
                    assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class);
                    putAndGet(ctx.getBean(KeyPathTable.class));
                    assertThat(Observations.STOPPED).isEmpty();
                    assertThat(ctx.getBean(MeterRegistry.class).find(KeyPathObservations.OPERATION).meters())
                            .isEmpty();
                    assertThat(ctx.getBean(AccessPatternLedger.class).patterns())
                            .extracting(PatternFigures::accessPattern).contains("User.put", "User.get");
                });
    }

    @Test
    void metersModeNeedsAMeterRegistryAndGivesWayToTheApplicationsObserverAndToEnabledFalse() {
        runner.withUserConfiguration(Observations.class)
                .withPropertyValues("keypath.dynamodb.observations.mode=meters")
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class));
        OperationObserver own = start -> null;
        runner.withUserConfiguration(Meters.class).withBean(OperationObserver.class, () -> own)
                .withPropertyValues("keypath.dynamodb.observations.mode=meters")
                .run(ctx -> assertThat(ctx).hasNotFailed().getBean(OperationObserver.class).isSameAs(own));
        runner.withUserConfiguration(Meters.class)
                .withPropertyValues("keypath.dynamodb.observations.mode=meters",
                        "keypath.dynamodb.observations.enabled=false")
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(OperationObserver.class));
    }

    @Test
    void anUnknownModeFailsStartupNamingTheProperty() {
        runner.withUserConfiguration(Meters.class).withPropertyValues("keypath.dynamodb.observations.mode=traces")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure()
                        .hasStackTraceContaining("keypath.dynamodb.observations.mode"));
    }

    @Test
    void theEndpointNeedsActuator() {
        runner.withPropertyValues("management.endpoints.web.exposure.include=keypath").run(ctx ->
                assertThat(ctx).hasNotFailed().hasSingleBean(KeyPathEndpoint.class));
        runner.run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(KeyPathEndpoint.class)); // not exposed
        runner.withPropertyValues("management.endpoints.web.exposure.include=keypath")
                .withClassLoader(new FilteredClassLoader(org.springframework.boot.actuate.endpoint.annotation.Endpoint.class))
                .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(KeyPathEndpoint.class)
                        .hasSingleBean(AccessPatternLedger.class));
    }

    @Test
    void withoutTheMicrometerModuleThereIsNoLedgerAndNoListener() {
        runner.withClassLoader(new FilteredClassLoader(AccessPatternLedger.class)).run(ctx -> {
            assertThat(ctx).hasNotFailed().doesNotHaveBean(AccessPatternLedger.class)
                    .doesNotHaveBean(KeyPathEndpoint.class);
            putAndGet(ctx.getBean(KeyPathTable.class));
        });
    }
}
