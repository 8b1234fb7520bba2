package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What the change feed shows of an item moved by a re-shard ({@code @Sharded(formerCount)}): the move is an
 * {@code INSERT} of the item under its new shard's key and a {@code REMOVE} of its former copy, both naming the same
 * logical key path with equal images; the write that caused it follows as a change of the new copy. The removed
 * copy's physical key is the former shard's, which tells a consumer that it was moved, not deleted. The item is
 * stored as a build from before the table's layout record would (raw), so the re-shard the moving table declares is
 * recorded as switched when it first reads the record, and its write moves the item at once.
 */
@KeyPathDynamoDb(customizers = Model.NewAndOldImages.class)
class ReshardChangesTest {
    @Injected
    static KeyPathTable table;

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "MovedEvent")
    @Sharded(count = 4, by = "eventId")
    record At4(String day, long eventId, String body) {
    }

    @ItemType(keyPath = "/day-{day}/event-{eventId}", name = "MovedEvent")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record From4To16(String day, long eventId, String body) {
    }

    @Test
    void aMoveIsAnInsertOfTheNewCopyAndARemovalOfTheFormerOneUnderOneKeyPath() {
        String day = "d" + UUID.randomUUID();
        long id = 0;
        KeyPath path = KeyPath.of("day", day).then("event", id);
        while (ShardKeys.calculatedShard(4, List.of(path.id(1))) == ShardKeys.calculatedShard(16, List.of(path.id(1)))) {
            path = KeyPath.of("day", day).then("event", ++id); // an item whose shard changes
        }
        long eventId = id;
        table.client().putItem(r -> r.tableName(table.tableName()).item(ItemSchemas.of(At4.class)
                .toItem(new At4(day, eventId, "first"))));
        KeyPathTable moving = KeyPathTables.builder().client(table.client()).tableName(table.tableName())
                .register(From4To16.class).build();
        moving.update(From4To16.class, path, UpdateSpec.of(u -> u.set("body", "second")));

        ChangeFeedReader reader = ChangeFeedReader.builder().client(Streams.client()).tableName(table.tableName())
                .decoder(ChangeDecoder.forTable(moving)).pollDelay(Duration.ofMillis(20), Duration.ofMillis(100))
                .build();
        KeyPath expected = path;
        List<ItemChange> changes = Streams.drain(reader).stream()
                .filter(c -> c.keyPath().filter(expected::equals).isPresent()).toList();

        assertThat(changes).extracting(c -> c.kind().orElseThrow())
                .containsExactlyInAnyOrder(ChangeKind.INSERT, ChangeKind.INSERT, ChangeKind.REMOVE, ChangeKind.MODIFY);
        ItemChange removed = changes.stream().filter(c -> c.kind().orElseThrow() == ChangeKind.REMOVE).findFirst()
                .orElseThrow();
        ItemChange moved = changes.stream().filter(c -> c.kind().orElseThrow() == ChangeKind.INSERT)
                .filter(c -> !c.keys().get("pk").equals(removed.keys().get("pk"))).findFirst().orElseThrow();
        assertThat(moved.newImage()).contains(new From4To16(day, eventId, "first"));
        assertThat(removed.oldImage()).contains(new From4To16(day, eventId, "first"));
        assertThat(StoredShardMoves.newPartitionKey(moving.schema(From4To16.class), removed.oldAttributes()
                .orElseThrow())).as("the removed copy is not where the new layout keeps the item").isNotNull();
        assertThat(StoredShardMoves.newPartitionKey(moving.schema(From4To16.class), moved.newAttributes()
                .orElseThrow())).as("the inserted copy is").isNull();
        ItemChange modified = changes.stream().filter(c -> c.kind().orElseThrow() == ChangeKind.MODIFY).findFirst()
                .orElseThrow();
        assertThat(modified.newImage()).contains(new From4To16(day, eventId, "second"));
        assertThat(modified.keys().get("pk")).isEqualTo(moved.keys().get("pk"));
    }
}
