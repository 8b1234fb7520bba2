package dev.keypath.spring.patterns;

import dev.keypath.test.TestDynamoDb;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An application with repositories and nothing about observability: what it sees of its access patterns comes
 * from the auto-configuration alone. On a table of its own on the shared test engine.
 */
@SpringBootApplication
public class PatternsApplication {
    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }
}
