package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A query of a type being re-sharded finds every item once when an item moves between any two of its requests, late
 * in the re-shard: every item but one has moved, and the one left is the last of its former shard, which a page reads
 * to its end. The item is moved (the re-shard's own transaction) before the query's first request, its second, ... up
 * to its last, through the synchronous table's stream and the asynchronous table's pages, with the page limit of the
 * re-shard's history checker (ReshardHistoryTest, which found it). A page that ended with that item past its end in the former shard, and its new
 * shard read to its end before the item moved there, handed on a token that read the former shard again but not the
 * new one: the item was in neither read.
 */
class ReshardQueryMovesTest {
    private static final String DAY = "2026-12-07";
    private static final KeyPath DAY_PATH = KeyPath.of("day", DAY);
    private static final int ITEMS = 24;
    /** The page limit of ReshardHistoryTest's queries (twice its items): pages end on their read budget. */
    private static final int LIMIT = 48;
    private static final AtomicInteger QUERIES = new AtomicInteger();
    private static volatile int moveAt;
    private static volatile Runnable move;
    private static String name;
    private static DynamoDbClient hooked;
    private static DynamoDbAsyncClient hookedAsync;
    private static KeyPathTable table;
    private static KeyPathAsyncTable async;

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId")
    record EventAt4(String day, long eventId) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record EventAt16(String day, long eventId) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record EventFrom4To16(String day, long eventId) {
    }

    /** Counts the queries' requests and moves the item before the one asked for. */
    static final class MoveBeforeRequest implements ExecutionInterceptor {
        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            Runnable now = move;
            if ("Query".equals(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME))
                    && QUERIES.incrementAndGet() == moveAt && now != null) {
                now.run();
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Map<String, AttributeValue> stored(Object item) {
        return ItemSchemas.of((Class) item.getClass()).toItem(item);
    }

    private static int shard(int count, long id) {
        return ShardKeys.calculatedShard(count, List.of(KeyId.of(id)));
    }

    @BeforeAll
    static void createTable() {
        name = TestDynamoDb.uniqueTableName("query-moves");
        hooked = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(new MoveBeforeRequest())).build();
        hookedAsync = TestDynamoDb.get().asyncClientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(new MoveBeforeRequest())).build();
        table = KeyPathTables.builder().client(hooked).tableName(name).register(EventFrom4To16.class).build();
        table.bootstrap();
        async = KeyPathTables.asyncBuilder().client(hookedAsync).tableName(name).register(EventFrom4To16.class)
                .build();
    }

    @AfterAll
    static void deleteTable() {
        TestDynamoDb.get().client().deleteTable(r -> r.tableName(name));
        hooked.close();
        hookedAsync.close();
    }

    /** The last event of each former shard (in key order) whose shard changes: the items left to move. */
    private static List<Long> lastOfTheirFormerShards() {
        Map<Integer, Long> last = new TreeMap<>();
        Comparator<Long> byKey = Comparator.comparing(id -> DAY_PATH.then("event", id).sortKey(),
                Arrays::compareUnsigned);
        for (long id = 0; id < ITEMS; id++) {
            last.merge(shard(4, id), id, (a, b) -> byKey.compare(a, b) >= 0 ? a : b);
        }
        return last.values().stream().filter(id -> shard(4, id) != shard(16, id)).toList();
    }

    /** Every event in the new layout but {@code left}, stored in its former shard. */
    private static void storeMovedBut(long left) {
        for (long id = 0; id < ITEMS; id++) {
            storeIn(id, id == left ? new EventAt4(DAY, id) : new EventAt16(DAY, id));
        }
    }

    /** Stores {@code event}, of id {@code id}, in the layout of its class, and no other copy of it. */
    private static void storeIn(long id, Object event) {
        DynamoDbClient raw = TestDynamoDb.get().client();
        for (Object copy : List.of(new EventAt4(DAY, id), new EventAt16(DAY, id))) {
            Map<String, AttributeValue> key = stored(copy);
            raw.deleteItem(r -> r.tableName(name).key(Map.of("pk", key.get("pk"), "sk", key.get("sk"))));
        }
        raw.putItem(r -> r.tableName(name).item(stored(event)));
    }

    private static List<Long> query(boolean viaAsync) {
        ItemQuery query = ItemQuery.of(q -> q.subtree(DAY_PATH).consistency(ReadConsistency.STRONG).limit(LIMIT));
        if (!viaAsync) {
            return table.stream(EventFrom4To16.class, query).map(EventFrom4To16::eventId).toList();
        }
        List<Long> ids = new ArrayList<>();
        ItemQuery next = query;
        while (next != null) {
            Page<EventFrom4To16> page = async.query(EventFrom4To16.class, next).join();
            page.items().forEach(e -> ids.add(e.eventId()));
            ItemQuery asked = next;
            next = page.next().map(t -> asked.toBuilder().pageToken(t).build()).orElse(null);
        }
        return ids;
    }

    @Test
    void anItemMovedBetweenAnyTwoRequestsOfAQueryIsFoundOnce() {
        List<Long> left = lastOfTheirFormerShards();
        assertThat(left).isNotEmpty();
        long item = left.get(left.size() - 1);
        storeMovedBut(item);
        Map<String, AttributeValue> former = stored(new EventAt4(DAY, item));
        byte[] target = ShardKeys.encode(DAY_PATH.then("event", item), shard(16, item));
        List<Long> every = LongStream.range(0, ITEMS).boxed().toList();
        List<String> missed = new ArrayList<>();
        int queries = 0;
        for (boolean viaAsync : new boolean[] {false, true}) {
            for (int k = 1; ; k++) {
                storeIn(item, new EventAt4(DAY, item));
                QUERIES.set(0);
                moveAt = k;
                move = () -> TestDynamoDb.get().client().transactWriteItems(StoredShardMoves.move(name, former,
                        target));
                List<Long> found;
                try {
                    found = query(viaAsync);
                } finally {
                    move = null;
                }
                queries++;
                if (!found.stream().sorted().toList().equals(every)) {
                    missed.add("event " + item + " moved before request " + k + " of " + QUERIES.get()
                            + (viaAsync ? " (async)" : " (sync)") + ": found " + found.stream().sorted().toList());
                }
                if (k > QUERIES.get()) {
                    break; // moved after the query's last request: every point is done
                }
            }
        }
        assertThat(queries).isGreaterThan(2 * 10);
        assertThat(missed).as("queries that missed or repeated an item").isEmpty();
    }
}
