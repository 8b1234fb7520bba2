package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.micrometer.KeyPathObservations;
import dev.keypath.micrometer.KeyPathTracingObservationHandler;
import dev.keypath.micrometer.ledger.AccessPatternLedger;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import java.util.Set;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * What the table's operations cost, seen from Spring: an {@link AccessPatternLedger} bean (with keypath-micrometer on
 * the classpath, which the starter brings; {@code keypath.dynamodb.ledger.*}), one of the {@link OperationListener}
 * beans that {@link KeyPathDynamoAutoConfiguration} hands to the table together. Any other {@code OperationListener}
 * bean of the application is told of every operation too.
 */
@AutoConfiguration(before = KeyPathDynamoAutoConfiguration.class,
        afterName = {KeyPathLedgerAutoConfiguration.OBSERVATION_AUTO_CONFIGURATION,
                KeyPathLedgerAutoConfiguration.METER_REGISTRY_AUTO_CONFIGURATION,
                KeyPathLedgerAutoConfiguration.TRACING_AUTO_CONFIGURATION})
@ConditionalOnClass({KeyPathTable.class, AccessPatternLedger.class})
@EnableConfigurationProperties({KeyPathLedgerProperties.class, KeyPathObservationProperties.class})
public class KeyPathLedgerAutoConfiguration {
    /** Spring Boot's auto-configuration of the {@code ObservationRegistry}, which this one runs after. */
    static final String OBSERVATION_AUTO_CONFIGURATION =
            "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration";
    /** Spring Boot's auto-configuration of the application's {@code MeterRegistry}, which this one runs after. */
    static final String METER_REGISTRY_AUTO_CONFIGURATION =
            "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration";
    /** Spring Boot's auto-configuration of Micrometer Tracing's {@code Tracer}, which this one runs after. */
    static final String TRACING_AUTO_CONFIGURATION =
            "org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration";
    static final String TRACER = "io.micrometer.tracing.Tracer";
    static final String OBSERVATION_REGISTRY = "io.micrometer.observation.ObservationRegistry";
    static final String METER_REGISTRY = "io.micrometer.core.instrument.MeterRegistry";
    /** Spring Boot's property of the meters its meter handler leaves out of observations. */
    static final String IGNORED_METERS = "management.metrics.observations.ignored-meters";
    private static final Log LOG = LogFactory.getLog(KeyPathLedgerAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBooleanProperty(name = KeyPathLedgerProperties.PREFIX + ".enabled", matchIfMissing = true)
    AccessPatternLedger keyPathAccessPatternLedger(KeyPathLedgerProperties properties) {
        try {
            return AccessPatternLedger.builder()
                    .window(properties.getWindow(), properties.getWindowSteps())
                    .hotPartitionCounters(properties.getHotPartitionCounters())
                    .maxPatterns(properties.getMaxPatterns())
                    .build();
        } catch (IllegalArgumentException e) {
            throw new KeyPathConfigurationException("The access-pattern ledger cannot be built: " + e.getMessage(),
                    "Correct keypath.dynamodb.ledger.window, window-steps, hot-partition-counters or max-patterns, "
                            + "or set keypath.dynamodb.ledger.enabled=false", e);
        }
    }

    /**
     * Active when {@code keypath.dynamodb.observations.mode} is {@code auto} (the default) and the application has an
     * {@code ObservationRegistry} or a {@code MeterRegistry} bean: the {@link OperationObserver} of mode
     * {@code observations} when anything but Micrometer's plain meter handler could see an observation, else that of
     * mode {@code meters} ({@link AutoObserverMode}); the choice and its reason are logged at startup. An
     * application's own {@code OperationObserver} bean replaces it.
     */
    @Configuration(proxyBeanMethods = false)
    @Conditional(OnObservationOrMeterRegistry.class)
    @ConditionalOnProperty(name = KeyPathObservationProperties.PREFIX + ".mode", havingValue = "auto",
            matchIfMissing = true)
    static class AutoModeConfiguration {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBooleanProperty(name = KeyPathObservationProperties.PREFIX + ".enabled", matchIfMissing = true)
        OperationObserver keyPathOperationObserver(ObjectProvider<ObservationRegistry> observations,
                                                   ObjectProvider<MeterRegistry> meters,
                                                   KeyPathObservationProperties properties,
                                                   ConfigurableListableBeanFactory beans, Environment environment) {
            ObservationRegistry observationRegistry = observations.getIfUnique();
            MeterRegistry meterRegistry = meters.getIfUnique();
            AutoObserverMode.Choice choice = AutoObserverMode.choose(beans, environment, properties,
                    observationRegistry != null, meterRegistry != null);
            LOG.info(KeyPathObservationProperties.PREFIX + ".mode=auto: " + switch (choice.mode()) {
                case OBSERVATIONS -> "an observation per operation";
                case METERS -> "the meters alone, no observation";
                default -> "nothing";
            } + ", as " + choice.reason());
            return switch (choice.mode()) {
                case OBSERVATIONS -> observations(observationRegistry, meterRegistry, properties);
                case METERS -> meters(meterRegistry, environment);
                default -> KeyPathObservations.observer(ObservationRegistry.NOOP); // observes nothing
            };
        }
    }

    /** Matches when the application has an {@code ObservationRegistry} bean, a {@code MeterRegistry} bean, or both. */
    static final class OnObservationOrMeterRegistry extends AnyNestedCondition {
        OnObservationOrMeterRegistry() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnBean(type = OBSERVATION_REGISTRY)
        static final class Observations {
        }

        @ConditionalOnBean(type = METER_REGISTRY)
        static final class Meters {
        }
    }

    /**
     * Active when the application has an {@code ObservationRegistry} bean (Spring Boot Actuator configures one) and
     * {@code keypath.dynamodb.observations.mode} is {@code observations}: an {@link OperationObserver} that makes one
     * observation per operation (with {@code keypath.dynamodb.observations.requests=true}, also a child per DynamoDB
     * request), and the capacity counters in the application's {@code MeterRegistry} when it has one
     * ({@link KeyPathObservations}). The table is given it besides the listeners; an application's own
     * {@code OperationObserver} bean replaces it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = OBSERVATION_REGISTRY)
    @ConditionalOnBean(type = OBSERVATION_REGISTRY)
    @ConditionalOnProperty(name = KeyPathObservationProperties.PREFIX + ".mode", havingValue = "observations")
    static class ObservationConfiguration {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBooleanProperty(name = KeyPathObservationProperties.PREFIX + ".enabled", matchIfMissing = true)
        OperationObserver keyPathOperationObserver(ObservationRegistry observations,
                                                   ObjectProvider<MeterRegistry> meters,
                                                   KeyPathObservationProperties properties) {
            return observations(observations, meters.getIfUnique(), properties);
        }
    }

    /**
     * Active when the application has a {@code MeterRegistry} bean and {@code keypath.dynamodb.observations.mode}
     * is {@code meters}: an {@link OperationObserver} that records each operation's timer and capacity and item
     * counters straight into that registry ({@link KeyPathObservations#meters}), with no observation and so no
     * span, and the long-task timer of operations in flight that Micrometer's meter handler would keep (unless
     * {@code management.metrics.observations.ignored-meters} lists {@code long-task-timer}). An application's own
     * {@code OperationObserver} bean replaces it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = METER_REGISTRY)
    @ConditionalOnBean(type = METER_REGISTRY)
    @ConditionalOnProperty(name = KeyPathObservationProperties.PREFIX + ".mode", havingValue = "meters")
    static class MetersConfiguration {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBooleanProperty(name = KeyPathObservationProperties.PREFIX + ".enabled", matchIfMissing = true)
        OperationObserver keyPathOperationObserver(MeterRegistry meters, Environment environment) {
            return meters(meters, environment);
        }
    }

    /** An observation per operation on {@code observations}, and the counters on {@code meters} when not null. */
    static OperationObserver observations(ObservationRegistry observations, MeterRegistry meters,
                                          KeyPathObservationProperties properties) {
        KeyPathObservations.Builder observer = KeyPathObservations.builder(observations)
                .requestObservations(properties.isRequests());
        return meters == null ? observer.build() : observer.meterRegistry(meters).build();
    }

    /**
     * The meters alone on {@code meters}, with the long-task timer unless Spring Boot is told to leave it out of the
     * meters of observations ({@code management.metrics.observations.ignored-meters}).
     */
    static OperationObserver meters(MeterRegistry meters, Environment environment) {
        boolean longTaskTimer = !Binder.get(environment).bind(IGNORED_METERS,
                        Bindable.setOf(DefaultMeterObservationHandler.IgnoredMeters.class))
                .orElse(Set.of()).contains(DefaultMeterObservationHandler.IgnoredMeters.LONG_TASK_TIMER);
        return KeyPathObservations.builder(ObservationRegistry.NOOP).meterRegistry(meters)
                .longTaskTimer(longTaskTimer).build();
    }

    /**
     * Where the application traces with Micrometer Tracing (a {@code Tracer} bean), the span handler of keypath's
     * observations, ahead of Boot's default one: each key on the span with OpenTelemetry's type
     * ({@link KeyPathTracingObservationHandler}).
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = TRACER)
    @ConditionalOnBean(type = TRACER)
    static class TracingConfiguration {
        @Bean
        @Order(Ordered.HIGHEST_PRECEDENCE)
        @ConditionalOnMissingBean
        KeyPathTracingObservationHandler keyPathTracingObservationHandler(Tracer tracer) {
            return new KeyPathTracingObservationHandler(tracer);
        }
    }
}
