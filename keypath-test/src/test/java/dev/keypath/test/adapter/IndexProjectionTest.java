package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.IndexModel.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Index projections: KEYS_ONLY and INCLUDE indexes are created as declared, are sparse, return their keys
 * ({@code queryKeys}) and, when items are asked for, the whole items read by key in the index's order.
 */
@KeyPathDynamoDb(types = {Task.class})
class IndexProjectionTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    private static GlobalSecondaryIndexDescription index(TableDescription d, String name) {
        return d.globalSecondaryIndexes().stream().filter(g -> g.indexName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void bootstrapProjectsKeysOnlyAndIncludedAttributesWithTheTypeAndTtl() {
        TableDescription d = client.describeTable(b -> b.tableName(table.tableName())).table();
        assertThat(index(d, "byAssignee").projection().projectionTypeAsString()).isEqualTo("INCLUDE");
        assertThat(index(d, "byAssignee").projection().nonKeyAttributes()).containsExactlyInAnyOrder("_type", "_ttl");
        assertThat(index(d, "byState").projection().nonKeyAttributes())
                .containsExactlyInAnyOrder("_type", "_ttl", "title");
    }

    @Test
    void aKeysOnlyIndexIsSparseAndHydratesWholeItemsInIndexOrder() {
        String assignee = "ann-" + UUID.randomUUID();
        UUID user = UUID.randomUUID();
        List<Task> assigned = new ArrayList<>();
        for (long id = 1; id <= 12; id++) {
            Task t = new Task(user, id, id, id % 3 == 0 ? null : assignee, "open", "title " + id, "notes " + id);
            table.put(t);
            if (t.assignee() != null) {
                assigned.add(t);
            }
        }
        ItemQuery byAssignee = ItemQuery.of(q -> q.index("byAssignee").subtree(KeyPath.of("assignee", assignee)));

        Page<ItemKey<?>> keys = table.queryKeys(byAssignee);
        assertThat(keys.items()).extracting(ItemKey::keyPath)
                .containsExactlyElementsOf(assigned.stream().map(table::keyPathOf).toList());
        assertThat(keys.items()).allSatisfy(k -> assertThat(k.type()).isEqualTo(Task.class));

        assertThat(table.query(Task.class, byAssignee).items()).containsExactlyElementsOf(assigned);
        List<Task> reversed = new ArrayList<>(assigned);
        java.util.Collections.reverse(reversed);
        assertThat(table.query(Task.class, byAssignee.toBuilder().descending().build()).items())
                .containsExactlyElementsOf(reversed);
        assertThat(table.count(byAssignee)).isEqualTo(assigned.size());
    }

    @Test
    void hydratedPagesFollowTheIndexPageByPageAndStreamEveryItemOnce() {
        String assignee = "bob-" + UUID.randomUUID();
        UUID user = UUID.randomUUID();
        for (long id = 1; id <= 7; id++) {
            table.put(new Task(user, id, id, assignee, "open", "t" + id, null));
        }
        ItemQuery q = ItemQuery.of(b -> b.index("byAssignee").subtree(KeyPath.of("assignee", assignee)).limit(3));
        Page<Task> first = table.query(Task.class, q);
        Page<Task> second = table.query(Task.class, q.toBuilder().pageToken(first.nextPageToken()).build());
        assertThat(first.items()).extracting(Task::taskId).containsExactly(1L, 2L, 3L);
        assertThat(second.items()).extracting(Task::taskId).containsExactly(4L, 5L, 6L);
        assertThat(table.stream(Task.class, q).map(Task::taskId).toList()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
    }

    @Test
    void hydrationRetriesTheKeysABatchGetLeftUnprocessed() {
        FaultInjector faults = new FaultInjector();
        try (DynamoDbClient faulty = TestDynamoDb.get().clientBuilder().overrideConfiguration(o -> o
                .addExecutionInterceptor(faults)).build()) {
            KeyPathTable t = KeyPathTables.builder().client(faulty).tableName(table.tableName()).register(Task.class)
                    .batchPolicy(TableFixture.FAST_RETRIES).build();
            String assignee = "cy-" + UUID.randomUUID();
            UUID user = UUID.randomUUID();
            for (long id = 1; id <= 9; id++) {
                t.put(new Task(user, id, id, assignee, "open", "t" + id, null));
            }
            faults.dropBatchItems(2);

            List<Task> items = t.query(Task.class, ItemQuery.of(q -> q.index("byAssignee")
                    .subtree(KeyPath.of("assignee", assignee)))).items();

            assertThat(items).extracting(Task::taskId).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
            assertThat(faults.injectedDrops()).isEqualTo(2);
            assertThat(faults.calls("BatchGetItem")).isEqualTo(3);
        }
    }

    @Test
    void anIncludeIndexFiltersOnItsIncludedAttributesAndHydratesTheRest() throws Exception {
        String state = "review-" + UUID.randomUUID();
        UUID user = UUID.randomUUID();
        table.put(new Task(user, 1, 1, null, state, "keep", "n1"));
        table.put(new Task(user, 2, 2, null, state, "drop", "n2"));
        table.put(new Task(user, 3, 3, null, null, "keep", "n3"));

        ItemQuery q = ItemQuery.of(b -> b.index("byState").subtree(KeyPath.of("state", state))
                .filter(Condition.attributeEquals("title", "keep")));
        assertThat(table.query(Task.class, q).items()).containsExactly(new Task(user, 1, 1, null, state, "keep", "n1"));
        assertThat(async.query(Task.class, q).get(2, TimeUnit.MINUTES).items()).extracting(Task::notes)
                .containsExactly("n1");
        assertThat(async.queryKeys(q).get(2, TimeUnit.MINUTES).items()).extracting(ItemKey::keyPath)
                .containsExactly(KeyPath.of("user", user).then("task", 1));
    }

    @Test
    void aFilterOnAKeysOnlyIndexIsRefusedBeforeAnyRequest() {
        assertThatThrownBy(() -> table.query(ItemQuery.of(q -> q.index("byAssignee").subtree(KeyPath.of("assignee", "x"))
                .filter(Condition.attributeEquals("title", "t")))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("byAssignee")
                .hasMessageContaining("keys only");
    }

    @Test
    void anItemDeletedBetweenTheIndexAndItsReadIsLeftOut() throws Exception {
        String assignee = "dee-" + UUID.randomUUID();
        UUID user = UUID.randomUUID();
        for (long id = 1; id <= 3; id++) {
            async.put(new Task(user, id, id, assignee, "open", "t" + id, null)).get(2, TimeUnit.MINUTES);
        }
        ItemQuery q = ItemQuery.of(b -> b.index("byAssignee").subtree(KeyPath.of("assignee", assignee)));
        assertThat(async.query(Task.class, q).get(2, TimeUnit.MINUTES).items()).extracting(Task::taskId)
                .containsExactly(1L, 2L, 3L);
        // the index entry survives, the item does not: remove the item behind the index's back
        client.deleteItem(b -> b.tableName(table.tableName()).key(Map.of(
                "pk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                        KeyPath.of("user", user).partitionKey())),
                "sk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                        KeyPath.of("user", user).then("task", 2).sortKey())))));
        assertThat(async.query(Task.class, q).get(2, TimeUnit.MINUTES).items()).extracting(Task::taskId)
                .containsExactly(1L, 3L);
    }

    @ItemType(keyPath = "/user-{userId}/task-{taskId}", name = "Task")
    @SecondaryKeyPath(index = "byAssignee", keyPath = "/assignee-{assignee}/task-{taskId}")
    record AllAssignee(UUID userId, long taskId, String assignee) {
    }

    @Test
    void anExistingIndexWithAnotherProjectionIsAMismatch(DynamoDbClient engine) {
        String name = TestDynamoDb.uniqueTableName("proj");
        KeyPathTables.builder().client(engine).tableName(name).register(AllAssignee.class).build().bootstrap();
        assertThatThrownBy(() -> KeyPathTables.builder().client(engine).tableName(name).register(Task.class).build()
                .bootstrap()).isInstanceOf(TableSchemaMismatchException.class)
                .hasMessageContaining("Index 'byAssignee'").hasMessageContaining("projects ALL")
                .hasMessageContaining("global KEYS_ONLY");
    }

    @ItemType(keyPath = "/a-{id}", name = "A")
    @SecondaryKeyPath(index = "shared", keyPath = "/s-{id}", projection = IndexProjection.KEYS_ONLY)
    record KeysOnlyShared(String id) {
    }

    @ItemType(keyPath = "/b-{id}", name = "B")
    @SecondaryKeyPath(index = "shared", keyPath = "/s-{id}")
    record AllShared(String id) {
    }

    @ItemType(keyPath = "/c-{id}", name = "C")
    @SecondaryKeyPath(index = "inc", keyPath = "/s-{id}", projection = IndexProjection.INCLUDE, include = "missing")
    record IncludesNothing(String id, String other) {
    }

    @Test
    void typesThatDeclareOneIndexDifferentlyOrIncludeUnknownAttributesAreRefused() {
        assertThatThrownBy(() -> KeyPathTables.builder().client(client).tableName("never")
                .register(KeysOnlyShared.class, AllShared.class).build())
                .isInstanceOf(dev.keypath.dynamodb.ItemMappingException.class)
                .hasMessageContaining("Index 'shared'").hasMessageContaining("global KEYS_ONLY")
                .hasMessageContaining("global ALL");
        assertThatThrownBy(() -> KeyPathTables.builder().client(client).tableName("never")
                .register(IncludesNothing.class).build())
                .isInstanceOf(dev.keypath.dynamodb.ItemMappingException.class)
                .hasMessageContaining("'missing'").hasMessageContaining("(stored: [other])");
    }
}
