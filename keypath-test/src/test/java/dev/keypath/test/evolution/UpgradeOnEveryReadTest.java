package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.evolution.PersonVersions.Person;
import dev.keypath.test.evolution.PersonVersions.V1;
import dev.keypath.test.evolution.PersonVersions.V7;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items written by version 1 of {@link PersonVersions} read as version 7 through every route a table reads items
 * by: get (eventual and strong, sync and async), query, scan, lazy stream, parallel scan, batch get, transactional
 * get, projections onto a record and an interface (get, scan, batch get), a delete that returns the item, a count
 * by type, and the stored-item mapper export and tools use. Type rename included: version 1 stores "Person", version
 * 7 reads it as "Member".
 */
class UpgradeOnEveryReadTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("upgrade-reads");
    private static final List<Person> PEOPLE = new ArrayList<>();
    private static KeyPathTable v1;
    private static KeyPathTable v7;
    private static KeyPathAsyncTable v7async;

    /** A view of version 7 whose fields an older item holds elsewhere (renamed, split) or not at all (added). */
    record Names(String fullName, String city, String nickname) {
    }

    /** The same view as an interface. */
    interface NameView {
        String fullName();

        String street();
    }

    @BeforeAll
    static void writtenByVersionOne() {
        v1 = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE).register(V1.class).build();
        v1.bootstrap();
        v7 = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE).register(V7.class).build();
        v7async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(TABLE)
                .register(V7.class).build();
        for (int i = 0; i < 5; i++) {
            Person p = new Person(UUID.randomUUID(), "name " + i, 30 + i, "old " + i, "street " + i, "city " + i,
                    null);
            v1.put(V1.of(p));
            PEOPLE.add(p);
        }
    }

    private static V7 expected(Person p) {
        return V7.of(p.readAs(1, 7));
    }

    private static KeyPath path(Person p) {
        return KeyPath.of("person", p.id());
    }

    private static List<V7> all() {
        return PEOPLE.stream().map(UpgradeOnEveryReadTest::expected).sorted(Comparator.comparing(V7::fullName))
                .toList();
    }

    private static List<V7> sorted(List<?> items) {
        return items.stream().map(V7.class::cast).sorted(Comparator.comparing(V7::fullName)).toList();
    }

    @Test
    void getsSyncAndAsync() {
        for (Person p : PEOPLE) {
            assertThat(v7.get(V7.class, path(p))).contains(expected(p));
            assertThat(v7.get(V7.class, path(p), ReadConsistency.EVENTUAL)).contains(expected(p));
            assertThat(v7async.get(V7.class, path(p)).join()).contains(expected(p));
        }
    }

    @Test
    void queriesScansStreamsAndParallelScans() {
        for (Person p : PEOPLE) {
            assertThat(v7.query(V7.class, ItemQuery.of(q -> q.subtree(path(p)))).items()).containsExactly(expected(p));
            assertThat(v7.query(q -> q.subtree(path(p))).items()).containsExactly(expected(p));
            assertThat(v7async.query(ItemQuery.of(q -> q.subtree(path(p)))).join().items())
                    .containsExactly(expected(p));
        }
        assertThat(sorted(v7.scan(ItemScan.of(s -> s.types(V7.class))).items())).isEqualTo(all());
        assertThat(sorted(v7.stream(ItemScan.of(s -> s.types(V7.class))).toList())).isEqualTo(all());
        assertThat(sorted(v7.scanInParallel(ItemScan.of(s -> s.types(V7.class)), 3).toList())).isEqualTo(all());
        assertThat(v7.count(ItemQuery.of(q -> q.subtree(path(PEOPLE.get(0))).types(V7.class)))).isEqualTo(1);
    }

    @Test
    void batchAndTransactionalGets() {
        List<KeyPath> paths = PEOPLE.stream().map(UpgradeOnEveryReadTest::path).toList();
        assertThat(sorted(v7.batchGet(V7.class, paths))).isEqualTo(all());
        assertThat(sorted(v7.batchGet(paths.stream().map(k -> ItemKey.of(V7.class, k)).toList(),
                ReadConsistency.STRONG))).isEqualTo(all());
        var snapshot = v7.transactGet(paths.stream().map(k -> ItemKey.of(V7.class, k)).toList());
        for (Person p : PEOPLE) {
            assertThat(snapshot.get(V7.class, path(p))).contains(expected(p));
        }
    }

    @Test
    void projectionsAskForTheAttributesOlderItemsHoldTheirFieldsIn() {
        Projection<Names> names = v7.schema(V7.class).projection(Names.class);
        Projection<NameView> view = v7.schema(V7.class).projection(NameView.class);
        for (Person p : PEOPLE) {
            assertThat(v7.get(names, path(p))).contains(new Names(p.name(), p.city(), "none"));
            NameView v = v7.get(view, path(p)).orElseThrow();
            assertThat(v.fullName()).isEqualTo(p.name());
            assertThat(v.street()).isEqualTo(p.street());
        }
        Map<String, Names> scanned = v7.scan(names, ItemScan.of(s -> s.types(V7.class))).items().stream()
                .collect(Collectors.toMap(Names::fullName, n -> n));
        assertThat(scanned).hasSize(PEOPLE.size());
        PEOPLE.forEach(p -> assertThat(scanned.get(p.name())).isEqualTo(new Names(p.name(), p.city(), "none")));
        assertThat(v7.batchGet(names, PEOPLE.stream().map(UpgradeOnEveryReadTest::path).toList(),
                ReadConsistency.STRONG)).hasSize(PEOPLE.size()).allMatch(n -> n.nickname().equals("none"));
    }

    @Test
    void theStoredItemMapperOfExportAndToolsUpgrades() {
        for (Person p : PEOPLE) {
            Map<String, AttributeValue> raw = TestDynamoDb.get().client().getItem(b -> b.tableName(TABLE)
                    .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path(p).partitionKey())),
                            "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path(p).sortKey()))))).item();
            assertThat(raw.get("_type").s()).isEqualTo("Person");
            assertThat(v7.readStoredItem(raw)).contains(expected(p));
            assertThat(v7async.readStoredItem(raw)).contains(expected(p));
        }
    }

    @Test
    void aDeleteReturnsTheUpgradedItem() {
        Person p = new Person(UUID.randomUUID(), "gone", 50, "x", "s", "c", null);
        v1.put(V1.of(p));
        assertThat(v7.delete(DeleteItem.builder(V7.class, path(p)).returnDeleted().build())).contains(expected(p));
    }
}
