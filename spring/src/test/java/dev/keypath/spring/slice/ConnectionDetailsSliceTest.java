package dev.keypath.spring.slice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.autoconfigure.KeyPathDynamoConnectionDetails;
import dev.keypath.spring.test.KeyPathDynamoTest;
import dev.keypath.test.TestDynamoDb;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The slice with a connection-details bean, as {@code @ServiceConnection} on a LocalStack container would define
 * one; here it points at the shared test engine. It wins over the slice's embedded engine.
 */
@KeyPathDynamoTest(properties = "keypath.dynamodb.table-name=memos-by-details")
@Import(ConnectionDetailsSliceTest.SharedEngine.class)
class ConnectionDetailsSliceTest {
    @Autowired
    MemoRepository memos;
    @Autowired
    ApplicationContext context;

    @TestConfiguration(proxyBeanMethods = false)
    static class SharedEngine {
        @Bean
        KeyPathDynamoConnectionDetails sharedEngine() {
            return new KeyPathDynamoConnectionDetails() {
                @Override
                public URI getEndpoint() {
                    return TestDynamoDb.get().endpoint();
                }

                @Override
                public String getRegion() {
                    return "eu-west-1";
                }
            };
        }
    }

    @Test
    void theClientConnectsWhereTheDetailsSay_andNoEmbeddedEngineStarts() {
        assertThat(context.getBeansOfType(EmbeddedDynamoDb.class)).isEmpty();
        DynamoDbClient client = context.getBean(DynamoDbClient.class);
        assertThat(client.serviceClientConfiguration().endpointOverride()).contains(TestDynamoDb.get().endpoint());
        assertThat(client.serviceClientConfiguration().region().id()).isEqualTo("eu-west-1");

        Memo saved = memos.save(new Memo(UUID.randomUUID(), 0, "on the shared engine"));
        String table = context.getBean(KeyPathTable.class).tableName();
        assertThat(TestDynamoDb.get().client().scan(r -> r.tableName(table)).items()).isNotEmpty();
        assertThat(memos.findByOwnerId(saved.ownerId())).containsExactly(saved);
    }
}
