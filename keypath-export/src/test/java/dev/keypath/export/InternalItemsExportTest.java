package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An export of a table whose types hold unique key paths, sequence ids and expiry reads through the table as the
 * table reads itself: keypath's own items (alias items, sequence counters) map to no object and are left out of the
 * typed items, as collection reads leave them out, and expired items are left out as every read leaves them out;
 * both are kept on request. The import carries the internal items over, so that the copy's unique key paths and
 * sequences work.
 */
@KeyPathDynamoDb(types = {InternalItemsExportTest.Member.class, InternalItemsExportTest.Note.class,
    InternalItemsExportTest.Ticket.class})
class InternalItemsExportTest {
    @ItemType(keyPath = "/member-{id}")
    @UniqueKeyPath("/email-{email}")
    record Member(String id, String email, String name) {
    }

    @ItemType(keyPath = "/member-{memberId}/note-{noteId}")
    record Note(String memberId, @AutoId(AutoId.Strategy.SEQUENCE) long noteId, String text) {
    }

    @ItemType(keyPath = "/ticket-{id}")
    record Ticket(String id, @TimeToLive Instant expiresAt) {
    }

    private static final int MEMBERS = 3;
    private static final int NOTES = 4;

    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;
    @TempDir
    static Path out;
    private static ExportDirectory export;
    /** What a read of the table gives: members, notes and the tickets that have not expired. */
    private static final List<Object> live = new ArrayList<>();
    private static final List<Ticket> expired = new ArrayList<>();

    @BeforeAll
    static void storeAndExport() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        for (int m = 0; m < MEMBERS; m++) {
            live.add(table.put(new Member("m" + m, "m" + m + "@example.com", "member " + m)));
            for (int n = 0; n < NOTES; n++) {
                live.add(table.put(new Note("m" + m, 0, "note " + n)));
            }
        }
        live.add(table.put(new Ticket("open-1", now.plus(1, ChronoUnit.DAYS))));
        live.add(table.put(new Ticket("open-2", null)));
        expired.add(table.put(new Ticket("gone-1", now.minus(1, ChronoUnit.DAYS))));
        expired.add(table.put(new Ticket("gone-2", now.minusSeconds(5))));
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
    void theTypedItemsAreWhatTheTableReadsNoInternalNoExpired() {
        List<ExportedItem> read = read(ExportReader.of(export).items(table, UnreadableItems.FAIL));

        assertThat(read).allMatch(ExportedItem::readable);
        assertThat(read).extracting(ExportedItem::item).containsExactlyInAnyOrderElementsOf(live);
        assertThat(read(ExportReader.of(export).items(async::readStoredItem, UnreadableItems.FLAG)))
                .extracting(ExportedItem::item).containsExactlyInAnyOrderElementsOf(live);
    }

    @Test
    void leftOutItemsAreCountedAndKeptOnRequestFlagged() {
        ExportItems typed = ExportReader.of(export).items(table, UnreadableItems.FAIL);
        read(typed);
        // an alias and a counter per member, and the layout record
        assertThat(typed.internalLeftOut()).isEqualTo(2 * MEMBERS + Tables.LAYOUT_RECORD);
        assertThat(typed.expiredLeftOut()).isEqualTo(expired.size());

        ExportItems raw = ExportReader.of(export).items(UnreadableItems.FAIL);
        assertThat(read(raw)).hasSize(live.size()).noneMatch(e -> e.internal() || e.expired());
        assertThat(raw.internalLeftOut() + raw.expiredLeftOut()).isEqualTo(2 * MEMBERS + Tables.LAYOUT_RECORD
                + expired.size());

        ExportItems all = ExportReader.of(export).keepingInternalItems().keepingExpiredItems()
                .items(table, UnreadableItems.FAIL);
        List<ExportedItem> kept = read(all);
        assertThat(kept).hasSize((int) export.summary().itemCount());
        assertThat(all.internalLeftOut() + all.expiredLeftOut()).isZero();
        assertThat(kept).filteredOn(ExportedItem::internal).hasSize(2 * MEMBERS + Tables.LAYOUT_RECORD)
                .allMatch(e -> e.item() == null && e.readable() && !e.expired());
        assertThat(kept).filteredOn(ExportedItem::expired).extracting(ExportedItem::item)
                .containsExactlyInAnyOrderElementsOf(expired);
        assertThat(kept).filteredOn(e -> !e.internal() && !e.expired()).extracting(ExportedItem::item)
                .containsExactlyInAnyOrderElementsOf(live);
    }

    @Test
    void expiryIsJudgedByTheReadersClock() {
        Clock later = Clock.fixed(Instant.now().plus(2, ChronoUnit.DAYS), ZoneOffset.UTC);

        ExportItems items = ExportReader.of(export).withClock(later).items(table, UnreadableItems.FAIL);

        assertThat(read(items)).extracting(ExportedItem::item)
                .doesNotContain(live.stream().filter(o -> o instanceof Ticket t && t.expiresAt() != null).toArray())
                .contains(new Ticket("open-2", null));
        assertThat(items.expiredLeftOut()).isEqualTo(expired.size() + 1);
    }

    @Test
    void readStoredItemOfAnAliasACounterOrTheLayoutRecordIsEmptyAsForEveryInternalItem() {
        List<Map<String, AttributeValue>> internal = new ArrayList<>();
        try (ExportItems items = ExportReader.of(export).keepingInternalItems().items(UnreadableItems.FAIL)) {
            items.forEachRemaining(e -> {
                if (e.internal()) {
                    internal.add(e.attributes());
                }
            });
        }
        assertThat(internal).extracting(i -> i.get("_type").s()).containsOnly("_kp_alias", "_kp_sequence",
                "_kp_layout");

        assertThat(internal).allSatisfy(i -> {
            assertThat(table.readStoredItem(i)).isEmpty();
            assertThat(async.readStoredItem(i)).isEmpty();
        });
    }

    @Test
    void anImportedCopyKeepsItsUniqueKeyPathsAndSequences() {
        KeyPathTable copy = KeyPathTables.builder().client(table.client())
                .tableName(TestDynamoDb.uniqueTableName("internal-copy")).register(Member.class, Note.class,
                        Ticket.class).build();

        TableImporter.builder().table(copy).directory(export.path()).createTable(true).build().run();

        for (int m = 0; m < MEMBERS; m++) {
            assertThat(copy.getByAlias(Member.class, KeyPath.of("email", "m" + m + "@example.com")))
                    .contains(new Member("m" + m, "m" + m + "@example.com", "member " + m));
        }
        assertThatThrownBy(() -> copy.put(new Member("other", "m0@example.com", "another")))
                .isInstanceOf(UniqueKeyConflictException.class);
        Note next = copy.put(new Note("m1", 0, "after the import"));
        assertThat(next.noteId()).isGreaterThan(NOTES);
        assertThat(copy.get(Note.class, KeyPath.of("member", "m1").then("note", NOTES))).isPresent();
        for (Ticket t : expired) {
            assertThat(copy.get(Ticket.class, KeyPath.of("ticket", t.id()))).isEmpty();
        }
    }
}
