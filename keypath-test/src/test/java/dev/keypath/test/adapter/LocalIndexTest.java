package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.IndexModel.Task;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** Local secondary indexes: created with the table, queried in the item's partition, strongly consistent if asked. */
@KeyPathDynamoDb(types = {Task.class})
class LocalIndexTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    private static Task task(UUID user, long id, long due) {
        return new Task(user, id, due, null, null, "task " + id, "notes");
    }

    @Test
    void bootstrapCreatesTheLocalIndexOnThePartitionKey() {
        TableDescription d = client.describeTable(b -> b.tableName(table.tableName())).table();
        assertThat(d.localSecondaryIndexes()).singleElement().satisfies(l -> {
            assertThat(l.indexName()).isEqualTo("byDue");
            assertThat(l.keySchema()).extracting(k -> k.attributeName() + ":" + k.keyType())
                    .containsExactly("pk:" + KeyType.HASH, "byDue_sk:" + KeyType.RANGE);
            assertThat(l.projection().projectionTypeAsString()).isEqualTo("ALL");
        });
        assertThat(d.globalSecondaryIndexes()).extracting(g -> g.indexName())
                .containsExactlyInAnyOrder("byAssignee", "byState");
    }

    @Test
    void aLocalIndexOrdersThePartitionByItsSecondSortKey() {
        UUID user = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        long[] dues = {30, 10, 20, 50, 40};
        for (int i = 0; i < dues.length; i++) {
            table.put(task(user, i + 1, dues[i]));
        }
        table.put(task(other, 1, 15));

        ItemQuery byDue = ItemQuery.of(q -> q.index("byDue").subtree(KeyPath.of("user", user).then("due")));
        assertThat(table.query(Task.class, byDue).items()).extracting(Task::due).containsExactly(10L, 20L, 30L, 40L, 50L);
        ItemQuery window = ItemQuery.of(q -> q.index("byDue").between(KeyPath.of("user", user).then("due", 20),
                KeyPath.of("user", user).then("due", 40)).descending());
        assertThat(table.query(Task.class, window).items()).extracting(Task::due).containsExactly(30L, 20L);
        // the table's own order is by task id
        assertThat(table.query(Task.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", user)))).items())
                .extracting(Task::taskId).containsExactly(1L, 2L, 3L, 4L, 5L);
    }

    @Test
    void aLocalIndexCanBeReadStronglyConsistentAndAGlobalOneCannot() throws Exception {
        CountTest.QueryRecorder recorder = new CountTest.QueryRecorder();
        try (DynamoDbClient recorded = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(recorder)).build()) {
            KeyPathTable strong = KeyPathTables.builder().client(recorded).tableName(table.tableName())
                    .register(Task.class).build();
            UUID user = UUID.randomUUID();
            strong.put(task(user, 1, 7));

            Page<Task> page = strong.query(Task.class, ItemQuery.of(q -> q.index("byDue")
                    .subtree(KeyPath.of("user", user).then("due")).consistency(ReadConsistency.STRONG)));

            assertThat(page.items()).extracting(Task::taskId).containsExactly(1L);
            assertThat(recorder.requests).singleElement().satisfies(r -> {
                assertThat(r.indexName()).isEqualTo("byDue");
                assertThat(r.consistentRead()).isTrue();
            });
            int sent = recorder.requests.size();
            assertThatThrownBy(() -> strong.query(ItemQuery.of(q -> q.index("byState")
                    .subtree(KeyPath.of("state", "open")).consistency(ReadConsistency.STRONG))))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("byState")
                    .hasMessageContaining("global secondary index");
            assertThat(recorder.requests).hasSize(sent);
        }
        UUID user = UUID.randomUUID();
        async.put(task(user, 2, 3)).get(2, TimeUnit.MINUTES);
        assertThat(async.query(Task.class, ItemQuery.of(q -> q.index("byDue").subtree(KeyPath.of("user", user))
                .consistency(ReadConsistency.STRONG))).get(2, TimeUnit.MINUTES).items())
                .extracting(Task::taskId).containsExactly(2L);
    }

    @Test
    void anExistingTableWithoutTheLocalIndexIsAMismatchNamingIt(DynamoDbClient engine) {
        String name = TestDynamoDb.uniqueTableName("no-lsi");
        KeyPathTables.builder().client(engine).tableName(name).register(Model.User.class).build().bootstrap();

        assertThatThrownBy(() -> KeyPathTables.builder().client(engine).tableName(name).register(Task.class).build()
                .bootstrap()).isInstanceOf(TableSchemaMismatchException.class)
                .hasMessageContaining("no local secondary index 'byDue'");
    }

    @ItemType(keyPath = "/user-{userId}/task-{taskId}", name = "Misplaced")
    @SecondaryKeyPath(index = "elsewhere", keyPath = "/team-{userId}/task-{taskId}", local = true)
    record Misplaced(UUID userId, long taskId) {
    }

    @ItemType(keyPath = "/user-{userId}/task-{taskId}", name = "OtherVariable")
    @SecondaryKeyPath(index = "elsewhere", keyPath = "/user-{taskId}/due-{userId}", local = true)
    record OtherVariable(UUID userId, long taskId) {
    }

    @Test
    void aLocalIndexOutsideTheItemsPartitionIsRefusedWhenTheTypeIsRegistered() {
        for (Class<?> bad : List.of(Misplaced.class, OtherVariable.class)) {
            assertThatThrownBy(() -> KeyPathTables.builder().client(client).tableName("never").register(bad).build())
                    .isInstanceOf(ItemMappingException.class).hasMessageContaining("local index shares the item's "
                            + "partition").hasMessageContaining("elsewhere");
        }
    }

    @Test
    void theAsyncTableQueriesALocalIndex() throws Exception {
        UUID user = UUID.randomUUID();
        for (long id = 1; id <= 3; id++) {
            async.put(task(user, id, 100 - id)).get(2, TimeUnit.MINUTES);
        }
        Page<Task> page = async.query(Task.class, ItemQuery.of(q -> q.index("byDue")
                .subtree(KeyPath.of("user", user).then("due")).limit(2))).get(2, TimeUnit.MINUTES);
        assertThat(page.items()).extracting(Task::due).containsExactly(97L, 98L);
        Page<Task> rest = async.query(Task.class, ItemQuery.of(q -> q.index("byDue")
                .subtree(KeyPath.of("user", user).then("due")).limit(2).pageToken(page.nextPageToken())))
                .get(2, TimeUnit.MINUTES);
        assertThat(rest.items()).extracting(Task::due).containsExactly(99L);
    }

    @Test
    void anUpdateOfALocalIndexFieldStoresOnlyItsSortKeyAsAPutDoes() throws Exception {
        UUID user = UUID.randomUUID();
        KeyPath path = KeyPath.of("user", user).then("task", 1);
        table.put(task(user, 1, 30));
        Map<String, AttributeValue> put = raw(path);
        assertThat(put).containsKey("byDue_sk").doesNotContainKey("byDue_pk");

        table.update(Task.class, path, UpdateSpec.of(u -> u.set("due", 20L)));
        Map<String, AttributeValue> updated = raw(path);
        assertThat(updated).doesNotContainKey("byDue_pk");
        table.put(task(user, 1, 20));                                  // the same due day, by a put
        assertThat(updated.get("byDue_sk")).isEqualTo(raw(path).get("byDue_sk"));

        async.update(Task.class, path, UpdateSpec.of(u -> u.set("due", 25L))).get(2, TimeUnit.MINUTES);
        assertThat(raw(path)).doesNotContainKey("byDue_pk");
    }

    private static Map<String, AttributeValue> raw(KeyPath path) {
        return client.getItem(b -> b.tableName(table.tableName()).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(
                                path.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(
                                path.sortKey()))))).item();
    }
}
