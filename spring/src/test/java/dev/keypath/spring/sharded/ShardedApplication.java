package dev.keypath.spring.sharded;

import dev.keypath.test.TestDynamoDb;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** An application whose readings are sharded, on a table of its own. */
@SpringBootApplication
public class ShardedApplication {
    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }
}
