package dev.keypath.spring.slice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.test.KeyPathDynamoTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.TransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The slice on its default engine: DynamoDB Local started by keypath's auto-configuration in this JVM. */
@KeyPathDynamoTest(properties = "keypath.dynamodb.table-name=memos-slice")
class KeyPathDynamoTestSliceTest {
    @Autowired
    MemoRepository memos;
    @Autowired
    KeyPathDynamoOperations operations;
    @Autowired
    ApplicationContext context;

    @Test
    void repositoriesWorkOnTheEmbeddedEngine() {
        UUID owner = UUID.randomUUID();
        Memo first = memos.save(new Memo(owner, 0, "first"));
        Memo second = memos.save(new Memo(owner, 0, "second"));
        assertThat(first.memoId()).isEqualTo(1);
        assertThat(memos.findByOwnerId(owner)).containsExactly(first, second);
        assertThat(operations.findById(Memo.class, KeyPath.of("owner", owner).then("memo", 2))).contains(second);
    }

    @Test
    void onlyKeypathIsStarted_onItsOwnEngine_withTheTestsProperties() {
        assertThat(context.getBeansOfType(EmbeddedDynamoDb.class)).hasSize(1);
        EmbeddedDynamoDb engine = context.getBean(EmbeddedDynamoDb.class);
        assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration().endpointOverride())
                .contains(engine.endpoint());
        assertThat(context.getBean(KeyPathTable.class).tableName()).isEqualTo("memos-slice");
        assertThat(context.getBeanNamesForType(TransactionManager.class)).isNotEmpty();
        assertThat(context.getBeansOfType(MemoService.class)).isEmpty();
        assertThat(context.containsBean("dispatcherServlet")).isFalse();
    }
}
