package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;

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
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/**
 * Whatever the number of segments, the page size and the types asked for, reading every segment page after page,
 * each page continued by the previous one's token (on either table), returns every item of those types exactly
 * once.
 */
@KeyPathDynamoDb(types = {ScanPagingPropertiesTest.Red.class, ScanPagingPropertiesTest.Blue.class})
class ScanPagingPropertiesTest {
    static final int REDS = 160;
    static final int BLUES = 60;

    @ItemType(keyPath = "/red-{id}")
    record Red(long id) {
    }

    @ItemType(keyPath = "/box-{box}/blue-{id}")
    record Blue(String box, long id) {
    }

    @Injected
    static KeyPathTable table;
    @Injected
    static KeyPathAsyncTable async;
    static final List<Object> REDS_WRITTEN = new ArrayList<>();
    static final List<Object> BLUES_WRITTEN = new ArrayList<>();

    @BeforeAll
    static void fill() {
        WriteBatch.Builder batch = WriteBatch.builder();
        for (long i = 0; i < REDS; i++) {
            REDS_WRITTEN.add(new Red(i));
        }
        for (long i = 0; i < BLUES; i++) {
            BLUES_WRITTEN.add(new Blue("b" + (i % 7), i));
        }
        batch.putAll(REDS_WRITTEN).putAll(BLUES_WRITTEN);
        table.batchWrite(batch.build());
    }

    @Test
    void everySegmentPagedByTokensReadsEachItemOnce() {
        QuickTheory.qt().withExamples(20).forAll(integers().between(1, 6), integers().between(0, 70),
                integers().between(0, 2), integers().between(0, 1)).checkAssert((segments, limit, types, onAsync) -> {
                    ItemScan scan = ItemScan.of(s -> {
                        s.limit(limit);
                        if (types == 1) {
                            s.types(Red.class);
                        } else if (types == 2) {
                            s.types(Blue.class);
                        }
                    });
                    Function<ItemScan, Page<Object>> pages = onAsync == 1 ? s -> async.scan(s).join() : table::scan;
                    List<Object> read = new ArrayList<>();
                    for (ItemScan segment : scan.split(segments)) {
                        Page<Object> page = pages.apply(segment);
                        read.addAll(page.items());
                        while (page.hasMore()) {
                            assertThat(limit == 0 || page.items().size() == limit).as("a full page").isTrue();
                            page = pages.apply(segment.toBuilder().pageToken(page.nextPageToken()).build());
                            read.addAll(page.items());
                        }
                    }
                    List<Object> expected = new ArrayList<>(types == 2 ? List.of() : REDS_WRITTEN);
                    if (types != 1) {
                        expected.addAll(BLUES_WRITTEN);
                    }
                    assertThat(read).containsExactlyInAnyOrderElementsOf(expected);
                });
    }
}
