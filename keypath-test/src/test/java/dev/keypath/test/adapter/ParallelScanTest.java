package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table of 20,000 items (and 1,000 of another type) read by parallel scans in four segments: every item comes
 * exactly once, on the synchronous table (with a types filter) and the asynchronous one (every type), and a page
 * token taken in the middle of a segment goes on exactly where the page stopped. Each row carries a label long
 * enough that every segment spans several of the engine's 1 MB pages. Few full scans, as each costs seconds. The
 * long run scans 100,000 rows: {@code -Dkeypath.scan.rows=100000}.
 */
@KeyPathDynamoDb(types = {ParallelScanTest.Row.class, ParallelScanTest.Mark.class})
class ParallelScanTest {
    static final int ROWS = Integer.getInteger("keypath.scan.rows", 20_000);
    /** A row's label: a segment's rows come to about 2 MB whatever {@link #ROWS}, so more than one page. */
    static final String LABEL = "r".repeat(Math.max(1, 8_000_000 / ROWS));
    static final int MARKS = 1_000;
    static final int SEGMENTS = 4;

    @ItemType(keyPath = "/shard-{shard}/row-{id}")
    record Row(int shard, long id, String label) {
    }

    @ItemType(keyPath = "/mark-{id}")
    record Mark(long id) {
    }

    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;

    @BeforeAll
    static void fill() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            int chunk = 2_500;
            for (int from = 0; from < ROWS; from += chunk) {
                int start = from;
                done.add(writers.submit(() -> {
                    WriteBatch.Builder batch = WriteBatch.builder();
                    for (long id = start; id < Math.min(ROWS, start + chunk); id++) {
                        batch.put(new Row((int) (id % 64), id, LABEL));
                    }
                    table.batchWrite(batch.build());
                }));
            }
            done.add(writers.submit(() -> {
                WriteBatch.Builder batch = WriteBatch.builder();
                for (long id = 0; id < MARKS; id++) {
                    batch.put(new Mark(id));
                }
                table.batchWrite(batch.build());
            }));
            for (Future<?> f : done) {
                f.get(5, TimeUnit.MINUTES);
            }
        } finally {
            writers.shutdownNow();
        }
    }

    @Test
    void fourSegmentsOfOneTypeReadEachOfItsItemsExactlyOnce() {
        List<Object> rows = table.scanInParallel(ItemScan.of(s -> s.types(Row.class)), SEGMENTS).toList();

        assertThat(rows).hasSize(ROWS).allMatch(Row.class::isInstance);
        assertThat(rows.stream().map(r -> ((Row) r).id()).collect(Collectors.toSet())).hasSize(ROWS)
                .allMatch(id -> id >= 0 && id < ROWS);
    }

    @Test
    void aPageTokenInTheMiddleOfASegmentGoesOnExactly() {
        ItemScan segment = ItemScan.of(s -> s.segment(2, SEGMENTS).limit(700));
        List<Object> straight = table.stream(segment).limit(3_500).toList();

        Page<Object> first = table.scan(segment);
        Page<Object> second = table.scan(segment.toBuilder().pageToken(first.nextPageToken()).build());
        String middle = second.nextPageToken();
        List<Object> resumed = new ArrayList<>(first.items());
        resumed.addAll(second.items());
        resumed.addAll(table.stream(segment.toBuilder().limit(333).pageToken(middle).build())
                .limit(3_500 - 1_400).toList());

        assertThat(first.items()).hasSize(700);
        assertThat(straight).hasSize(3_500).doesNotHaveDuplicates();
        assertThat(resumed).containsExactlyElementsOf(straight);
    }

    @Test
    void theAsynchronousTableReadsEveryItemExactlyOnceToo() throws Exception {
        List<Object> items = new ArrayList<>(); // onPage is called by one thread at a time
        AtomicInteger pages = new AtomicInteger();
        long count = async.scanInParallel(ItemScan.all(), SEGMENTS, page -> {
            pages.incrementAndGet();
            items.addAll(page.items());
        }).get(2, TimeUnit.MINUTES);

        assertThat(pages).as("a segment goes on past the engine's first page").hasValueGreaterThan(SEGMENTS);
        assertThat(count).isEqualTo(ROWS + MARKS);
        assertThat(items).hasSize(ROWS + MARKS);
        assertThat(items.stream().map(ParallelScanTest::id).collect(Collectors.toSet())).hasSize(ROWS + MARKS);
    }

    @Test
    void anAsynchronousPageTokenGoesOnWhereTheSynchronousOneStopped() {
        ItemScan segment = ItemScan.of(s -> s.segment(1, SEGMENTS).types(Row.class).limit(500));
        Page<Object> first = table.scan(segment);
        Page<Object> next = async.scan(segment.toBuilder().pageToken(first.nextPageToken()).build()).join();
        Page<Object> sameNext = table.scan(segment.toBuilder().pageToken(first.nextPageToken()).build());

        assertThat(next.items()).hasSize(500).containsExactlyElementsOf(sameNext.items())
                .doesNotContainAnyElementsOf(first.items());
    }

    private static Object id(Object item) {
        return item instanceof Row r ? "row-" + r.id() : "mark-" + ((Mark) item).id();
    }
}
