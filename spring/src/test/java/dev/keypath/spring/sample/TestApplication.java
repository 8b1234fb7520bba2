package dev.keypath.spring.sample;

import dev.keypath.test.TestDynamoDb;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The Spring Boot application of the integration tests: auto-configuration plus the shared test engine's client
 * (not closed by the context, since the engine owns it).
 */
@SpringBootApplication
public class TestApplication {
    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }
}
