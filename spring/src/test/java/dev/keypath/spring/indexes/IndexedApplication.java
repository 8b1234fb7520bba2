package dev.keypath.spring.indexes;

import dev.keypath.test.TestDynamoDb;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The application of the index and unique-key repository tests, on a table of its own. */
@SpringBootApplication
public class IndexedApplication {
    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }
}
