package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.InvalidPageTokenException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TablePer;
import dev.keypath.test.TestDynamoDb;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code scan}: every type, or the scan's types; sequence counters and expired items left out; the caller's filter
 * on the server; page tokens bound to their scan; unreadable items failing the scan or skipped as the table's
 * handler says; the asynchronous table the same. A fresh table per test, so each sees only its own items.
 */
@KeyPathDynamoDb(types = {ScanTest.Shelf.class, ScanTest.Book.class, ScanTest.Loan.class}, tablePer = TablePer.METHOD)
class ScanTest {
    @ItemType(keyPath = "/shelf-{shelfId}")
    record Shelf(String shelfId, String room) {
    }

    @ItemType(keyPath = "/shelf-{shelfId}/book-{bookId}")
    record Book(String shelfId, @AutoId(AutoId.Strategy.SEQUENCE) long bookId, String title) {
    }

    @ItemType(keyPath = "/loan-{loanId}")
    record Loan(String loanId, @TimeToLive Instant due) {
    }

    @Injected
    KeyPathTable table;
    @Injected
    KeyPathAsyncTable async;

    @Test
    void readsEveryTypeAndLeavesOutCountersAndExpiredLoans() {
        Shelf shelf = table.put(new Shelf("a", "north"));
        Book first = table.put(new Book("a", 0, "Dune"));
        Book second = table.put(new Book("a", 0, "Emma"));
        Loan open = table.put(new Loan("open", Instant.now().plusSeconds(3600)));
        table.put(new Loan("expired", Instant.now().minusSeconds(3600)));

        List<Object> all = table.stream(ItemScan.all()).toList();

        assertThat(all).containsExactlyInAnyOrder(shelf, first, second, open);
        assertThat(first.bookId()).isEqualTo(1); // the counter item exists, and is left out
        assertThat(async.scan(ItemScan.all()).join().items()).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void theTypesAndTheFilterRunOnTheServer() {
        table.put(new Shelf("a", "north"));
        table.put(new Shelf("b", "south"));
        Book dune = table.put(new Book("a", 0, "Dune"));
        table.put(new Book("b", 0, "Emma"));

        Page<Object> books = table.scan(s -> s.types(Book.class));
        Page<Object> dunes = table.scan(s -> s.types(Book.class).filter(Condition.attributeEquals("title", "Dune")));

        assertThat(books.items()).hasSize(2).allMatch(Book.class::isInstance);
        assertThat(dunes.items()).containsExactly(dune);
        assertThat(dunes.scannedCount()).as("what DynamoDB read before filtering").isGreaterThan(1);
        assertThat(table.scan(s -> s.types(Shelf.class).consistency(ReadConsistency.STRONG)).items()).hasSize(2);
    }

    @Test
    void pagesOfALimitedScanGoOnUntilTheLastItem() {
        List<Object> written = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            written.add(table.put(new Shelf("s" + i, "r")));
        }
        List<Object> read = new ArrayList<>();
        ItemScan scan = ItemScan.of(s -> s.limit(5));
        Page<Object> page = table.scan(scan);
        int pages = 1;
        read.addAll(page.items());
        while (page.hasMore()) {
            page = table.scan(scan.toBuilder().pageToken(page.nextPageToken()).build());
            read.addAll(page.items());
            pages++;
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(written).doesNotHaveDuplicates();
        assertThat(pages).isBetween(5, 6);
    }

    @Test
    void aPageTokenContinuesItsOwnScanOnly() {
        for (int i = 0; i < 6; i++) {
            table.put(new Shelf("s" + i, "r"));
            table.put(new Book("s" + i, 0, "t"));
        }
        ItemScan shelves = ItemScan.of(s -> s.types(Shelf.class).limit(2));
        String token = table.scan(shelves).nextPageToken();
        assertThat(token).isNotNull();

        assertThat(table.scan(shelves.toBuilder().limit(3).pageToken(token).build()).items())
                .as("the limit may change").hasSize(3);
        for (ItemScan other : List.of(ItemScan.of(s -> s.types(Book.class).pageToken(token)),
                ItemScan.of(s -> s.pageToken(token)),
                ItemScan.of(s -> s.types(Shelf.class).segment(0, 2).pageToken(token)),
                ItemScan.of(s -> s.types(Shelf.class).consistency(ReadConsistency.STRONG).pageToken(token)),
                ItemScan.of(s -> s.types(Shelf.class).filter(Condition.attributeEquals("room", "r"))
                        .pageToken(token)))) {
            assertThatThrownBy(() -> table.scan(other)).as("%s", other).isInstanceOf(InvalidPageTokenException.class);
            assertThatThrownBy(() -> async.scan(other).join()).as("async %s", other)
                    .isInstanceOf(CompletionException.class).hasCauseInstanceOf(InvalidPageTokenException.class);
        }
        assertThatThrownBy(() -> table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("shelf", "s1")).pageToken(token))))
                .as("a query").isInstanceOf(InvalidPageTokenException.class);
        String queryToken = table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("shelf", "s1")).limit(1)))
                .nextPageToken();
        assertThatThrownBy(() -> table.scan(s -> s.pageToken(queryToken))).as("a query's token")
                .isInstanceOf(InvalidPageTokenException.class);
    }

    @Test
    void unreadableItemsFailTheScanOrAreSkippedAsTheHandlerSays() {
        Shelf fine = table.put(new Shelf("fine", "r"));
        KeyPath unknown = KeyPath.of("shelf", "gadget");
        writeRaw(unknown, Map.of("_type", AttributeValue.fromS("Gadget")));
        KeyPath corrupt = KeyPath.of("shelf", "fine").then("book", 9);
        writeRaw(corrupt, Map.of("_type", AttributeValue.fromS("Book"), "title", AttributeValue.fromM(Map.of())));

        assertThatThrownBy(() -> table.stream(ItemScan.all()).toList()).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("[key path ");
        assertThatThrownBy(() -> async.scan(ItemScan.all()).join()).hasCauseInstanceOf(UnreadableItemException.class);
        assertThat(table.scan(s -> s.types(Shelf.class)).items()).as("the types filter leaves the others unread")
                .containsExactly(fine);

        List<KeyPath> skipped = new CopyOnWriteArrayList<>();
        KeyPathTable skipping = TableFixture.builder(table.tableName(), TestDynamoDb.get().client())
                .register(Shelf.class, Book.class, Loan.class)
                .onUnreadableItem(e -> skipped.add(e.keyPath().orElseThrow())).build();
        KeyPathAsyncTable skippingAsync = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient())
                .tableName(table.tableName()).register(Shelf.class, Book.class, Loan.class)
                .onUnreadableItem(e -> skipped.add(e.keyPath().orElseThrow())).build();

        assertThat(skipping.stream(ItemScan.all()).toList()).containsExactly(fine);
        assertThat(skipped).containsExactlyInAnyOrder(unknown, corrupt);
        skipped.clear();
        assertThat(skippingAsync.scanInParallel(ItemScan.all(), 3, page -> { }).join()).isEqualTo(1);
        assertThat(skipped).containsExactlyInAnyOrder(unknown, corrupt);
    }

    @Test
    void theAsynchronousParallelScanStopsAtTheFirstFailure() {
        for (int i = 0; i < 10; i++) {
            table.put(new Shelf("s" + i, "r"));
        }
        List<Page<Object>> pages = new ArrayList<>();
        var scan = async.scanInParallel(ItemScan.of(s -> s.limit(1)), 2, page -> {
            pages.add(page);
            if (pages.size() == 3) {
                throw new IllegalStateException("consumer gave up");
            }
        });
        assertThatThrownBy(scan::join).hasCauseInstanceOf(IllegalStateException.class);
        assertThat(pages).hasSize(3);
        assertThatThrownBy(() -> async.scanInParallel(ItemScan.all().split(2).get(0), 2, p -> { }).join())
                .hasCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void badSegmentsAreRefusedWhenTheScanIsBuilt() {
        assertThatThrownBy(() -> ItemScan.of(s -> s.segment(4, 4))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("segment must be 0 to 3");
        assertThatThrownBy(() -> ItemScan.of(s -> s.segment(0, 0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("totalSegments");
        assertThatThrownBy(() -> ItemScan.all().split(0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(ItemScan.all().split(3)).extracting(ItemScan::segment).containsExactly(0, 1, 2);
    }

    private void writeRaw(KeyPath path, Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        TestDynamoDb.get().client().putItem(r -> r.tableName(table.tableName()).item(item));
    }
}
