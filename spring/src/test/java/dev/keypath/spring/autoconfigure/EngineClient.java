package dev.keypath.spring.autoconfigure;

import dev.keypath.test.TestDynamoDb;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The application's {@code DynamoDbClient} in the auto-configuration tests: the shared DynamoDB Local engine's client,
 * which the context must not close when it stops.
 */
@Configuration(proxyBeanMethods = false)
class EngineClient {
    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }
}
