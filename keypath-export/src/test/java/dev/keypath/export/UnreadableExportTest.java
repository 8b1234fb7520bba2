package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An export read into registered types meets each kind of damage a stored item can have (key bytes that are not a
 * key path, no {@code _type}, an unregistered one, a key path off its type's template, an id or an attribute that
 * does not fit its field) as an {@link UnreadableItemException} naming the data file, the line, what is wrong and,
 * where the key decodes, the key path: failed, flagged or skipped as the policy says, never mapped wrongly.
 */
@KeyPathDynamoDb(types = {UnreadableExportTest.Shelf.class, UnreadableExportTest.Book.class})
class UnreadableExportTest {
    @ItemType(keyPath = "/shelf-{shelfId}")
    record Shelf(UUID shelfId, String name) {
    }

    @ItemType(keyPath = "/shelf-{shelfId}/book-{isbn}")
    record Book(UUID shelfId, String isbn, boolean lent) {
    }

    private static final UUID SHELF = new UUID(7, 7);
    private static final KeyPath SHELF_PATH = KeyPath.of("shelf", SHELF);
    private static final byte[] GARBAGE = {'b', 'o', 'o', 'k', 1, (byte) 0xFF};
    /** Each damaged item's key path (null: undecodable key bytes) and what its problem names. */
    private static final Map<KeyPath, String> DAMAGED = new LinkedHashMap<>();

    @Injected
    static KeyPathTable table;
    @TempDir
    static Path out;
    private static ExportDirectory export;

    @BeforeAll
    static void storeAndExport() {
        table.put(new Shelf(SHELF, "fiction"));
        table.put(new Book(SHELF, "978-1", false));
        raw(Map.of("pk", key(SHELF_PATH.partitionKey()), "sk", key(GARBAGE), "_type", s("Book")));
        damaged(SHELF_PATH.then("book", "no-type"), null, "no _type");
        damaged(SHELF_PATH.then("book", "ghost"), "Ghost", "'Ghost' is not registered");
        damaged(SHELF_PATH.then("book", "shelf-here"), "Shelf", "does not match template");
        damaged(SHELF_PATH.then("book", 42), "Book", "42");
        KeyPath misfit = SHELF_PATH.then("book", "misfit");
        DAMAGED.put(misfit, "lent");
        raw(Map.of("pk", key(misfit.partitionKey()), "sk", key(misfit.sortKey()), "_type", s("Book"),
                "lent", AttributeValue.fromM(Map.of("x", s("y")))));
        export = TableExporter.builder().client(table.client()).tableName(table.tableName()).directory(out)
                .segments(2).build().export();
    }

    private static void damaged(KeyPath path, String type, String problem) {
        DAMAGED.put(path, problem);
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("pk", key(path.partitionKey()));
        item.put("sk", key(path.sortKey()));
        if (type != null) {
            item.put("_type", s(type));
        }
        item.put("lent", AttributeValue.fromBool(true));
        raw(item);
    }

    private static void raw(Map<String, AttributeValue> item) {
        table.client().putItem(r -> r.tableName(table.tableName()).item(item));
    }

    private static AttributeValue key(byte[] bytes) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    private static List<ExportedItem> read(ExportItems items) {
        List<ExportedItem> read = new ArrayList<>();
        try (items) {
            items.forEachRemaining(read::add);
        }
        return read;
    }

    @Test
    void eachKindOfDamageIsFlaggedNamingFileLineKeyPathAndProblem() {
        List<ExportedItem> read = read(ExportReader.of(export).items(table, UnreadableItems.FLAG));
        assertThat(read).filteredOn(ExportedItem::readable).extracting(ExportedItem::item)
                .containsExactlyInAnyOrder(new Shelf(SHELF, "fiction"), new Book(SHELF, "978-1", false));
        List<ExportedItem> flagged = read.stream().filter(i -> !i.readable()).toList();
        assertThat(flagged).hasSize(DAMAGED.size() + 1);
        for (ExportedItem item : flagged) {
            UnreadableItemException problem = item.problem();
            assertThat(item.item()).isNull();
            assertThat(problem).hasMessageStartingWith(item.file() + " line " + item.line() + ": ");
            if (item.keyPath() == null) {
                assertThat(problem).hasMessageContaining("not a valid key path");
            } else {
                assertThat(DAMAGED).containsKey(item.keyPath());
                assertThat(problem).hasMessageContaining(DAMAGED.get(item.keyPath()))
                        .hasMessageContaining(item.keyPath().toString());
                assertThat(problem.keyPath()).contains(item.keyPath());
            }
        }
        assertThat(flagged).extracting(ExportedItem::keyPath).filteredOn(p -> p != null)
                .containsExactlyInAnyOrderElementsOf(DAMAGED.keySet());
    }

    @Test
    void skippingLeavesEachOutAndCountsItAndFailingStopsAtTheFirst() {
        ExportItems skipping = ExportReader.of(export).items(table, UnreadableItems.SKIP);
        assertThat(read(skipping)).extracting(ExportedItem::item)
                .containsExactlyInAnyOrder(new Shelf(SHELF, "fiction"), new Book(SHELF, "978-1", false));
        assertThat(skipping.skipped()).isEqualTo(DAMAGED.size() + 1);
        assertThatThrownBy(() -> read(ExportReader.of(export).items(table, UnreadableItems.FAIL)))
                .isInstanceOf(UnreadableItemException.class).hasMessageContaining(" line ");
    }
}
