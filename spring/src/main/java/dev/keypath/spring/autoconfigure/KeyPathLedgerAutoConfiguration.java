package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.micrometer.KeyPathObservations;
import dev.keypath.micrometer.ledger.AccessPatternLedger;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the table's operations cost, seen from Spring: an {@link AccessPatternLedger} bean (with keypath-micrometer on
 * the classpath, which the starter brings; {@code keypath.dynamodb.ledger.*}), one of the {@link OperationListener}
 * beans that {@link KeyPathDynamoAutoConfiguration} hands to the table together. Any other {@code OperationListener}
 * bean of the application is told of every operation too.
 */
@AutoConfiguration(before = KeyPathDynamoAutoConfiguration.class,
        afterName = {KeyPathLedgerAutoConfiguration.OBSERVATION_AUTO_CONFIGURATION,
                KeyPathLedgerAutoConfiguration.METER_REGISTRY_AUTO_CONFIGURATION})
@ConditionalOnClass({KeyPathTable.class, AccessPatternLedger.class})
@EnableConfigurationProperties({KeyPathLedgerProperties.class, KeyPathObservationProperties.class})
public class KeyPathLedgerAutoConfiguration {
    /** Spring Boot's auto-configuration of the {@code ObservationRegistry}, which this one runs after. */
    static final String OBSERVATION_AUTO_CONFIGURATION =
            "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration";
    /** Spring Boot's auto-configuration of the application's {@code MeterRegistry}, which this one runs after. */
    static final String METER_REGISTRY_AUTO_CONFIGURATION =
            "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration";
    static final String OBSERVATION_REGISTRY = "io.micrometer.observation.ObservationRegistry";
    static final String METER_REGISTRY = "io.micrometer.core.instrument.MeterRegistry";

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
     * Active when the application has an {@code ObservationRegistry} bean (Spring Boot Actuator configures one) and
     * {@code keypath.dynamodb.observations.mode} is {@code observations} (the default): an {@link OperationObserver}
     * that makes one observation per operation (with {@code keypath.dynamodb.observations.requests=true}, also a
     * child per DynamoDB request), and the capacity counters in the application's {@code MeterRegistry} when it has
     * one ({@link KeyPathObservations}). The table is given it besides the listeners; an application's own
     * {@code OperationObserver} bean replaces it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = OBSERVATION_REGISTRY)
    @ConditionalOnBean(type = OBSERVATION_REGISTRY)
    @ConditionalOnProperty(name = KeyPathObservationProperties.PREFIX + ".mode", havingValue = "observations",
            matchIfMissing = true)
    static class ObservationConfiguration {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBooleanProperty(name = KeyPathObservationProperties.PREFIX + ".enabled", matchIfMissing = true)
        OperationObserver keyPathOperationObserver(ObservationRegistry observations,
                                                   ObjectProvider<MeterRegistry> meters,
                                                   KeyPathObservationProperties properties) {
            MeterRegistry registry = meters.getIfUnique();
            KeyPathObservations.Builder observer = KeyPathObservations.builder(observations)
                    .requestObservations(properties.isRequests());
            return registry == null ? observer.build() : observer.meterRegistry(registry).build();
        }
    }

    /**
     * Active when the application has a {@code MeterRegistry} bean and {@code keypath.dynamodb.observations.mode}
     * is {@code meters}: an {@link OperationObserver} that records each operation's timer and capacity and item
     * counters straight into that registry ({@link KeyPathObservations#meters}), with no observation and so no
     * span. An application's own {@code OperationObserver} bean replaces it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = METER_REGISTRY)
    @ConditionalOnBean(type = METER_REGISTRY)
    @ConditionalOnProperty(name = KeyPathObservationProperties.PREFIX + ".mode", havingValue = "meters")
    static class MetersConfiguration {
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBooleanProperty(name = KeyPathObservationProperties.PREFIX + ".enabled", matchIfMissing = true)
        OperationObserver keyPathOperationObserver(MeterRegistry meters) {
            return KeyPathObservations.meters(meters);
        }
    }
}
