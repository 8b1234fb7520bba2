package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.dao.DataRetrievalFailureException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A stored item that cannot be read is a server-side failure naming its key path, or skipped when asked. */
class UnreadableItemsTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("unreadable");
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(KeyPathDynamoAutoConfiguration.class))
            .withUserConfiguration(EngineClient.class)
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.create-table-if-missing=true",
                    "keypath.dynamodb.table-name=" + TABLE);

    private static KeyPath writeBrokenUser() {
        KeyPath path = KeyPath.of("user", UUID.randomUUID());
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        item.put("_type", AttributeValue.fromS("User"));
        item.put("version", AttributeValue.fromS("not a number"));
        TestDynamoDb.get().client().putItem(r -> r.tableName(TABLE).item(item));
        return path;
    }

    @Test
    void byDefaultAReadFailsServerSideNamingTheKeyPath() {
        runner.run(ctx -> {
            KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
            KeyPath broken = writeBrokenUser();
            assertThatThrownBy(() -> ops.findById(User.class, broken))
                    .isInstanceOf(DataRetrievalFailureException.class).hasMessageContaining(broken.toString())
                    .hasMessageContaining("version");
            assertThatThrownBy(() -> ops.findSubtree(broken)).isInstanceOf(DataRetrievalFailureException.class)
                    .hasMessageContaining(broken.toString());
        });
    }

    @Test
    void skipLeavesItOutOfCollections() {
        runner.withPropertyValues("keypath.dynamodb.unreadable-items=skip").run(ctx -> {
            KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
            KeyPath broken = writeBrokenUser();
            assertThat(ops.findSubtree(broken).items()).isEmpty();
            assertThatThrownBy(() -> ops.findById(User.class, broken)).as("a single read still fails")
                    .isInstanceOf(DataRetrievalFailureException.class);
        });
    }
}
