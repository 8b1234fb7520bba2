package dev.keypath.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import java.net.URI;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** One table per class: every field and parameter sees the same bootstrapped table. */
@KeyPathDynamoDb(types = Note.class)
class PerClassTableTest {
    private static final Set<String> TABLES_SEEN = new HashSet<>();
    @Injected
    private static KeyPathTable staticTable;
    private static String fromBeforeAll;

    @Injected
    private KeyPathTable table;
    @Injected
    private KeyPathAsyncTable asyncTable;
    @Injected
    private DynamoDbClient client;
    @Injected
    private DynamoDbAsyncClient asyncClient;
    @Injected
    private TestDynamoDb engine;
    @Injected
    private URI endpoint;

    @BeforeAll
    static void beforeAll(KeyPathTable parameter) {
        assertThat(parameter).isSameAs(staticTable);
        fromBeforeAll = parameter.tableName();
    }

    @AfterAll
    static void oneTableForTheClass() {
        assertThat(TABLES_SEEN).containsExactly(fromBeforeAll);
    }

    @Test
    void fieldsHoldTheEngineAndOneBootstrappedTable() {
        TABLES_SEEN.add(table.tableName());
        assertThat(table).isSameAs(staticTable);
        assertThat(asyncTable.tableName()).isEqualTo(table.tableName());
        assertThat(table.tableName()).matches("kp-\\d{8}t\\d{6}-[a-z0-9]{4}-PerClassTableTest-\\d+");
        assertThat(engine).isSameAs(TestDynamoDb.get());
        assertThat(client).isSameAs(engine.client());
        assertThat(asyncClient).isSameAs(engine.asyncClient());
        assertThat(endpoint).isEqualTo(engine.endpoint());
        assertThat(client.describeTable(r -> r.tableName(table.tableName())).table().tableStatus())
                .isEqualTo(TableStatus.ACTIVE);
    }

    @Test
    void syncAndAsyncTablesShareItemsAndPageTokens() {
        TABLES_SEEN.add(table.tableName());
        table.put(new Note("b", 1, "one"));
        table.put(new Note("b", 2, "two"));
        assertThat(asyncTable.get(Note.class, KeyPath.of("board", "b").then("note", 1)).join())
                .contains(new Note("b", 1, "one"));
        String token = table.query(q -> q.subtree(KeyPath.of("board", "b")).limit(1)).nextPageToken();
        assertThat(asyncTable.query(q -> q.subtree(KeyPath.of("board", "b")).limit(1).pageToken(token)).join().items())
                .isNotEmpty();
    }

    @Test
    void parametersGetTheSameAsFields(KeyPathTable p, KeyPathAsyncTable a, DynamoDbClient c, URI e, TestDynamoDb t) {
        TABLES_SEEN.add(p.tableName());
        assertThat(p).isSameAs(table);
        assertThat(a).isSameAs(asyncTable);
        assertThat(c).isSameAs(client);
        assertThat(e).isEqualTo(endpoint);
        assertThat(t).isSameAs(engine);
    }
}
