package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The change feed of a sharded type: each change names the item's logical key path, whatever its shard. */
@KeyPathDynamoDb(types = ShardedChangesTest.Event.class, customizers = Model.NewAndOldImages.class)
class ShardedChangesTest {
    @Injected
    static KeyPathTable table;

    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record Event(String day, long eventId, String body) {
    }

    @Test
    void changesOfShardedItemsCarryTheirKeyPathsAndImages() {
        String day = "d" + UUID.randomUUID();
        List<Event> events = new ArrayList<>();
        for (long id = 0; id < 20; id++) {
            events.add(table.put(new Event(day, id, "b" + id)));
        }
        KeyPath first = KeyPath.of("day", day).then("event", 0);
        table.update(Event.class, first, UpdateSpec.of(u -> u.set("body", "changed")));
        table.delete(Event.class, first);

        ChangeFeedReader reader = ChangeFeedReader.builder().client(Streams.client()).tableName(table.tableName())
                .decoder(ChangeDecoder.forTable(table)).pollDelay(Duration.ofMillis(20), Duration.ofMillis(100))
                .build();
        List<ItemChange> changes = Streams.drain(reader);

        assertThat(changes).hasSize(22).allSatisfy(c -> assertThat(c.isReadable()).isTrue());
        assertThat(changes.subList(0, 20)).extracting(c -> c.newImage().orElseThrow())
                .containsExactlyInAnyOrderElementsOf(events);
        assertThat(changes).extracting(c -> c.keyPath().orElseThrow().prefix(1))
                .containsOnly(KeyPath.of("day", day));
        ItemChange deleted = changes.get(21);
        assertThat(deleted.keyPath()).contains(first);
        assertThat(deleted.oldImage()).contains(new Event(day, 0, "changed"));
        assertThat(ShardKeys.isSharded(deleted.keys().get("pk").b().asByteArray())).isTrue();
    }
}
