package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items stored under both layouts of a type being re-sharded, as builds from before the table's layout record could
 * leave them (the former copy written after the new one): every read of an instance that declares the re-shard takes
 * the same copy, the new layout's, once: get (whole and projected), batchGet (whole, typed and projected),
 * transactGet, a query in both directions with any limit and with page tokens, its stream, count, scan, parallel
 * scan and the asynchronous table's reads. A copy in neither layout is read by none.
 */
class ReshardCopiesTest {
    private static final String DAY = "2026-11-27";
    private static final KeyPath DAY_PATH = KeyPath.of("day", DAY);
    private static final int ITEMS = 12;
    private static String name;
    private static KeyPathTable table;
    private static KeyPathAsyncTable async;
    private static List<Long> ids;

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId")
    record EventAt4(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record EventAt16(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record EventFrom4To16(String day, long eventId, String note) {
    }

    /** A view of an event: its note. */
    record Note(String note) {
    }

    private static void store(Object item) {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Map<String, AttributeValue> raw = ItemSchemas.of((Class) item.getClass()).toItem(item);
        TestDynamoDb.get().client().putItem(r -> r.tableName(name).item(raw));
    }

    @BeforeAll
    static void storeBothCopies() {
        name = TestDynamoDb.uniqueTableName("copies");
        table = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name)
                .register(EventFrom4To16.class).build();
        table.bootstrap();
        async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(name)
                .register(EventFrom4To16.class).build();
        // ids whose shard among 16 differs from their shard among 4, and ids whose shard is the same in both
        ids = LongStream.range(0, 200).filter(i -> ShardKeys.calculatedShard(4, List.of(KeyId.of(i)))
                != ShardKeys.calculatedShard(16, List.of(KeyId.of(i)))).limit(ITEMS).boxed().toList();
        for (long id : ids) {
            store(new EventAt16(DAY, id, "new")); // the new layout's copy first,
            store(new EventAt4(DAY, id, "old")); // then a former copy written after it
        }
        // a copy in neither layout: shard 15 of an id whose shards are other
        long stray = ids.get(0);
        Map<String, AttributeValue> elsewhere = new HashMap<>(ItemSchemas.of(EventAt16.class)
                .toItem(new EventAt16(DAY, stray, "elsewhere")));
        int shard = ShardKeys.calculatedShard(16, List.of(KeyId.of(stray))) == 15 ? 14 : 15;
        elsewhere.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(
                ShardKeys.encode(DAY_PATH.then("event", stray), shard))));
        TestDynamoDb.get().client().putItem(r -> r.tableName(name).item(elsewhere));
    }

    @AfterAll
    static void deleteTable() {
        TestDynamoDb.get().client().deleteTable(r -> r.tableName(name));
    }

    private static List<String> notes(List<EventFrom4To16> events) {
        return events.stream().map(EventFrom4To16::note).toList();
    }

    private static List<String> allNew() {
        return Collections.nCopies(ITEMS, "new");
    }

    @Test
    void pointReadsTakeTheNewCopy() {
        KeyPath first = DAY_PATH.then("event", ids.get(0));
        assertThat(table.get(EventFrom4To16.class, first).map(EventFrom4To16::note)).contains("new");
        assertThat(table.get(Projection.of(EventFrom4To16.class, Note.class), first)).contains(new Note("new"));
        List<KeyPath> paths = ids.stream().map(id -> DAY_PATH.then("event", id)).toList();
        List<ItemKey<?>> keys = paths.stream().<ItemKey<?>>map(p -> ItemKey.of(EventFrom4To16.class, p)).toList();
        assertThat(table.batchGet(keys, ReadConsistency.EVENTUAL)).extracting(e -> ((EventFrom4To16) e).note())
                .containsExactlyElementsOf(allNew());
        assertThat(notes(table.batchGet(EventFrom4To16.class, paths))).isEqualTo(allNew());
        assertThat(table.batchGet(Projection.of(EventFrom4To16.class, Note.class), paths, ReadConsistency.STRONG))
                .containsOnly(new Note("new")).hasSize(ITEMS);
        assertThat(table.transactGet(keys.subList(0, 10)).found()).hasSize(10)
                .allSatisfy(e -> assertThat(((EventFrom4To16) e).note()).isEqualTo("new"));
    }

    @Test
    void queriesInBothDirectionsWithAnyLimitAndCountsTakeTheNewCopyOnce() {
        for (boolean descending : new boolean[] {false, true}) {
            for (int limit : new int[] {0, 1, 2, 5, 100}) {
                List<String> read = new ArrayList<>();
                String token = null;
                do {
                    String from = token;
                    var page = table.query(EventFrom4To16.class, ItemQuery.of(q -> {
                        q.subtree(DAY_PATH).limit(limit).pageToken(from);
                        if (descending) {
                            q.descending();
                        }
                    }));
                    page.items().forEach(e -> read.add(e.note()));
                    token = page.nextPageToken();
                } while (token != null);
                assertThat(read).as("descending %s, limit %d", descending, limit).isEqualTo(allNew());
            }
        }
        assertThat(notes(table.stream(EventFrom4To16.class, ItemQuery.of(q -> q.subtree(DAY_PATH))).toList()))
                .isEqualTo(allNew());
        assertThat(table.count(ItemQuery.of(q -> q.subtree(DAY_PATH)))).isEqualTo(ITEMS);
        assertThat(table.count(ItemQuery.of(q -> q.subtree(DAY_PATH).limit(3)))).isEqualTo(3);
    }

    @Test
    void scansTakeTheNewCopyOnce() {
        List<String> scanned = new ArrayList<>();
        for (int limit : new int[] {0, 3}) {
            scanned.clear();
            String token = null;
            do {
                String from = token;
                var page = table.scan(ItemScan.of(s -> s.types(EventFrom4To16.class).limit(limit).pageToken(from)));
                page.items().forEach(e -> scanned.add(((EventFrom4To16) e).note()));
                token = page.nextPageToken();
            } while (token != null);
            assertThat(scanned).as("limit %d", limit).isEqualTo(allNew());
        }
        assertThat(table.scanInParallel(ItemScan.of(s -> s.types(EventFrom4To16.class)), 4)
                .map(e -> ((EventFrom4To16) e).note()).toList()).isEqualTo(allNew());
        List<String> parallel = new java.util.concurrent.CopyOnWriteArrayList<>();
        AsyncResults.await(async.scanInParallel(ItemScan.of(s -> s.types(EventFrom4To16.class)), 3,
                page -> page.items().forEach(e -> parallel.add(((EventFrom4To16) e).note()))));
        assertThat(parallel).isEqualTo(allNew());
    }

    @Test
    void theAsynchronousTableReadsAlike() {
        KeyPath first = DAY_PATH.then("event", ids.get(0));
        assertThat(AsyncResults.await(async.get(EventFrom4To16.class, first)).map(EventFrom4To16::note))
                .contains("new");
        List<KeyPath> paths = ids.stream().map(id -> DAY_PATH.then("event", id)).toList();
        assertThat(notes(AsyncResults.await(async.batchGet(EventFrom4To16.class, paths)))).isEqualTo(allNew());
        assertThat(notes(AsyncResults.await(async.query(EventFrom4To16.class, ItemQuery.of(q -> q.subtree(DAY_PATH)
                .descending().limit(1)))).items())).containsExactly("new");
        assertThat(AsyncResults.await(async.count(ItemQuery.of(q -> q.subtree(DAY_PATH))))).isEqualTo(ITEMS);
        assertThat(AsyncResults.await(async.scan(ItemScan.of(s -> s.types(EventFrom4To16.class)))).items())
                .extracting(e -> ((EventFrom4To16) e).note()).isEqualTo(allNew());
    }
}
