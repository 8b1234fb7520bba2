package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.TestDynamoDb;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The rewrite brings every item of the type to the form this build stores, not only to the current version: items an
 * older build wrote (nulls stored as {@code NULL}, sets stored as lists, a nested record's null as {@code NULL}, index
 * keys of an index added later missing), at the older version or already at the current one, are stored as a put of
 * the object they read as would store them; the object read is the same before and after. Attributes the type does
 * not store (another writer's, {@code _kp_src}) are left alone, and so are a null map value and an empty set, which
 * this build stores as they are.
 */
class RewriteStoredFormTest {
    record Spec(String color, Long size) {
    }

    @ItemType(keyPath = "/shop-{shop}/gadget-{id}", name = "Gadget", version = 2)
    @SecondaryKeyPath(index = "byColor", keyPath = "/color-{color}/gadget-{id}")
    record Gadget(String shop, long id, String name, String color, Set<String> tags, Set<Long> sizes,
                  Set<String> marks, List<String> notes, Spec spec, Map<String, String> attrs, BigDecimal price) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("title", "name")));
        }
    }

    @ItemType(keyPath = "/shop-{shop}")
    record Shop(String shop, String owner) {
    }

    static final int OLDER = 30;
    static final int LEGACY_CURRENT = 20;
    static final int PUT = 10;

    static KeyPathTable table;

    @BeforeAll
    static void olderBuildsItems() {
        table = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("rewrite-form")).register(Gadget.class, Shop.class).build();
        table.bootstrap();
        List<Map<String, AttributeValue>> raw = new ArrayList<>();
        for (int i = 0; i < OLDER + LEGACY_CURRENT; i++) {
            raw.add(olderBuilds(i, i >= OLDER));
        }
        table.batchPutStored(raw);
        for (int i = 0; i < PUT; i++) {
            table.put(new Gadget("s" + i % 3, 1000 + i, "put " + i, "green", Set.of("a"), Set.of(), Set.of(),
                    List.of(), new Spec("red", 1L), Map.of("k", "v"), BigDecimal.ONE));
        }
        for (int s = 0; s < 3; s++) {
            table.put(new Shop("s" + s, "owner " + s));
        }
    }

    /** Item {@code i} as a build before nulls were left out and sets stored as sets wrote it. */
    static Map<String, AttributeValue> olderBuilds(int i, boolean atVersion2) {
        KeyPath path = path(i);
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        item.put("_type", AttributeValue.fromS("Gadget"));
        if (atVersion2) {
            item.put("_kp_v", AttributeValue.fromN("2"));
        }
        item.put(atVersion2 ? "name" : "title", AttributeValue.fromS("gadget " + i));
        item.put("color", AttributeValue.fromS(i % 2 == 0 ? "red" : "blue"));
        item.put("tags", AttributeValue.fromL(List.of(AttributeValue.fromS("t" + i), AttributeValue.fromS("x"))));
        item.put("sizes", i % 3 == 0 ? AttributeValue.fromNul(true)
                : AttributeValue.fromL(List.of(AttributeValue.fromN("3"), AttributeValue.fromN(Integer.toString(i)))));
        item.put("marks", AttributeValue.fromL(List.of()));
        item.put("notes", AttributeValue.fromNul(true));
        item.put("spec", AttributeValue.fromM(Map.of("color", AttributeValue.fromS("blue"), "size",
                AttributeValue.fromNul(true))));
        item.put("attrs", AttributeValue.fromM(Map.of("k", AttributeValue.fromNul(true))));
        item.put("price", AttributeValue.fromNul(true));
        item.put("extra", AttributeValue.fromS("another writer's"));
        item.put("_kp_src", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, (byte) i})));
        return item;
    }

    static KeyPath path(int i) {
        return KeyPath.of("shop", "s" + i % 3).then("gadget", i);
    }

    static Map<String, AttributeValue> raw(KeyPath path) {
        return TestDynamoDb.get().client().getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    @Test
    void everyItemOfTheTypeEndsInTheFormThisBuildStoresReadingAsBefore() {
        List<Gadget> before = new ArrayList<>();
        for (int i = 0; i < OLDER + LEGACY_CURRENT; i++) {
            before.add(table.get(Gadget.class, path(i)).orElseThrow());
        }

        SchemaRewrite.builder().client(table.client()).table(table.tableName()).type(table.schema(Gadget.class))
                .segments(2).pageSize(7).build().run();

        for (int i = 0; i < OLDER + LEGACY_CURRENT; i++) {
            Map<String, AttributeValue> expected = new LinkedHashMap<>(ItemSchemas.of(Gadget.class)
                    .toItem(before.get(i)));
            expected.put("extra", AttributeValue.fromS("another writer's"));
            expected.put("_kp_src", olderBuilds(i, false).get("_kp_src"));
            assertThat(render(raw(path(i)))).as("item %d", i).isEqualTo(render(expected));
            assertThat(table.get(Gadget.class, path(i))).contains(before.get(i));
        }
        assertThat(table.query(Gadget.class, ItemQuery.of(q -> q.index("byColor").subtree(KeyPath.of("color", "blue"))))
                .items()).hasSize((OLDER + LEGACY_CURRENT) / 2);
        table.transact(tx -> tx.update(Gadget.class, path(4), UpdateSpec.of(u -> u.addToSet("tags", List.of("c"))
                .deleteFromSet("sizes", List.of(3L)))));
        assertThat(table.get(Gadget.class, path(4)).orElseThrow().tags()).containsExactlyInAnyOrder("t4", "x", "c");
    }

    @Test
    void theReportAccountsForEveryItemScannedAndProgressIsHeard() {
        List<MigrationProgress.Snapshot> heard = new CopyOnWriteArrayList<>();
        SchemaRewrite rewrite = SchemaRewrite.builder().client(table.client()).table(table.tableName())
                .type(table.schema(Gadget.class)).segments(3).pageSize(5)
                .progress(heard::add, Duration.ofMillis(1)).build();
        long items = OLDER + LEGACY_CURRENT + PUT + 3 + 1 + 1; // one of a newer version, the table's layout record
        Map<String, AttributeValue> newer = new LinkedHashMap<>(olderBuilds(OLDER + LEGACY_CURRENT, true));
        newer.put("_kp_v", AttributeValue.fromN("3"));
        table.batchPutStored(List.of(newer));

        RewriteRun first = rewrite.run();
        RewriteRun again = rewrite.run();

        assertThat(first.scanned()).isEqualTo(items);
        assertThat(first.rewritten() + first.current() + first.otherItems() + first.unreadable() + first.gone())
                .isEqualTo(first.scanned());
        assertThat(first.unreadable()).isEqualTo(1);
        assertThat(first.otherItems()).as("3 other items and the layout record").isEqualTo(3 + 1);
        assertThat(first.rewritten()).isLessThanOrEqualTo(OLDER + LEGACY_CURRENT); // the other test may run first
        assertThat(first.rewritten() + first.current()).isEqualTo(OLDER + LEGACY_CURRENT + PUT);
        assertThat(again.rewritten()).isZero();
        assertThat(again.current()).isEqualTo(OLDER + LEGACY_CURRENT + PUT);
        assertThat(again.rewritten() + again.current() + again.otherItems() + again.unreadable() + again.gone())
                .isEqualTo(again.scanned()).isEqualTo(items);
        assertThat(first.describe()).contains("scanned          " + items, "already current", "other types      4",
                "unreadable       1", "deleted          0");
        MigrationProgress.Snapshot last = heard.get(heard.size() - 1);
        assertThat(last.phase()).isEqualTo("rewrite");
        assertThat(last.scanned()).isEqualTo(items);
        assertThat(last.line()).startsWith("rewrite: " + items + " ").contains(" rewritten");
        table.delete(Gadget.class, path(OLDER + LEGACY_CURRENT));
    }

    /** A stored item in a form that compares as DynamoDB compares: sets without order, numbers by value. */
    static Map<String, Object> render(Map<String, AttributeValue> item) {
        Map<String, Object> out = new TreeMap<>();
        item.forEach((k, v) -> out.put(k, render(v)));
        return out;
    }

    private static Object render(AttributeValue v) {
        return switch (v.type()) {
            case SS -> "SS" + new TreeSet<>(v.ss());
            case NS -> "NS" + new TreeSet<>(v.ns().stream().map(n -> new BigDecimal(n).stripTrailingZeros()).toList());
            case N -> "N" + new BigDecimal(v.n()).stripTrailingZeros();
            case B -> "B" + HexFormat.of().formatHex(v.b().asByteArray());
            case L -> v.l().stream().map(RewriteStoredFormTest::render).toList();
            case M -> render(v.m());
            default -> v.toString();
        };
    }
}
