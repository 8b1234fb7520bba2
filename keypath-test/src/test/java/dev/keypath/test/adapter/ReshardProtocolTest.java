package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableLayoutMismatchException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredLayouts;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The rolling deploy of a re-shard through the table's layout record, with an instance that declares the former
 * layout alone ({@code count = 4}) and one that declares the re-shard ({@code count = 16, formerCount = 4}) writing
 * one item of one DynamoDB table, on the synchronous and on the asynchronous table: until the switch is announced
 * both write the former layout, so each reads what the other wrote; once it is announced, the former-only instance
 * refuses its writes (never acknowledged and lost) and, after the switch, the re-shard's instance writes the new
 * layout, moving the item first. The sequence of the lost write (old v1, new v2, old v3: the new instance read v2 and
 * a re-shard kept it) ends at v3, read alike by get, query and count.
 */
class ReshardProtocolTest {
    private static final Duration FAST = Duration.ofMillis(100);
    private static final String DAY = "2026-11-27";

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId")
    record EventAt4(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record EventFrom4To16(String day, long eventId, String note) {
    }

    enum Kind { SYNC, ASYNC }

    /** One instance of the application, by the calls the sequence makes, on either table. */
    record Instance(Consumer<Object> put, Function<KeyPath, Optional<String>> get,
                    Supplier<List<String>> query, Supplier<Long> count) {
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private static <T> Instance instance(Kind kind, String table, Class<T> type, Function<T, String> note) {
        ItemQuery day = ItemQuery.of(q -> q.subtree(KeyPath.of("day", DAY)));
        if (kind == Kind.SYNC) {
            KeyPathTable t = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(table)
                    .register(type).layoutRefresh(FAST).build();
            return new Instance(t::put, p -> t.get(type, p).map(note),
                    () -> t.stream(type, day).map(note).toList(), () -> t.count(day));
        }
        KeyPathAsyncTable t = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(table)
                .register(type).layoutRefresh(FAST).build();
        return new Instance(item -> join(t.put(item)), p -> join(t.get(type, p)).map(note),
                () -> join(t.query(type, day)).items().stream().map(note).toList(), () -> join(t.count(day)));
    }

    /** An id whose shard among 16 differs from its shard among 4: its item moves. */
    private static long movingId() {
        return LongStream.iterate(0, i -> i + 1).filter(i -> ShardKeys.calculatedShard(4, List.of(KeyId.of(i)))
                != ShardKeys.calculatedShard(16, List.of(KeyId.of(i)))).findFirst().orElseThrow();
    }

    /** The stored copies of the event, raw: where each one is. */
    private static List<Map<String, AttributeValue>> copies(String table) {
        return TestDynamoDb.get().client().scan(r -> r.tableName(table).consistentRead(true)).items().stream()
                .filter(i -> "Event".equals(i.get("_type").s())).toList();
    }

    private static byte[] pk(Map<String, AttributeValue> item) {
        return item.get("pk").b().asByteArray();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void anOldInstancesWriteAfterTheNewInstancesWriteIsReadByBothAndOnlyRefusedOnceTheSwitchIsAnnounced(Kind kind)
            throws InterruptedException {
        String name = TestDynamoDb.uniqueTableName("protocol");
        KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name).register(EventAt4.class)
                .layoutRefresh(FAST).build().bootstrap(); // the table, its layout record: Event in 4 shards
        Instance old = instance(kind, name, EventAt4.class, EventAt4::note);
        Instance upgraded = instance(kind, name, EventFrom4To16.class, EventFrom4To16::note);
        long id = movingId();
        KeyPath path = KeyPath.of("day", DAY).then("event", id);

        old.put().accept(new EventAt4(DAY, id, "v1"));
        upgraded.put().accept(new EventFrom4To16(DAY, id, "v2"));
        old.put().accept(new EventAt4(DAY, id, "v3")); // acknowledged

        assertThat(upgraded.get().apply(path)).contains("v3");
        assertThat(upgraded.query().get()).containsExactly("v3");
        assertThat(upgraded.count().get()).isOne();
        assertThat(old.get().apply(path)).contains("v3");
        assertThat(copies(name)).singleElement().satisfies(c -> assertThat(pk(c))
                .isEqualTo(ShardKeys.encode(path, ShardKeys.calculatedShard(4, List.of(KeyId.of(id))))));

        KeyPathTable schemaOf = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name)
                .register(EventFrom4To16.class).build();
        StoredLayouts.Switch announced = StoredLayouts.announce(TestDynamoDb.get().client(), name,
                schemaOf.schema(EventFrom4To16.class), Duration.ofMillis(50));
        // the old instance's writes are acknowledged until it reads the announcement, then refused
        String lastAcknowledged = LayoutRecordTest.awaitRefused(n -> old.put().accept(new EventAt4(DAY, id, n)), "v3");
        assertThat(upgraded.get().apply(path)).contains(lastAcknowledged);
        assertThat(upgraded.query().get()).containsExactly(lastAcknowledged);

        Thread.sleep(Math.max(0, announced.movesFrom().toEpochMilli() - System.currentTimeMillis()));
        upgraded.put().accept(new EventFrom4To16(DAY, id, "v4")); // moves the item, then writes it
        assertThat(copies(name)).singleElement().satisfies(c -> {
            assertThat(pk(c)).isEqualTo(ShardKeys.encode(path, ShardKeys.calculatedShard(16, List.of(KeyId.of(id)))));
            assertThat(StoredItemLayout.keyPathOf(c)).isEqualTo(path);
        });
        assertThat(upgraded.get().apply(path)).contains("v4");
        assertThat(upgraded.query().get()).containsExactly("v4");
        assertThat(upgraded.count().get()).isOne();
        assertThatThrownBy(() -> old.put().accept(new EventAt4(DAY, id, "still refused")))
                .isInstanceOf(TableLayoutMismatchException.class);
        TestDynamoDb.get().client().deleteTable(r -> r.tableName(name));
    }
}
