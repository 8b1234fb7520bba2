package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.ReshardInProgressException;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Every read and write by key path of a type being re-sharded ({@code @Sharded(formerCount)}) on an item still in
 * its former shard, once the switch to the new layout is in effect, on the synchronous and the asynchronous table
 * alike: a point read finds it where it is and moves nothing; a write first moves it, so conditions, versions and
 * create-only puts see the stored item; batch and transactional reads and writes find it. A bad {@code formerCount}
 * is refused at registration.
 *
 * <p>The items are stored as a build from before the table's layout record would (raw, which no table hears of), so
 * the re-shard the moving tables declare is recorded as switched when they first read the record: they write the new
 * layout at once. (Through the record, a re-shard switches when {@code keypath migrate reshard} announces it; before,
 * the tables write the former layout: {@code ReshardProtocolTest}.)
 */
@KeyPathDynamoDb
class ReshardKeyedOperationsTest {
    @Injected
    private static KeyPathTable table;

    /** Stores {@code item} as a build from before the layout record would: raw, by its type's stored form. */
    private static <T> void storeAsBefore(T item) {
        storeAsBefore(table.tableName(), item);
    }

    /** {@link #storeAsBefore(Object)} in the table named {@code tableName}. */
    @SuppressWarnings("unchecked")
    private static <T> void storeAsBefore(String tableName, T item) {
        table.client().putItem(r -> r.tableName(tableName).item(
                ItemSchemas.of((Class<T>) item.getClass()).toItem(item)));
    }

    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}", name = "Entry")
    @Sharded(count = 2, by = "entryId")
    record Old(String feed, long entryId, String text, @Version Long version) {
    }

    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}", name = "Entry")
    @Sharded(count = 8, by = "entryId", formerCount = 2)
    record Moving(String feed, long entryId, String text, @Version Long version) {
    }

    /** Notes with a global index by author and a local one by length, at 2 shards and moving to 8. */
    @ItemType(keyPath = "/board-{board}/note-{noteId}", name = "Note")
    @Sharded(count = 2, by = "noteId")
    @SecondaryKeyPath(index = "byAuthor", keyPath = "/author-{author}/note-{noteId}")
    @SecondaryKeyPath(index = "byLength", keyPath = "/board-{board}/length-{length}", local = true)
    record NoteAt2(String board, long noteId, String author, long length) {
    }

    @ItemType(keyPath = "/board-{board}/note-{noteId}", name = "Note")
    @Sharded(count = 8, by = "noteId", formerCount = 2)
    @SecondaryKeyPath(index = "byAuthor", keyPath = "/author-{author}/note-{noteId}")
    @SecondaryKeyPath(index = "byLength", keyPath = "/board-{board}/length-{length}", local = true)
    record NoteFrom2To8(String board, long noteId, String author, long length) {
    }

    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}")
    @Sharded(count = 8, by = "entryId", formerCount = 8)
    record SameCount(String feed, long entryId) {
    }

    @ItemType(keyPath = "/feed-{feed}/entry-{entryId}")
    @Sharded(count = 8, by = "entryId", formerCount = 70_000)
    record FormerTooMany(String feed, long entryId) {
    }

    @Test
    void aMovedItemKeepsOneEntryInTheGlobalIndexAndALocalIndexQueryIsRefusedUntilTheChangeEnds() {
        String board = "b" + UUID.randomUUID();
        String author = "a" + UUID.randomUUID();
        List<Long> ids = movingIds(3);
        String notes = TestDynamoDb.uniqueTableName("notes"); // a local index needs a new table
        KeyPathTable moving = KeyPathTables.builder().client(table.client()).tableName(notes)
                .register(NoteFrom2To8.class).build();
        moving.bootstrap();
        for (long id : ids) {
            storeAsBefore(notes, new NoteAt2(board, id, author, 10 + id));
        }
        moving.update(NoteFrom2To8.class, KeyPath.of("board", board).then("note", ids.get(0)),
                UpdateSpec.of(u -> u.set("length", 99L)));
        List<NoteFrom2To8> byAuthor = moving.stream(NoteFrom2To8.class, ItemQuery.of(q -> q.subtree(
                KeyPath.of("author", author)).index("byAuthor"))).toList();
        assertThat(byAuthor).extracting(NoteFrom2To8::noteId).containsExactlyElementsOf(ids);
        assertThat(byAuthor.get(0).length()).isEqualTo(99L);
        assertThatThrownBy(() -> moving.query(q -> q.subtree(KeyPath.of("board", board)).index("byLength")))
                .isInstanceOf(ReshardInProgressException.class).hasMessageContaining("byLength")
                .hasMessageContaining("query the table");
        assertThat(moving.stream(NoteFrom2To8.class, ItemQuery.of(q -> q.subtree(KeyPath.of("board", board))))
                .map(NoteFrom2To8::noteId).toList()).isEqualTo(ids);
        table.client().deleteTable(r -> r.tableName(notes));
    }

    @Test
    void aFormerCountEqualToTheCountOrOutOfRangeIsRefused() {
        assertThatThrownBy(() -> ItemSchemas.of(SameCount.class)).isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining("SameCount").hasMessageContaining("formerCount = 8 is the count itself");
        assertThatThrownBy(() -> ItemSchemas.of(FormerTooMany.class)).isInstanceOf(ShardDeclarationException.class)
                .hasMessageContaining("FormerTooMany").hasMessageContaining("not 70000");
    }

    /** Ids whose shard among 8 differs from their shard among 2: they move. */
    private static List<Long> movingIds(int n) {
        return java.util.stream.LongStream.iterate(0, i -> i + 1)
                .filter(i -> ShardKeys.calculatedShard(2, List.of(dev.keypath.KeyId.of(i)))
                        != ShardKeys.calculatedShard(8, List.of(dev.keypath.KeyId.of(i))))
                .limit(n).boxed().toList();
    }

    private static int storedUnder(KeyPath path, int shard) {
        return table.client().query(QueryRequest.builder().tableName(table.tableName())
                .keyConditionExpression("pk = :pk").consistentRead(true)
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromB(SdkBytes.fromByteArray(
                        ShardKeys.encode(path, shard))))).build()).items().stream()
                .filter(i -> java.util.Arrays.equals(i.get("sk").b().asByteArray(), path.sortKey())).toList().size();
    }

    private static int newShard(KeyPath path) {
        return ShardKeys.calculatedShard(8, List.of(path.id(1)));
    }

    private static int formerShard(KeyPath path) {
        return ShardKeys.calculatedShard(2, List.of(path.id(1)));
    }

    @Test
    void synchronousReadsAndWritesOfItemsInTheirFormerShards() {
        KeyPathTable moving = KeyPathTables.builder().client(table.client()).tableName(table.tableName())
                .register(Moving.class).build();
        check(moving::get, (u) -> moving.update(u), moving);
    }

    @Test
    void asynchronousReadsAndWritesOfItemsInTheirFormerShards() {
        KeyPathAsyncTable async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get()
                .asyncClient()).tableName(table.tableName()).register(Moving.class).build();
        KeyPathTable moving = KeyPathTables.builder().client(table.client()).tableName(table.tableName())
                .register(Moving.class).build();
        check((type, path) -> async.get(type, path).join(), u -> async.update(u).join(), moving);
        String feed = "f" + UUID.randomUUID();
        long id = movingIds(1).get(0);
        storeAsBefore(new Old(feed, id, "a", 1L));
        KeyPath path = KeyPath.of("feed", feed).then("entry", id);
        assertThatThrownBy(() -> async.put(new Moving(feed, id, "b", null), PutMode.CREATE_ONLY).join())
                .hasCauseInstanceOf(ConditionFailedException.class);
        async.delete(Moving.class, path).join();
        assertThat(storedUnder(path, formerShard(path)) + storedUnder(path, newShard(path))).isZero();
    }

    interface Getter {
        java.util.Optional<Moving> get(Class<Moving> type, KeyPath path);
    }

    private void check(Getter get, Function<UpdateItem<Moving>, Moving> update, KeyPathTable moving) {
        String feed = "f" + UUID.randomUUID();
        List<Long> ids = movingIds(6);
        for (long id : ids) {
            storeAsBefore(new Old(feed, id, "t" + id, 1L));
        }
        KeyPath p0 = KeyPath.of("feed", feed).then("entry", ids.get(0));
        // a point read finds the item in its former shard and moves nothing
        assertThat(get.get(Moving.class, p0)).contains(new Moving(feed, ids.get(0), "t" + ids.get(0), 1L));
        assertThat(storedUnder(p0, formerShard(p0))).isOne();
        assertThat(storedUnder(p0, newShard(p0))).isZero();

        // an update with a stale expected version fails as it would unsharded; a current one applies, after the move
        assertThatThrownBy(() -> update.apply(UpdateItem.of(Moving.class, p0, UpdateSpec.of(u -> u.set("text",
                "x").expectedVersion(7L))))).satisfies(e -> assertThat(e instanceof VersionConflictException
                || e.getCause() instanceof VersionConflictException).isTrue());
        Moving updated = update.apply(UpdateItem.of(Moving.class, p0, UpdateSpec.of(u -> u.set("text", "u")
                .expectedVersion(1L))));
        assertThat(updated).isEqualTo(new Moving(feed, ids.get(0), "u", 2L));
        assertThat(storedUnder(p0, formerShard(p0))).isZero();
        assertThat(storedUnder(p0, newShard(p0))).isOne();

        // a create-only put of a stored item fails: the move shows the item where the put looks
        KeyPath p1 = KeyPath.of("feed", feed).then("entry", ids.get(1));
        assertThatThrownBy(() -> moving.put(new Moving(feed, ids.get(1), "again", null), PutMode.CREATE_ONLY))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(moving.get(Moving.class, p1).orElseThrow().text()).isEqualTo("t" + ids.get(1));

        // batch and transactional reads and writes
        KeyPath p2 = KeyPath.of("feed", feed).then("entry", ids.get(2));
        KeyPath p3 = KeyPath.of("feed", feed).then("entry", ids.get(3));
        assertThat(moving.batchGet(List.of(ItemKey.of(Moving.class, p2), ItemKey.of(Moving.class, p3)),
                ReadConsistency.STRONG)).hasSize(2);
        assertThat(moving.transactGet(List.of(ItemKey.of(Moving.class, p2))).get(ItemKey.of(Moving.class, p2)))
                .isPresent();
        KeyPath p4 = KeyPath.of("feed", feed).then("entry", ids.get(4));
        moving.transact(tx -> tx.update(UpdateItem.of(Moving.class, p4, UpdateSpec.of(u -> u.set("text", "tx")))));
        KeyPath p5 = KeyPath.of("feed", feed).then("entry", ids.get(5));
        moving.batchWrite(b -> b.delete(Moving.class, p5));
        assertThat(storedUnder(p5, formerShard(p5)) + storedUnder(p5, newShard(p5))).isZero();

        // the parent reads each item once, in order, and counts them
        List<Long> read = moving.stream(Moving.class, ItemQuery.of(q -> q.subtree(KeyPath.of("feed", feed))
                .limit(2))).map(Moving::entryId).toList();
        assertThat(read).isEqualTo(ids.subList(0, 5));
        assertThat(moving.count(q -> q.subtree(KeyPath.of("feed", feed)))).isEqualTo(5);
        assertThat(moving.get(Moving.class, p4).orElseThrow().text()).isEqualTo("tx");
    }
}
