package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.micrometer.ledger.AccessPatternLedger;
import dev.keypath.spring.actuate.KeyPathEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The {@code keypath} Actuator endpoint ({@link KeyPathEndpoint}), when the application has Spring Boot Actuator
 * and the ledger; exposed over HTTP like any endpoint ({@code management.endpoints.web.exposure.include=keypath}).
 */
@AutoConfiguration(after = {KeyPathLedgerAutoConfiguration.class, KeyPathDynamoAutoConfiguration.class})
@ConditionalOnClass(name = {KeyPathEndpointAutoConfiguration.ENDPOINT_ANNOTATION,
    KeyPathEndpointAutoConfiguration.LEDGER})
@EnableConfigurationProperties(KeyPathLedgerProperties.class)
public class KeyPathEndpointAutoConfiguration {
    static final String ENDPOINT_ANNOTATION = "org.springframework.boot.actuate.endpoint.annotation.Endpoint";
    static final String LEDGER = "dev.keypath.micrometer.ledger.AccessPatternLedger";

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean({AccessPatternLedger.class, KeyPathTable.class})
    @ConditionalOnAvailableEndpoint(KeyPathEndpoint.class)
    KeyPathEndpoint keyPathEndpoint(AccessPatternLedger ledger, KeyPathTable table,
            KeyPathLedgerProperties properties) {
        return new KeyPathEndpoint(ledger, table.tableName(), properties.getHotPartitions());
    }
}
