package dev.keypath.spring.hidden;

import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemRead;
import dev.keypath.dynamodb.ReadModification;
import dev.keypath.test.TestDynamoDb;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An application whose extension hides archived folders from every read, on a table of its own. */
@SpringBootApplication
public class HiddenItemsApplication {
    @Bean(destroyMethod = "")
    DynamoDbClient dynamoDbClient() {
        return TestDynamoDb.get().client();
    }

    @Bean
    ItemExtension hideArchived() {
        return new ItemExtension() {
            @Override
            public ReadModification afterRead(ItemRead read) {
                AttributeValue archived = read.attributes().get("archived");
                return archived != null && Boolean.TRUE.equals(archived.bool()) ? ReadModification.absent()
                        : ReadModification.NONE;
            }
        };
    }
}
