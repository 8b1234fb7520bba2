package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sharded type exported and imported: the export verifies and reads logical key paths, and the imported table
 * keeps each item in its shard, so its queries and reads by key path find them all.
 */
@KeyPathDynamoDb(types = ShardedExportTest.Event.class)
class ShardedExportTest {
    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record Event(String day, long eventId, String body) {
    }

    @Injected
    static KeyPathTable table;
    @TempDir
    static Path out;

    @Test
    void anExportOfShardedItemsReadsTheirKeyPathsAndImportsIntoTheirShards() {
        List<Event> events = new ArrayList<>();
        for (long id = 0; id < 60; id++) {
            events.add(table.put(new Event("2026-11-27", id, "b" + id)));
        }
        ExportDirectory export = TableExporter.builder().client(table.client()).tableName(table.tableName())
                .directory(out).segments(2).build().export();

        List<ExportedItem> read = new ArrayList<>();
        try (ExportItems items = ExportReader.of(export).items(table, UnreadableItems.FAIL)) {
            items.forEachRemaining(read::add);
        }
        assertThat(read).hasSize(60).allSatisfy(e -> assertThat(e.keyPath()).isEqualTo(table.keyPathOf(e.item())));
        assertThat(read).extracting(ExportedItem::item).containsExactlyInAnyOrderElementsOf(events);

        KeyPathTable imported = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("sharded-import")).register(Event.class).build();
        ImportResult result = TableImporter.builder().table(imported).directory(out).createTable(true).build().run();
        assertThat(result.written()).isEqualTo(60 + Tables.LAYOUT_RECORD);
        KeyPath day = KeyPath.of("day", "2026-11-27");
        assertThat(imported.stream(Event.class, ItemQuery.of(q -> q.subtree(day).limit(9))).toList())
                .containsExactlyElementsOf(events);
        assertThat(imported.get(Event.class, day.then("event", 42))).contains(events.get(42));
    }
}
