package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An export holds items as the table stores them (Java sets as DynamoDB sets, an empty one as an empty list, null
 * fields as missing attributes),
 * reads them back into the objects that were put, and imports them into another table unchanged.
 */
@KeyPathDynamoDb(types = StoredFormExportTest.Bag.class)
class StoredFormExportTest {
    record Stats(Long posts, Long likes) {
    }

    @ItemType(keyPath = "/bag-{id}")
    record Bag(String id, Set<String> tags, Set<Long> counts, String note, Stats stats) {
    }

    @Injected
    static KeyPathTable table;
    @TempDir
    static Path out;

    @Test
    void setsAndNullFieldsTravelThroughAnExportAndBack() {
        List<Bag> bags = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            bags.add(table.put(new Bag(UUID.randomUUID().toString(), Set.of("t" + i, "x"), i == 0 ? Set.of()
                    : Set.of((long) i), i % 2 == 0 ? null : "n", new Stats(null, (long) i))));
        }
        ExportDirectory export = TableExporter.builder().client(table.client()).tableName(table.tableName())
                .directory(out).segments(2).build().export();
        List<Object> read = new ArrayList<>();
        List<Map<String, AttributeValue>> raw = new ArrayList<>();
        try (ExportItems items = ExportReader.of(export).items(table, UnreadableItems.FAIL)) {
            items.forEachRemaining(e -> {
                read.add(e.item());
                raw.add(e.attributes());
            });
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(bags);
        assertThat(raw).allSatisfy(item -> {
            assertThat(item.get("tags").ss()).hasSize(2);
            assertThat(item.values()).allSatisfy(v -> assertThat(v.nul()).isNull());
        });

        KeyPathTable copy = KeyPathTables.builder().client(table.client())
                .tableName(TestDynamoDb.uniqueTableName("stored-form-copy")).register(Bag.class).build();
        TableImporter.builder().table(copy).directory(export.path()).createTable(true).build().run();
        for (Bag b : bags) {
            assertThat(copy.get(Bag.class, table.keyPathOf(b))).contains(table.get(Bag.class, table.keyPathOf(b))
                    .orElseThrow());
        }
    }
}
