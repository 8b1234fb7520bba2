package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.IndexShardModel.Order;
import dev.keypath.test.adapter.IndexShardModel.Visit;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * A global index whose partition key is sharded: each item's index entry is stored in its shard (calculated from
 * the named ids of the index's key path, or drawn at random), updates move it as a put would, and a query of the
 * index reads every shard as one ordered collection with one page token, with every query feature, on both tables.
 */
@KeyPathDynamoDb(types = {Order.class, IndexShardModel.PlainOrder.class, Visit.class, IndexShardModel.S1.class,
        IndexShardModel.S2.class, IndexShardModel.S3.class, IndexShardModel.S7.class, IndexShardModel.S16.class,
        IndexShardModel.S64.class})
class IndexShardingTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    private static Map<String, AttributeValue> stored(KeyPath path) {
        return table.client().getItem(GetItemRequest.builder().tableName(table.tableName()).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())))).build()).item();
    }

    private static byte[] indexPk(Map<String, AttributeValue> item, String index) {
        AttributeValue v = item.get(index + "_pk");
        return v == null ? null : v.b().asByteArray();
    }

    private static KeyPath statusPath(String status, UUID orderId) {
        return KeyPath.of("status", status).then("order", orderId);
    }

    @Test
    void anIndexEntryIsStoredInTheShardOfItsIdsAndAnUpdateMovesIt() {
        String shop = "s" + UUID.randomUUID();
        Order put = table.put(new Order(shop, null, "open", 5L, "n", null, null, null));
        KeyPath path = table.keyPathOf(put);
        KeyPath indexed = statusPath("open", put.orderId());
        int shard = ShardKeys.calculatedShard(8, List.of(KeyId.of(put.orderId())));
        assertThat(indexPk(stored(path), "byStatus")).isEqualTo(ShardKeys.encode(indexed, shard));
        assertThat(stored(path).get("byStatus_sk").b().asByteArray()).isEqualTo(indexed.sortKey());
        byte[] randomPk = indexPk(stored(path), "openKeys");
        KeyPath openPath = KeyPath.of("open", "open").then("amount", 5).then("order", put.orderId());
        assertThat(ShardKeys.isSharded(randomPk)).isTrue();
        assertThat(List.of(0, 1, 2, 3).stream().map(s -> ShardKeys.encode(openPath, s)))
                .anyMatch(k -> java.util.Arrays.equals(k, randomPk));

        table.update(Order.class, path, UpdateSpec.of(u -> u.set("status", "closed").set("amount", 6)));
        assertThat(indexPk(stored(path), "byStatus"))
                .isEqualTo(ShardKeys.encode(statusPath("closed", put.orderId()), shard));
        KeyPath closedPath = KeyPath.of("open", "closed").then("amount", 6).then("order", put.orderId());
        byte[] moved = indexPk(stored(path), "openKeys");
        assertThat(List.of(0, 1, 2, 3).stream().map(s -> ShardKeys.encode(closedPath, s)))
                .anyMatch(k -> java.util.Arrays.equals(k, moved));
        async.update(Order.class, path, UpdateSpec.of(u -> u.remove("status").remove("amount"))).join();
        assertThat(stored(path)).doesNotContainKeys("byStatus_pk", "byStatus_sk", "openKeys_pk");
    }

    /** {@code n} open orders over several shops, and as many closed ones; the open ones as stored. */
    private static List<Order> openOrders(String status, int n) {
        List<CompletableFuture<Order>> open = new ArrayList<>();
        List<CompletableFuture<Order>> closed = new ArrayList<>();
        for (int i = 0; i < n; i++) { // a versioned type is written one put at a time (no batch checks versions)
            open.add(async.put(new Order("shop" + i % 5, UUID.randomUUID(), status, (long) i % 7, "note " + i, null,
                    null, null)));
            closed.add(async.put(new Order("shop" + i % 5, UUID.randomUUID(), status + "-closed", 1L, "x", null,
                    null, null)));
        }
        closed.forEach(CompletableFuture::join);
        return open.stream().map(CompletableFuture::join).toList();
    }

    private static List<UUID> ids(List<?> orders) {
        return orders.stream().map(o -> ((Order) o).orderId()).toList();
    }

    @Test
    void aQueryOfTheShardedIndexIsOneOrderedCollectionWithOneTokenOnBothTables() {
        String status = "open" + UUID.randomUUID();
        List<Order> open = openOrders(status, 40);
        List<UUID> ascending = open.stream().map(Order::orderId).sorted(Comparator.comparing(
                id -> KeyPath.of("order", id), KeyPath::compareTo)).toList();
        KeyPath parent = KeyPath.of("status", status);
        for (boolean descending : new boolean[] {false, true}) {
            List<UUID> expected = new ArrayList<>(ascending);
            if (descending) {
                java.util.Collections.reverse(expected);
            }
            for (boolean onAsync : new boolean[] {false, true}) {
                List<UUID> read = new ArrayList<>();
                String token = null;
                int pages = 0;
                do {
                    String t = token;
                    ItemQuery q = ItemQuery.of(b -> b.index("byStatus").subtree(parent).descending(descending)
                            .limit(7).pageToken(t));
                    Page<Order> page = onAsync ? async.query(Order.class, q).join() : table.query(Order.class, q);
                    assertThat(page.items()).hasSizeLessThanOrEqualTo(7);
                    read.addAll(ids(page.items()));
                    token = page.nextPageToken();
                    pages++;
                } while (token != null);
                assertThat(read).as("descending %s, async %s", descending, onAsync).isEqualTo(expected);
                assertThat(pages).isGreaterThanOrEqualTo(6); // a page may end short once its read budget is spent
            }
        }
        // a range of the index, a filter, a count, keys
        KeyPath from = parent.then("order", ascending.get(10));
        KeyPath to = parent.then("order", ascending.get(29));
        ItemQuery range = ItemQuery.of(b -> b.index("byStatus").between(from, to));
        assertThat(ids(table.query(range).items())).isEqualTo(ascending.subList(10, 30));
        ItemQuery filtered = ItemQuery.of(b -> b.index("byStatus").subtree(parent).limit(4)
                .filter(Condition.of("amount = :a", Map.of(), Map.of(":a", 3))));
        List<UUID> threes = table.stream(filtered).map(o -> ((Order) o).orderId()).toList();
        assertThat(threes).isEqualTo(ascending.stream().filter(id -> open.stream()
                .anyMatch(o -> o.orderId().equals(id) && o.amount() == 3)).toList());
        assertThat(table.count(ItemQuery.of(b -> b.index("byStatus").subtree(parent)))).isEqualTo(40);
        assertThat(async.count(ItemQuery.of(b -> b.index("byStatus").subtree(parent))).join()).isEqualTo(40);
        assertThat(table.count(ItemQuery.of(b -> b.index("byStatus").subtree(parent).limit(25)))).isEqualTo(25);
        assertThat(table.count(range)).isEqualTo(20);
        Page<ItemKey<?>> keys = table.queryKeys(ItemQuery.of(b -> b.index("byStatus").subtree(parent).limit(40)));
        assertThat(keys.items()).isNotEmpty().extracting(k -> k.keyPath().id(1)).containsExactlyElementsOf(
                ascending.subList(0, keys.items().size()).stream().map(KeyId::of).toList());
    }

    @Test
    void aKeysOnlyIndexInRandomShardsIsReadInFullByKeyInTheIndexOrder() {
        String status = "k" + UUID.randomUUID();
        List<Order> open = openOrders(status, 30);
        KeyPath parent = KeyPath.of("open", status);
        List<Order> expected = open.stream().sorted(Comparator.comparing(
                o -> KeyPath.of("amount", o.amount()).then("order", o.orderId()), KeyPath::compareTo)).toList();
        List<UUID> read = new ArrayList<>();
        String token = null;
        do {
            String t = token;
            Page<Order> page = async.query(Order.class, ItemQuery.of(b -> b.index("openKeys").subtree(parent)
                    .limit(8).pageToken(t))).join();
            assertThat(page.items()).allSatisfy(o -> assertThat(o.note()).startsWith("note "));
            read.addAll(ids(page.items()));
            token = page.nextPageToken();
        } while (token != null);
        assertThat(read).isEqualTo(ids(expected));
        assertThat(table.count(ItemQuery.of(b -> b.index("openKeys").subtree(parent)))).isEqualTo(30);
        // a deleted item leaves its random shard's index too
        table.delete(Order.class, table.keyPathOf(expected.get(0)));
        assertThat(table.count(ItemQuery.of(b -> b.index("openKeys").subtree(parent)))).isEqualTo(29);
    }

    @Test
    void itemsOfTypesWithAndWithoutShardsInOneIndexAreReadTogether() {
        String page = "p" + UUID.randomUUID();
        Set<Long> ids = new HashSet<>();
        for (long v = 0; v < 40; v++) {
            table.put(new Visit("site" + v % 3, v, page));
            ids.add(v);
        }
        ItemQuery byPage = ItemQuery.of(b -> b.index("byStatus").subtree(KeyPath.of("page", page)).limit(9));
        List<Long> first = table.query(byPage).items().stream().map(v -> ((Visit) v).visitId()).toList();
        assertThat(first).isNotEmpty().isEqualTo(LongStream.range(0, first.size()).boxed().toList());
        assertThat(table.stream(byPage).map(v -> ((Visit) v).visitId()).toList())
                .isEqualTo(LongStream.range(0, 40).boxed().toList());
        assertThat(table.count(ItemQuery.of(b -> b.index("byStatus").subtree(KeyPath.of("page", page)))))
                .isEqualTo(ids.size());
    }

    @Test
    void expiredItemsAndTimestampsKeepTheirShardedIndexEntriesTrue() {
        String status = "e" + UUID.randomUUID();
        Order live = table.put(new Order("shop", null, status, 1L, "live", null, null,
                Instant.now().plus(1, ChronoUnit.DAYS)));
        table.put(new Order("shop", null, status, 2L, "expired", null, null,
                Instant.now().minus(1, ChronoUnit.DAYS)));
        List<Object> read = table.query(ItemQuery.of(b -> b.index("byStatus").subtree(KeyPath.of("status", status))))
                .items();
        assertThat(read).hasSize(1);
        assertThat(((Order) read.get(0)).orderId()).isEqualTo(live.orderId());
        assertThat(((Order) read.get(0)).updated()).isNotNull();
        assertThat(((Order) read.get(0)).version()).isEqualTo(1L);
        assertThat(table.count(ItemQuery.of(b -> b.index("byStatus").subtree(KeyPath.of("status", status)))))
                .isEqualTo(1);
    }

    @ItemType(keyPath = "/a-{a}/b-{b}")
    @SecondaryKeyPath(index = "byC", keyPath = "/a-{a}/c-{c}", local = true,
            sharded = @Sharded(count = 4, by = "c"))
    record LocalSharded(String a, long b, long c) {
    }

    @ItemType(keyPath = "/a-{a}/b-{b}")
    @SecondaryKeyPath(index = "byC", keyPath = "/c-{c}/b-{b}",
            sharded = {@Sharded(count = 4, by = "b"), @Sharded(count = 2, by = "b")})
    record TwiceSharded(String a, long b, long c) {
    }

    @ItemType(keyPath = "/a-{a}/b-{b}")
    @SecondaryKeyPath(index = "byC", keyPath = "/c-{c}/b-{b}", sharded = @Sharded(count = 4, by = "a"))
    record NotAnIndexVariable(String a, long b, long c) {
    }

    @ItemType(keyPath = "/a-{a}/b-{b}")
    @SecondaryKeyPath(index = "byC", keyPath = "/c-{c}/b-{b}", sharded = @Sharded(count = 4, by = "c"))
    record IndexPartitionOnly(String a, long b, long c) {
    }

    @ItemType(keyPath = "/a-{a}/b-{b}")
    @SecondaryKeyPath(index = "byC", keyPath = "/c-{c}/b-{b}", sharded = @Sharded(count = 0, by = "b"))
    record NoShards(String a, long b, long c) {
    }

    @ItemType(keyPath = "/a-{a}/b-{b}")
    @SecondaryKeyPath(index = "byC", keyPath = "/c-{c}/b-{b}", sharded = @Sharded(count = 4, by = "b",
            random = true))
    record ByAndRandom(String a, long b, long c) {
    }

    @Test
    void aBadIndexShardDeclarationIsRefusedNamingTheClassTheIndexAndTheProblem() {
        String where = "@SecondaryKeyPath(index = \"byC\") of " + IndexShardingTest.class.getName() + "$";
        assertThatThrownBy(() -> ItemSchemas.of(LocalSharded.class)).isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining(where + "LocalSharded").hasMessageContaining("local index");
        assertThatThrownBy(() -> ItemSchemas.of(TwiceSharded.class)).isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining(where + "TwiceSharded").hasMessageContaining("one @Sharded");
        assertThatThrownBy(() -> ItemSchemas.of(NotAnIndexVariable.class))
                .isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining(where + "NotAnIndexVariable").hasMessageContaining("'a' is not a variable");
        assertThatThrownBy(() -> ItemSchemas.of(IndexPartitionOnly.class))
                .isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining(where + "IndexPartitionOnly").hasMessageContaining("first element");
        assertThatThrownBy(() -> ItemSchemas.of(NoShards.class)).isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining(where + "NoShards").hasMessageContaining("shard count");
        assertThatThrownBy(() -> ItemSchemas.of(ByAndRandom.class)).isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining(where + "ByAndRandom").hasMessageContaining("random");
    }
}
