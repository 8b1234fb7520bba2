package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An export read into the table's registered types: each item comes back as the object that was stored, with its
 * key path; items no registered type can read fail, are flagged or are skipped, as the policy says, naming the
 * data file and line; sequence counters are left out, or come with no object when kept.
 */
@KeyPathDynamoDb(types = {TypedReadTest.Account.class, TypedReadTest.Ledger.class, TypedReadTest.Entry.class,
    TypedReadTest.Blob.class})
class TypedReadTest {
    @ItemType(keyPath = "/account-{accountId}")
    record Account(UUID accountId, String owner, BigDecimal balance, List<String> tags, Map<String, Object> meta) {
    }

    @ItemType(keyPath = "/account-{accountId}/ledger-{year}")
    record Ledger(UUID accountId, String year, boolean closed) {
    }

    @ItemType(keyPath = "/account-{accountId}/ledger-{year}/entry-{entryId}")
    record Entry(UUID accountId, String year, @AutoId(AutoId.Strategy.SEQUENCE) long entryId, BigInteger cents,
            Set<String> labels) {
    }

    @ItemType(keyPath = "/blob-{hash}")
    record Blob(byte[] hash, byte[] data) {
    }

    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;
    @TempDir
    static Path out;
    private static final List<Object> stored = new ArrayList<>();
    private static ExportDirectory export;
    private static KeyPath ghost;

    @BeforeAll
    static void storeAndExport() {
        for (int a = 0; a < 20; a++) {
            UUID id = new UUID(a, 42);
            stored.add(table.put(new Account(id, "owner " + a, new BigDecimal("12345678901234567890.0123456789"),
                    List.of("t" + a, "x"), Map.of("nested", Map.of("n", a), "flag", a % 2 == 0))));
            stored.add(table.put(new Ledger(id, "2025", a % 3 == 0)));
            for (int e = 0; e < 5; e++) {
                stored.add(table.put(new Entry(id, "2025", 0, BigInteger.TEN.pow(30).add(BigInteger.valueOf(e)),
                        Set.of("l" + e))));
            }
            stored.add(table.put(new Blob(new byte[] {(byte) a, 0, (byte) 0xff}, new byte[a])));
        }
        ghost = KeyPath.of("ghost", 1);
        table.client().putItem(r -> r.tableName(table.tableName()).item(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(ghost.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(ghost.sortKey())),
                "_type", AttributeValue.fromS("Ghost"))));
        export = TableExporter.builder().client(table.client()).tableName(table.tableName()).directory(out)
                .segments(2).build().export();
    }

    private static List<ExportedItem> read(ExportItems items) {
        List<ExportedItem> read = new ArrayList<>();
        try (items) {
            items.forEachRemaining(read::add);
        }
        return read;
    }

    @Test
    void everyStoredObjectComesBackAsItsTypeWithItsKeyPath() {
        ExportItems items = ExportReader.of(export).items(table, UnreadableItems.FLAG);
        List<ExportedItem> read = read(items);
        Map<KeyPath, Object> expected = new HashMap<>();
        stored.forEach(o -> expected.put(table.keyPathOf(o), o));
        List<ExportedItem> objects = read.stream().filter(e -> e.item() != null).toList();

        assertThat(objects).hasSize(stored.size());
        assertThat(objects).allSatisfy(e -> {
            assertThat(e.keyPath()).isEqualTo(table.keyPathOf(e.item()));
            assertThat(e.item()).usingRecursiveComparison().isEqualTo(expected.get(e.keyPath()));
        });
        assertThat(read).noneMatch(ExportedItem::internal);
        assertThat(items.internalLeftOut()).isEqualTo(20 + Tables.LAYOUT_RECORD);
        assertThat(read(ExportReader.of(export).keepingInternalItems().items(table, UnreadableItems.FLAG)))
                .filteredOn(e -> "_kp_sequence".equals(e.typeName())).hasSize(20)
                .allMatch(e -> e.item() == null && e.readable() && e.internal());
    }

    @Test
    void anItemOfAnUnregisteredTypeIsFlaggedSkippedOrFailsNamingFileAndLine() {
        List<ExportedItem> flagged = read(ExportReader.of(export).items(table, UnreadableItems.FLAG)).stream()
                .filter(e -> !e.readable()).toList();
        assertThat(flagged).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).isEqualTo(ghost);
            assertThat(e.typeName()).isEqualTo("Ghost");
            assertThat(e.problem().getMessage()).startsWith(e.file() + " line " + e.line() + ": ")
                    .contains("Ghost").contains(ghost.toString());
        });

        ExportItems skipping = ExportReader.of(export).items(async::readStoredItem, UnreadableItems.SKIP);
        assertThat(read(skipping)).noneMatch(e -> "Ghost".equals(e.typeName()));
        assertThat(skipping.skipped()).isEqualTo(1);

        assertThatThrownBy(() -> read(ExportReader.of(export).items(table, UnreadableItems.FAIL)))
                .isInstanceOf(UnreadableItemException.class).hasMessageContaining(flagged.get(0).file() + " line "
                        + flagged.get(0).line()).hasMessageContaining("Ghost")
                .satisfies(e -> assertThat(((UnreadableItemException) e).keyPath()).contains(ghost));
    }

    @Test
    void theExportOpensFromTheDirectoryAboveAWSDynamoDB() {
        ExportReader reader = ExportReader.open(out);

        assertThat(reader.directory().exportId()).isEqualTo(export.exportId());
        assertThat(reader.directory().summary().itemCount()).isEqualTo(stored.size() + 20 + 1 + Tables.LAYOUT_RECORD);
    }
}
