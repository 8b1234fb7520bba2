package dev.keypath.examples.spring;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.snapshot.SchemaSnapshot;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The Spring application's table, with the types and the storage mapper its configuration gives it, matches the
 * schema snapshot committed beside its tests.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = {
    "keypath.dynamodb.embedded=false", "keypath.dynamodb.create-table-if-missing=true",
    "keypath.dynamodb.table-name=social-schema-test"})
class SocialApiSchemaSnapshotTest {
    @TestConfiguration(proxyBeanMethods = false)
    static class Engine {
        @Bean(destroyMethod = "")
        DynamoDbClient dynamoDbClient() {
            return TestDynamoDb.get().client();
        }
    }

    @Autowired
    KeyPathTable table;

    @Test
    void theTableMatchesTheCommittedSnapshot() {
        SchemaSnapshot.assertMatches(table, Path.of("src/test/resources/keypath-schema-spring.json"));
    }
}
