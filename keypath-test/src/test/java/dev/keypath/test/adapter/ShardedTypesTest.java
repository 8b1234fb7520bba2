package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.RandomShardException;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.ShardModel.Event;
import dev.keypath.test.adapter.ShardModel.Order;
import dev.keypath.test.adapter.ShardModel.PlainEvent;
import dev.keypath.test.adapter.ShardModel.Reading;
import dev.keypath.test.adapter.ShardModel.Shop;
import dev.keypath.test.adapter.ShardModel.Ticket;
import dev.keypath.test.adapter.ShardModel.Visit;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Sharded item types read and written as if they were not sharded: each item goes to its shard (the stored
 * partition key carries it, the key path does not), point reads and writes find it, and queries over the sharded
 * parent merge the shards into one ordered collection with one page token, with every query feature.
 */
@KeyPathDynamoDb(types = {Event.class, PlainEvent.class, Shop.class, Order.class, Ticket.class, Visit.class,
        Reading.class})
class ShardedTypesTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    private static String day() {
        return "d" + UUID.randomUUID();
    }

    private static Event event(String day, long id) {
        return new Event(day, id, id % 3 == 0 ? "alert" : "info", "body " + id, Set.of("t" + id % 5));
    }

    /** The items stored under {@code pk}, read with the raw client. */
    private static List<Map<String, AttributeValue>> storedUnder(byte[] pk) {
        return table.client().query(QueryRequest.builder().tableName(table.tableName())
                .keyConditionExpression("pk = :pk").consistentRead(true)
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromB(SdkBytes.fromByteArray(pk)))).build())
                .items();
    }

    @Test
    void anEventIsStoredInItsCalculatedShardAndReadBackByItsKeyPath() {
        String day = day();
        Event e = table.put(event(day, 1234));
        KeyPath path = table.keyPathOf(e);
        assertThat(path).isEqualTo(KeyPath.of("day", day).then("event", 1234));

        int shard = ShardKeys.calculatedShard(16, List.of(KeyId.of(1234)));
        assertThat(shard).isEqualTo(9); // FORMAT.md, section 14's vector
        List<Map<String, AttributeValue>> stored = storedUnder(ShardKeys.encode(path, shard));
        assertThat(stored).hasSize(1);
        assertThat(StoredItemLayout.keyPathOf(stored.get(0))).isEqualTo(path);
        assertThat(storedUnder(path.partitionKey())).isEmpty();

        assertThat(table.get(Event.class, path)).contains(e);
        assertThat(async.get(Event.class, path).join()).contains(e);
        assertThat(table.get(ShardModel.Event.class, path, ReadConsistency.EVENTUAL)).contains(e);
        Event changed = table.update(Event.class, path, UpdateSpec.of(u -> u.set("body", "changed")
                .addToSet("tags", List.of("new"))));
        assertThat(changed.body()).isEqualTo("changed");
        assertThat(changed.tags()).contains("new", "t4");
        assertThat(table.get(Event.class, path)).contains(changed);
        table.delete(Event.class, path);
        assertThat(table.get(Event.class, path)).isEmpty();
        assertThat(stored = storedUnder(ShardKeys.encode(path, shard))).isEmpty();
    }

    @Test
    void putModesConditionsBatchesAndTransactionsFindTheShard() {
        String day = day();
        Event first = table.put(event(day, 1));
        assertThatThrownBy(() -> table.put(event(day, 1), PutMode.CREATE_ONLY))
                .isInstanceOf(ConditionFailedException.class);
        table.put(new Event(day, 1, "info", "replaced", Set.of()), PutMode.REPLACE_EXISTING);
        assertThatThrownBy(() -> table.put(event(day, 2), PutMode.REPLACE_EXISTING))
                .isInstanceOf(ConditionFailedException.class);
        assertThatThrownBy(() -> table.delete(Event.class, table.keyPathOf(first),
                Condition.of("body = :b", Map.of(), Map.of(":b", "not it"))))
                .isInstanceOf(ConditionFailedException.class);

        List<Object> batch = new ArrayList<>();
        for (long id = 10; id < 60; id++) {
            batch.add(event(day, id));
        }
        table.batchWrite(WriteBatch.builder().putAll(batch).build());
        List<KeyPath> paths = batch.stream().map(table::keyPathOf).toList();
        assertThat(table.batchGet(Event.class, paths)).containsExactlyElementsOf(batch.stream()
                .map(Event.class::cast).toList());
        table.batchWrite(b -> b.delete(Event.class, paths.get(0)).delete(Event.class, paths.get(1)));
        assertThat(table.get(Event.class, paths.get(0))).isEmpty();

        table.transact(t -> t.put(event(day, 100)).update(Event.class, paths.get(2),
                UpdateSpec.of(u -> u.set("body", "in a transaction")))
                .conditionCheck(Event.class, paths.get(3), Condition.of("attribute_exists(body)")));
        assertThat(table.get(Event.class, paths.get(2)).orElseThrow().body()).isEqualTo("in a transaction");
        assertThat(table.transactGet(List.of(new ItemKey<>(Event.class, paths.get(3)),
                new ItemKey<>(Event.class, KeyPath.of("day", day).then("event", 100)))).found())
                .hasSize(2);
    }

    @Test
    void aQueryOfTheShardedParentIsOneOrderedCollectionWithOneToken() {
        String day = day();
        List<Event> events = new ArrayList<>();
        LongStream.range(0, 300).map(i -> i * 7919 % 1000).forEach(id -> events.add(event(day, id)));
        table.batchWrite(WriteBatch.builder().putAll(events).build());
        List<Event> ascending = events.stream().sorted(Comparator.comparingLong(Event::eventId)).toList();
        KeyPath parent = KeyPath.of("day", day);

        assertThat(table.stream(Event.class, ItemQuery.of(q -> q.subtree(parent).limit(7))).toList())
                .containsExactlyElementsOf(ascending);
        assertThat(table.stream(Event.class, ItemQuery.of(q -> q.subtree(parent).limit(11).descending(true)))
                .toList()).containsExactlyElementsOf(ascending.stream()
                .sorted(Comparator.comparingLong(Event::eventId).reversed()).toList());
        assertThat(asyncPages(ItemQuery.of(q -> q.subtree(parent).limit(13)))).containsExactlyElementsOf(ascending);

        // a range, one page at a time by token
        List<Event> range = new ArrayList<>();
        String token = null;
        do {
            String at = token;
            Page<Event> page = table.query(Event.class, ItemQuery.of(q -> q.between(parent.then("event", 100),
                    parent.then("event", 400)).limit(9).pageToken(at)));
            assertThat(page.items()).hasSizeLessThanOrEqualTo(9);
            range.addAll(page.items());
            token = page.nextPageToken();
        } while (token != null);
        assertThat(range).containsExactlyElementsOf(ascending.stream()
                .filter(e -> e.eventId() >= 100 && e.eventId() <= 400).toList());

        // count, filter, projection
        assertThat(table.count(q -> q.subtree(parent))).isEqualTo(300);
        assertThat(table.count(q -> q.subtree(parent).limit(50))).isEqualTo(50);
        assertThat(async.count(ItemQuery.of(q -> q.subtree(parent))).join()).isEqualTo(300);
        assertThat(table.stream(Event.class, ItemQuery.of(q -> q.subtree(parent).limit(10)
                .filter(Condition.of("kind = :k", Map.of(), Map.of(":k", "alert"))))).toList())
                .containsExactlyElementsOf(ascending.stream().filter(e -> e.kind().equals("alert")).toList());
        assertThat(table.stream(dev.keypath.dynamodb.Projection.of(Event.class, EventBody.class),
                ItemQuery.of(q -> q.subtree(parent).limit(25))).map(EventBody::body).toList())
                .containsExactlyElementsOf(ascending.stream().map(Event::body).toList());
    }

    /** Every event of {@code query}, page after page by token, through the asynchronous table. */
    private static List<Event> asyncPages(ItemQuery query) {
        List<Event> all = new ArrayList<>();
        String token = null;
        do {
            Page<Event> page = AsyncResults.await(async.query(Event.class, query.toBuilder().pageToken(token).build()));
            all.addAll(page.items());
            token = page.nextPageToken();
        } while (token != null);
        return all;
    }

    /** A view of an event. */
    record EventBody(String body) {
    }

    @Test
    void aGlobalIndexOfShardedItemsIsQueriedAsBefore() {
        String day = day();
        String kind = "k" + UUID.randomUUID();
        List<Event> events = new ArrayList<>();
        for (long id = 0; id < 40; id++) {
            events.add(new Event(day, id, kind, "b", null));
        }
        table.batchWrite(WriteBatch.builder().putAll(events).build());
        assertThat(table.stream(Event.class, ItemQuery.of(q -> q.subtree(KeyPath.of("kind", kind)).index("byKind")
                .consistency(ReadConsistency.EVENTUAL).limit(6))).toList()).containsExactlyElementsOf(events);
    }

    @Test
    void ordersKeepVersionsTimestampsUniqueKeysExpiryAndALocalIndexAcrossShards() {
        String shop = "s" + UUID.randomUUID();
        table.put(new Shop(shop, "the shop"));
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            orders.add(table.put(new Order(shop, null, shop + "-" + i, 1000 - i * 10, null, null, null, null)));
        }
        Order first = orders.get(0);
        assertThat(first.version()).isEqualTo(1);
        assertThat(first.created()).isNotNull();
        KeyPath path = table.keyPathOf(first);
        assertThat(table.get(Order.class, path)).contains(first);
        assertThat(table.getByAlias(Order.class, KeyPath.of("ordernumber", shop + "-0"))).contains(first);
        assertThatThrownBy(() -> table.put(new Order(shop, null, shop + "-0", 1, null, null, null, null)))
                .isInstanceOf(UniqueKeyConflictException.class);
        Order moved = table.put(new Order(shop, first.orderId(), shop + "-new", 5, first.version(), first.created(),
                null, null));
        assertThat(moved.version()).isEqualTo(2);
        assertThat(table.getByAlias(Order.class, KeyPath.of("ordernumber", shop + "-new"))).contains(moved);
        assertThat(table.getByAlias(Order.class, KeyPath.of("ordernumber", shop + "-0"))).isEmpty();
        assertThatThrownBy(() -> table.put(first)).isInstanceOf(VersionConflictException.class);

        Order expired = table.put(new Order(shop, null, shop + "-gone", 7, null, null, null,
                Instant.now().minus(1, ChronoUnit.HOURS)));
        assertThat(table.get(Order.class, table.keyPathOf(expired))).isEmpty();

        // the shop and its orders: its own partition and the orders' 4 shards, merged in key order
        KeyPath shopPath = KeyPath.of("shop", shop);
        List<Object> all = table.stream(ItemQuery.of(q -> q.subtree(shopPath).limit(4))).toList();
        assertThat(all.get(0)).isEqualTo(new Shop(shop, "the shop"));
        List<UUID> ids = all.stream().skip(1).map(o -> ((Order) o).orderId()).toList();
        assertThat(ids).hasSize(30).isSortedAccordingTo(ShardedTypesTest::unsignedBytes);

        // the local index (keys only: its items are read by key, from their shards) in amount order
        List<Long> amounts = table.stream(Order.class, ItemQuery.of(q -> q.subtree(shopPath).index("byAmount")
                .limit(8))).map(Order::amount).toList();
        assertThat(amounts).hasSize(30).isSorted();

        table.delete(moved);
        assertThat(table.getByAlias(Order.class, KeyPath.of("ordernumber", shop + "-new"))).isEmpty();
        assertThat(table.deleteSubtree(shopPath).complete()).isTrue();
        assertThat(table.count(q -> q.subtree(shopPath))).isZero();
    }

    private static int unsignedBytes(UUID a, UUID b) {
        int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }

    @Test
    void sequenceIdsOfAShardedQueueCountUpWhateverTheShard() {
        String queue = "q" + UUID.randomUUID();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ids.add(table.put(new Ticket(queue, 0, "who " + i)).ticketId());
        }
        assertThat(ids).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
        // an id written by hand is found by the probe, in its shard, and skipped
        table.put(new Ticket(queue, 14, "by hand"));
        table.put(new Ticket(queue, 13, "by hand"));
        assertThat(table.put(new Ticket(queue, 0, "next")).ticketId()).isEqualTo(15);
        assertThat(table.stream(Ticket.class, ItemQuery.of(q -> q.subtree(KeyPath.of("queue", queue)).limit(5)))
                .map(Ticket::ticketId).toList()).isEqualTo(LongStream.rangeClosed(1, 15).boxed().toList());
    }

    @Test
    void randomShardsSpreadAppendOnlyItemsThatQueriesReadAndKeyPathsCannotAddress() {
        String site = "s" + UUID.randomUUID();
        List<Visit> visits = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            visits.add(table.put(new Visit(site, null, "/page/" + i)));
        }
        KeyPath sitePath = KeyPath.of("site", site);
        Set<Integer> shards = new HashSet<>();
        for (int shard = 0; shard < 8; shard++) {
            if (!storedUnder(ShardKeys.encode(sitePath, shard)).isEmpty()) {
                shards.add(shard);
            }
        }
        assertThat(shards).hasSizeGreaterThan(4);
        assertThat(table.stream(Visit.class, ItemQuery.of(q -> q.subtree(sitePath).limit(10))).toList())
                .containsExactlyElementsOf(visits.stream().sorted(Comparator.comparing(table::keyPathOf)).toList());
                // UUID v7 ids: put order is key order, except between two puts of one millisecond

        KeyPath one = table.keyPathOf(visits.get(0));
        assertThatThrownBy(() -> table.get(Visit.class, one)).isInstanceOf(RandomShardException.class)
                .hasMessageContaining(one.toString()).hasMessageContaining("query");
        assertThatThrownBy(() -> table.delete(Visit.class, one)).isInstanceOf(RandomShardException.class);
        assertThatThrownBy(() -> table.update(Visit.class, one, UpdateSpec.of(u -> u.set("page", "x"))))
                .isInstanceOf(RandomShardException.class);
        assertThatThrownBy(() -> table.put(visits.get(0), PutMode.CREATE_ONLY))
                .isInstanceOf(RandomShardException.class);
        assertThatThrownBy(() -> async.get(Visit.class, one).join()).hasCauseInstanceOf(RandomShardException.class);

        assertThat(table.deleteSubtree(sitePath).deleted()).isEqualTo(64);
        assertThat(table.count(q -> q.subtree(sitePath))).isZero();
    }

    @Test
    void aShardCalculatedFromTwoIdsHashesThemInOrder() {
        String sensor = "s" + UUID.randomUUID();
        Reading r = table.put(new Reading(sensor, 1_700_000_000L, 3, 21.5));
        KeyPath path = table.keyPathOf(r);
        int shard = ShardKeys.calculatedShard(3, List.of(KeyId.of(1_700_000_000L), KeyId.of(3)));
        assertThat(storedUnder(ShardKeys.encode(path, shard))).hasSize(1);
        assertThat(table.get(Reading.class, path)).contains(r);
    }

    @Test
    void aParallelScanAndTheStoredLayoutSeeLogicalKeyPaths() {
        String day = day();
        List<Event> events = new ArrayList<>();
        for (long id = 0; id < 20; id++) {
            events.add(event(day, id));
        }
        table.batchWrite(WriteBatch.builder().putAll(events).build());
        Set<Object> scanned = table.scanInParallel(ItemScan.of(s -> s.types(Event.class)), 3)
                .filter(o -> ((Event) o).day().equals(day)).collect(Collectors.toSet());
        assertThat(scanned).containsExactlyInAnyOrderElementsOf(events);
        for (Event e : events) {
            assertThat(table.readStoredItem(table.schema(Event.class).toItem(e))).contains(e);
        }
    }
}
