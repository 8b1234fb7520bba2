package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.TestDynamoDb;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A page token made for the layout a type had before a re-shard, or during one, is refused with a message that says
 * so and asks to start the listing again, instead of calling it altered: from 4 shards to 16, from one partition to
 * 16, and after the re-shard, a token made during it or before it. Its page and count are refused alike.
 */
class ReshardPageTokenTest {
    private static final byte[] SECRET = "a page token secret shared by every instance".getBytes(StandardCharsets.UTF_8);
    private static final KeyPath DAY = KeyPath.of("day", "2026-11-27");
    private static String name;

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId")
    record EventAt4(String day, long eventId) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record EventFrom4To16(String day, long eventId) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record EventAt16(String day, long eventId) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    record EventUnsharded(String day, long eventId) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 1)
    record EventFrom1To16(String day, long eventId) {
    }

    private static KeyPathTable table(Class<?> type) {
        return KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name).register(type)
                .pageTokenSecret(SECRET).build();
    }

    /** The token of a first page of two events, made by a table of {@code type}. */
    private static String token(Class<?> type) {
        return table(type).query(ItemQuery.of(q -> q.subtree(DAY).limit(2))).nextPageToken();
    }

    private static void refused(Class<?> reader, String token, String says) {
        KeyPathTable t = table(reader);
        assertThatThrownBy(() -> t.query(ItemQuery.of(q -> q.subtree(DAY).limit(2).pageToken(token))))
                .isInstanceOf(InvalidPageTokenException.class)
                .hasMessageContainingAll(says, "start the listing again");
        assertThatThrownBy(() -> t.count(ItemQuery.of(q -> q.subtree(DAY).pageToken(token))))
                .isInstanceOf(InvalidPageTokenException.class).hasMessageContaining(says);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void store(Object item) {
        TestDynamoDb.get().client().putItem(r -> r.tableName(name).item(ItemSchemas.of((Class) item.getClass())
                .toItem(item)));
    }

    @BeforeAll
    static void events() {
        name = TestDynamoDb.uniqueTableName("tokens");
        table(EventUnsharded.class).bootstrap();
        for (long id = 0; id < 10; id++) { // stored raw in each layout: every declaration below reads some
            store(new EventUnsharded("2026-11-27", id));
            store(new EventAt4("2026-11-27", 100 + id));
            store(new EventAt16("2026-11-27", 200 + id));
        }
    }

    @AfterAll
    static void deleteTable() {
        TestDynamoDb.get().client().deleteTable(r -> r.tableName(name));
    }

    @Test
    void aTokenFromBeforeTheReshardSaysSo() {
        refused(EventFrom4To16.class, token(EventAt4.class), "made before the re-shard of Event from "
                + "calculated(4, [eventId]) to calculated(16, [eventId]) started");
        refused(EventFrom1To16.class, token(EventUnsharded.class), "made before the re-shard of Event from "
                + "unsharded to calculated(16, [eventId]) started");
    }

    @Test
    void aTokenFromDuringOrBeforeAFinishedReshardSaysSo() {
        refused(EventAt16.class, token(EventFrom4To16.class), "made while a re-shard of Event to 16 shards ran");
        refused(EventAt16.class, token(EventAt4.class), "made when Event was stored in 4 shards");
        refused(EventAt16.class, token(EventUnsharded.class), "made before Event was sharded");
    }

    /**
     * During a re-shard, a page is full until the listing runs out, on the synchronous and the asynchronous table:
     * items half in the former layout's 4 shards and half in the new layout's 16, read in pages of 7 and 50, come
     * in key order with every page but the last holding its limit.
     */
    @Test
    void pagesDuringAReshardAreFullUntilTheListingEnds() {
        KeyPath day = KeyPath.of("day", "2026-11-28");
        List<Long> ids = new ArrayList<>();
        for (long id = 0; id < 240; id++) {
            store(id % 2 == 0 ? new EventAt4("2026-11-28", id) : new EventAt16("2026-11-28", id));
            ids.add(id);
        }
        KeyPathTable sync = table(EventFrom4To16.class);
        KeyPathAsyncTable async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient())
                .tableName(name).register(EventFrom4To16.class).pageTokenSecret(SECRET).build();
        for (int limit : new int[] {7, 50}) {
            for (boolean onAsync : new boolean[] {false, true}) {
                List<Long> got = new ArrayList<>();
                String token = null;
                do {
                    ItemQuery q = ItemQuery.of(b -> b.subtree(day).limit(limit));
                    ItemQuery next = q.toBuilder().pageToken(token).build();
                    Page<Object> page = onAsync ? AsyncResults.await(async.query(next)) : sync.query(next);
                    token = page.nextPageToken();
                    if (token != null) {
                        assertThat(page.items()).as("a page of %d with a next page (async: %s)", limit, onAsync)
                                .hasSize(limit);
                    }
                    page.items().forEach(i -> got.add(((EventFrom4To16) i).eventId()));
                } while (token != null);
                assertThat(got).as("limit %d, async %s", limit, onAsync).isEqualTo(ids);
            }
        }
    }
}
