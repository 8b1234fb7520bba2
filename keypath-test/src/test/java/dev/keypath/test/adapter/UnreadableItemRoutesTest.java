package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static dev.keypath.test.adapter.AsyncResults.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.UnreadableItemHandler;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every collection read takes one route for a stored item it cannot read: query (typed, projected, on a global
 * index holding whole items, on a keys-only index whose items are read by key, and its keys alone), scan (typed,
 * projected, in parallel segments), batch get and the lazy streams, on both tables. Each kind of damage (key bytes
 * that are not a key path, on the table or in an index; no {@code _type}; an unregistered {@code _type}; a key path
 * off its type's template; an id or an attribute that does not fit its field) is an
 * {@link UnreadableItemException} naming what is wrong and, where the key bytes decode, the key path: the default
 * handler fails the read with it, a handler that returns leaves the item out and the read goes on.
 */
@KeyPathDynamoDb(types = {UnreadableItemRoutesTest.Box.class, UnreadableItemRoutesTest.Slot.class})
class UnreadableItemRoutesTest {
    @ItemType(keyPath = "/box-{boxId}")
    record Box(String boxId, String label) {
    }

    @ItemType(keyPath = "/box-{boxId}/slot-{slot}")
    @SecondaryKeyPath(index = "slotsByShelf", keyPath = "/shelf-{shelf}/slot-{slot}")
    @SecondaryKeyPath(index = "slotKeys", keyPath = "/rack-{shelf}/slot-{slot}", projection = IndexProjection.KEYS_ONLY)
    record Slot(String boxId, int slot, String shelf, int count) {
        KeyPath path() {
            return KeyPath.of("box", boxId).then("slot", slot);
        }
    }

    record SlotCount(int count) {
    }

    private static final String BOX = "b";
    private static final String SHELF = "s";
    private static final KeyPath BOX_PATH = KeyPath.of("box", BOX);
    private static final Box BOX_ITEM = new Box(BOX, "fine");
    private static final Slot SLOT_1 = new Slot(BOX, 1, SHELF, 5);
    private static final Slot SLOT_2 = new Slot(BOX, 2, SHELF, 7);

    /** A kind of damage: where it is stored and what its problem says; a null path for undecodable key bytes. */
    enum Damage {
        /** The table's sort key bytes are not a key path (its index keys are). */
        TABLE_KEY_BYTES(null, "not a valid key path"),
        /** An index's sort key bytes are not a key path (the table key is): only index reads meet it. */
        INDEX_KEY_BYTES(null, "not a valid key path"),
        NO_TYPE(slot(93), "no _type"),
        UNREGISTERED_TYPE(slot(94), "'Gadget' is not registered"),
        /** A Box stored where only a Slot can be. */
        OFF_TEMPLATE(slot(95), "does not match template"),
        ID_MISFIT(slot(10_000_000_000L), "10000000000"),
        ATTRIBUTE_MISFIT(slot(96), "count");

        final KeyPath path;
        final String problem;

        Damage(KeyPath path, String problem) {
            this.path = path;
            this.problem = problem;
        }
    }

    private static final byte[] GARBAGE = {'s', 'l', 'o', 't', 1, (byte) 0xFF, (byte) 0xFE};

    @Injected
    private static KeyPathTable table;
    @Injected
    private static DynamoDbClient client;
    @Injected
    private static DynamoDbAsyncClient asyncClient;

    private static KeyPath slot(long id) {
        return BOX_PATH.then("slot", id);
    }

    @BeforeAll
    static void store() {
        table.put(BOX_ITEM);
        table.put(SLOT_1);
        table.put(SLOT_2);
        raw(Map.of("pk", key(BOX_PATH.partitionKey()), "sk", key(GARBAGE), "_type", s("Slot"),
                "count", AttributeValue.fromN("1"), "slotsByShelf_pk", key(KeyPath.of("shelf", SHELF).partitionKey()),
                "slotsByShelf_sk", key(KeyPath.of("shelf", SHELF).then("slot", 90).sortKey()),
                "slotKeys_pk", key(KeyPath.of("rack", SHELF).partitionKey()),
                "slotKeys_sk", key(KeyPath.of("rack", SHELF).then("slot", 90).sortKey())));
        Map<String, AttributeValue> badIndex = new HashMap<>(slotAttributes(slot(92), "Slot", 92));
        badIndex.put("slotsByShelf_sk", key(GARBAGE));
        badIndex.put("slotKeys_sk", key(GARBAGE));
        badIndex.put("count", AttributeValue.fromN("3"));
        raw(badIndex);
        Map<String, AttributeValue> untyped = new HashMap<>(slotAttributes(Damage.NO_TYPE.path, "Slot", 93));
        untyped.remove("_type");
        raw(untyped);
        raw(slotAttributes(Damage.UNREGISTERED_TYPE.path, "Gadget", 94));
        raw(slotAttributes(Damage.OFF_TEMPLATE.path, "Box", 95));
        raw(slotAttributes(Damage.ID_MISFIT.path, "Slot", 97));
        Map<String, AttributeValue> misfit = new HashMap<>(slotAttributes(Damage.ATTRIBUTE_MISFIT.path, "Slot", 96));
        misfit.put("count", s("many"));
        raw(misfit);
    }

    /** A Slot-like item at {@code path} of type {@code type}, in both indexes at slot {@code indexSlot}. */
    private static Map<String, AttributeValue> slotAttributes(KeyPath path, String type, long indexSlot) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", key(path.partitionKey()));
        item.put("sk", key(path.sortKey()));
        item.put("_type", s(type));
        item.put("shelf", s(SHELF));
        item.put("count", AttributeValue.fromN("1"));
        item.put("label", s("odd"));
        item.put("slotsByShelf_pk", key(KeyPath.of("shelf", SHELF).partitionKey()));
        item.put("slotsByShelf_sk", key(KeyPath.of("shelf", SHELF).then("slot", indexSlot).sortKey()));
        item.put("slotKeys_pk", key(KeyPath.of("rack", SHELF).partitionKey()));
        item.put("slotKeys_sk", key(KeyPath.of("rack", SHELF).then("slot", indexSlot).sortKey()));
        return item;
    }

    private static void raw(Map<String, AttributeValue> item) {
        client.putItem(r -> r.tableName(table.tableName()).item(item));
    }

    private static AttributeValue key(byte[] bytes) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    /** What a skipping handler heard: the damage each reported item is, by key path or problem. */
    private static final class Heard implements UnreadableItemHandler {
        final ConcurrentLinkedQueue<UnreadableItemException> problems = new ConcurrentLinkedQueue<>();

        @Override
        public void onUnreadable(UnreadableItemException problem) {
            problems.add(problem);
        }

        Set<Damage> damages() {
            Set<Damage> found = new TreeSet<>();
            for (UnreadableItemException e : problems) {
                found.add(damageOf(e));
            }
            assertThat(found).as("each heard once: %s", problems).hasSize(problems.size());
            return found;
        }
    }

    private static Damage damageOf(UnreadableItemException e) {
        for (Damage d : Damage.values()) {
            if (d.path != null && e.keyPath().filter(d.path::equals).isPresent()) {
                assertThat(e).hasMessageContaining(d.problem);
                return d;
            }
        }
        assertThat(e.keyPath()).as("%s", e).isEmpty();
        assertThat(e).hasMessageContaining("not a valid key path");
        return e.getMessage().contains("slotsByShelf_pk") || e.getMessage().contains("slotKeys_pk")
                ? Damage.INDEX_KEY_BYTES : Damage.TABLE_KEY_BYTES;
    }

    private static KeyPathTable syncTable(UnreadableItemHandler handler) {
        return KeyPathTables.builder().client(client).tableName(table.tableName()).register(Box.class, Slot.class)
                .onUnreadableItem(handler).build();
    }

    private static KeyPathAsyncTable asyncTable(UnreadableItemHandler handler) {
        return KeyPathTables.asyncBuilder().client(asyncClient).tableName(table.tableName())
                .register(Box.class, Slot.class).onUnreadableItem(handler).build();
    }

    /** One collection read on a sync table, giving what it returned. */
    private record Route(String name, Function<KeyPathTable, List<?>> read, List<?> readable, Set<Damage> meets) {
    }

    private static final Set<Damage> ALL_BUT_INDEX = Set.of(Damage.TABLE_KEY_BYTES, Damage.NO_TYPE,
            Damage.UNREGISTERED_TYPE, Damage.OFF_TEMPLATE, Damage.ID_MISFIT, Damage.ATTRIBUTE_MISFIT);
    /** A read of one type leaves items of other registered types out: a Box at a Slot's path is one of them. */
    private static final Set<Damage> TYPED = Set.of(Damage.TABLE_KEY_BYTES, Damage.NO_TYPE, Damage.UNREGISTERED_TYPE,
            Damage.ID_MISFIT, Damage.ATTRIBUTE_MISFIT);
    private static final Set<Damage> INDEX = Set.of(Damage.TABLE_KEY_BYTES, Damage.INDEX_KEY_BYTES, Damage.NO_TYPE,
            Damage.UNREGISTERED_TYPE, Damage.OFF_TEMPLATE, Damage.ID_MISFIT, Damage.ATTRIBUTE_MISFIT);
    /** An index key read yields the key of a registered type: a misfit attribute shows only in the item. */
    private static final Set<Damage> INDEX_KEYS = Set.of(Damage.TABLE_KEY_BYTES, Damage.INDEX_KEY_BYTES,
            Damage.NO_TYPE, Damage.UNREGISTERED_TYPE, Damage.OFF_TEMPLATE, Damage.ID_MISFIT);
    /** A scan of one type filters by {@code _type} in DynamoDB: items without it or of another type never come. */
    private static final Set<Damage> TYPED_SCAN = Set.of(Damage.TABLE_KEY_BYTES, Damage.ID_MISFIT,
            Damage.ATTRIBUTE_MISFIT);

    private static final Slot SLOT_92 = new Slot(BOX, 92, SHELF, 3);

    private static List<Route> routes() {
        ItemQuery subtree = ItemQuery.of(q -> q.subtree(BOX_PATH));
        ItemQuery slots = ItemQuery.of(q -> q.subtree(BOX_PATH.then("slot")));
        ItemQuery index = ItemQuery.of(q -> q.index("slotsByShelf").subtree(KeyPath.of("shelf", SHELF)));
        ItemQuery keysIndex = ItemQuery.of(q -> q.index("slotKeys").subtree(KeyPath.of("rack", SHELF)));
        List<Object> all = List.of(BOX_ITEM, SLOT_1, SLOT_2, SLOT_92);
        List<Object> slotItems = List.of(SLOT_1, SLOT_2, SLOT_92);
        return List.of(
                new Route("query", t -> t.query(subtree).items(), all, ALL_BUT_INDEX),
                new Route("query page by page", t -> t.stream(subtree.toBuilder().limit(2).build()).toList(), all,
                        ALL_BUT_INDEX),
                new Route("typed query", t -> t.query(Slot.class, slots).items(), slotItems, TYPED),
                new Route("projected query", t -> t.query(Projection.of(Slot.class, SlotCount.class), slots).items(),
                        List.of(new SlotCount(5), new SlotCount(7), new SlotCount(3)), TYPED),
                new Route("global index query", t -> t.query(index).items(), List.of(SLOT_1, SLOT_2), INDEX),
                new Route("keys-only index query, items read by key", t -> t.query(keysIndex).items(),
                        List.of(SLOT_1, SLOT_2), INDEX),
                new Route("keys-only index keys", t -> t.queryKeys(keysIndex).items().stream()
                        .map(ItemKey::keyPath).toList(), List.of(SLOT_1.path(), SLOT_2.path(),
                        Damage.ATTRIBUTE_MISFIT.path), INDEX_KEYS),
                new Route("scan", t -> t.scan(ItemScan.all()).items(), all, ALL_BUT_INDEX),
                new Route("typed scan", t -> t.stream(ItemScan.of(s -> s.types(Slot.class))).toList(), slotItems,
                        TYPED_SCAN),
                new Route("projected scan", t -> t.scan(Projection.of(Slot.class, SlotCount.class), ItemScan.all())
                        .items(), List.of(new SlotCount(5), new SlotCount(7), new SlotCount(3)), TYPED_SCAN),
                new Route("parallel scan", t -> t.scanInParallel(ItemScan.all(), 3).toList(), all, ALL_BUT_INDEX),
                new Route("batch get", t -> t.batchGet(Slot.class, List.of(SLOT_1.path(), Damage.NO_TYPE.path,
                        Damage.UNREGISTERED_TYPE.path, Damage.OFF_TEMPLATE.path, Damage.ATTRIBUTE_MISFIT.path,
                        SLOT_2.path())), List.of(SLOT_1, SLOT_2), Set.of(Damage.NO_TYPE, Damage.UNREGISTERED_TYPE,
                        Damage.OFF_TEMPLATE, Damage.ATTRIBUTE_MISFIT)));
    }

    @Test
    void aSkippingHandlerHearsEachDamagedItemOnceAndEveryReadGoesOn() {
        for (Route route : routes()) {
            Heard heard = new Heard();
            List<Object> read = List.copyOf(route.read().apply(syncTable(heard)));
            assertThat(read).as(route.name()).containsExactlyInAnyOrderElementsOf(List.copyOf(route.readable()));
            assertThat(heard.damages()).as(route.name()).isEqualTo(route.meets());
        }
    }

    @Test
    void theDefaultHandlerFailsEveryReadWithTheUnreadableItem() {
        KeyPathTable failing = syncTable(UnreadableItemHandler.FAIL);
        for (Route route : routes()) {
            ThrowingCallable read = () -> route.read().apply(failing);
            assertThatThrownBy(read).as(route.name()).isInstanceOf(UnreadableItemException.class)
                    .satisfies(e -> assertThat(route.meets()).contains(damageOf((UnreadableItemException) e)));
        }
    }

    @Test
    void theAsyncTableRoutesThemAlike() {
        ItemQuery subtree = ItemQuery.of(q -> q.subtree(BOX_PATH));
        ItemQuery index = ItemQuery.of(q -> q.index("slotsByShelf").subtree(KeyPath.of("shelf", SHELF)));
        ItemQuery keysIndex = ItemQuery.of(q -> q.index("slotKeys").subtree(KeyPath.of("rack", SHELF)));
        Map<String, Function<KeyPathAsyncTable, java.util.concurrent.CompletableFuture<?>>> reads = new LinkedHashMap<>();
        List<Object> parallel = Collections.synchronizedList(new ArrayList<>());
        reads.put("query", t -> t.query(subtree));
        reads.put("global index query", t -> t.query(index));
        reads.put("keys-only index query", t -> t.query(keysIndex));
        reads.put("scan", t -> t.scan(ItemScan.all()));
        reads.put("parallel scan", t -> t.scanInParallel(ItemScan.all(), 3, page -> parallel.addAll(page.items())));
        reads.put("batch get", t -> t.batchGet(Slot.class, List.of(SLOT_1.path(), Damage.NO_TYPE.path,
                Damage.ATTRIBUTE_MISFIT.path)));
        for (Map.Entry<String, Function<KeyPathAsyncTable, java.util.concurrent.CompletableFuture<?>>> r
                : reads.entrySet()) {
            Heard heard = new Heard();
            Object read = await(r.getValue().apply(asyncTable(heard)));
            List<?> items = read instanceof Page<?> p ? p.items() : read instanceof List<?> l ? l : parallel;
            assertThat(items).as(r.getKey()).isNotEmpty().allSatisfy(i -> assertThat(i).isNotNull());
            assertThat(heard.problems).as(r.getKey()).isNotEmpty();
            heard.damages();
            assertThat(failure(r.getValue().apply(asyncTable(UnreadableItemHandler.FAIL)))).as(r.getKey())
                    .isInstanceOf(UnreadableItemException.class);
        }
        assertThat(parallel.stream().map(Objects::toString).collect(Collectors.toSet())).hasSize(4);
    }
}
