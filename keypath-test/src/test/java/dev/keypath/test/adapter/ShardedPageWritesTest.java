package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.adapter.ShardCounts.Item;
import dev.keypath.test.adapter.ShardCounts.Unsharded;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/**
 * Items written between two pages of a sharded listing, after the last item the first page returned, are on a later
 * page, as DynamoDB's own paging of an unsharded partition returns every item written after its last evaluated key:
 * also when the shard that receives one had been read past it (the token names that shard's next item, beyond the
 * new one). Pages concatenated hold every item once, in key order, ascending and descending, for shard counts 2 to
 * 16 and small limits (a page then leaves most shards' next items unread), on the synchronous and the asynchronous
 * table; the unsharded parent, paged and written the same way, shows the expectation is DynamoDB's own.
 */
@KeyPathDynamoDb(customizers = ShardedPageWritesTest.Types.class)
class ShardedPageWritesTest {
    /** Items stored before the listing: ids 0, 1,000, 2,000 and so on, so that new ones fit between them. */
    private static final int STORED = 60;
    /** New items written after each of the first pages, just past its last item. */
    private static final int PAGES_WRITTEN_AFTER = 6;

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    /** The types of {@link ShardCounts}. */
    static final class Types implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            List<Class<?>> types = new ArrayList<>(Arrays.asList(ShardCounts.BY_COUNT).subList(1, 17));
            types.add(Unsharded.class);
            settings.register(types.toArray(Class<?>[]::new));
        }
    }

    @Test
    void itemsWrittenBetweenPagesAfterThePagesLastItemAreOnALaterPage() {
        QuickTheory.qt().withExamples(24).withShrinkCycles(0).forAll(integers().between(2, 16),
                integers().between(1, 12), integers().between(0, 3), integers().between(1, 20))
                .checkAssert((n, limit, shape, written) -> {
                    boolean descending = (shape & 1) == 1;
                    boolean onAsync = (shape & 2) == 2;
                    for (Class<?> type : List.of(ShardCounts.BY_COUNT[n], Unsharded.class)) {
                        String day = "w" + UUID.randomUUID();
                        TreeSet<Long> ids = new TreeSet<>();
                        for (long i = 0; i < STORED; i++) {
                            ids.add(i * 1_000);
                        }
                        write(type, day, ids);
                        List<Long> got = listWritingBetweenPages(type, day, limit, descending,
                                onAsync && type != Unsharded.class, written, ids);
                        List<Long> expected = new ArrayList<>(ids);
                        if (descending) {
                            expected.sort(Comparator.reverseOrder());
                        }
                        assertThat(got).as("%s, limit %d, %s, %d written after each page", type.getSimpleName(),
                                limit, descending ? "descending" : "ascending", written).isEqualTo(expected);
                    }
                });
    }

    /**
     * A count from a page's token counts the items of the later pages, those written since after the page's last
     * item included, at 16 shards, ascending and descending, on the synchronous and the asynchronous table.
     */
    @Test
    void aCountFromAPageTokenCountsTheItemsOfTheLaterPages() {
        Class<?> type = ShardCounts.BY_COUNT[16];
        for (boolean descending : new boolean[] {false, true}) {
            for (boolean onAsync : new boolean[] {false, true}) {
                String day = "c" + UUID.randomUUID();
                TreeSet<Long> ids = new TreeSet<>();
                for (long i = 0; i < STORED; i++) {
                    ids.add(i * 1_000);
                }
                write(type, day, ids);
                ItemQuery all = ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)).descending(descending)
                        .types(type));
                Page<Object> first = table.query(all.toBuilder().limit(5).build());
                long last = ((Item) first.items().get(4)).id();
                TreeSet<Long> fresh = new TreeSet<>();
                for (long j = 1; j <= 16; j++) {
                    fresh.add(descending ? last - j : last + j);
                }
                write(type, day, fresh);
                ItemQuery rest = all.toBuilder().pageToken(first.nextPageToken()).build();
                long counted = onAsync ? AsyncResults.await(async.count(rest)) : table.count(rest);
                long after = (descending ? ids.headSet(last, false) : ids.tailSet(last, false)).size()
                        + fresh.size();
                assertThat(counted).as("%s, %s", descending ? "descending" : "ascending", onAsync ? "async" : "sync")
                        .isEqualTo(after);
                assertThat(table.query(rest).items()).hasSize((int) after);
            }
        }
    }

    /**
     * Every page of the listing; after each of the first pages, {@code written} new items just past its last item
     * (toward the listing's end), added to {@code ids}.
     */
    private static List<Long> listWritingBetweenPages(Class<?> type, String day, int limit, boolean descending,
                                                      boolean onAsync, int written, TreeSet<Long> ids) {
        String namespace = type == Unsharded.class ? "uday" : "day";
        ItemQuery query = ItemQuery.of(q -> q.subtree(KeyPath.of(namespace, day)).descending(descending)
                .limit(limit).types(type));
        List<Long> got = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            ItemQuery next = query.toBuilder().pageToken(token).build();
            Page<Object> page = onAsync ? AsyncResults.await(async.query(next)) : table.query(next);
            page.items().forEach(i -> got.add(((Item) i).id()));
            token = page.nextPageToken();
            if (token != null && pages++ < PAGES_WRITTEN_AFTER && !page.items().isEmpty()) {
                long last = ((Item) page.items().get(page.items().size() - 1)).id();
                TreeSet<Long> fresh = new TreeSet<>();
                for (long j = 1; j <= written; j++) {
                    long id = descending ? last - j : last + j;
                    if (!ids.contains(id)) {
                        fresh.add(id);
                    }
                }
                write(type, day, fresh);
                ids.addAll(fresh);
            }
            assertThat(got).hasSizeLessThan(10_000);
        } while (token != null);
        return got;
    }

    private static void write(Class<?> type, String day, Iterable<Long> ids) {
        List<Object> items = new ArrayList<>();
        for (long id : ids) {
            items.add(create(type, day, id));
        }
        if (!items.isEmpty()) {
            table.batchWrite(WriteBatch.builder().putAll(items).build());
        }
    }

    private static Object create(Class<?> type, String day, long id) {
        try {
            Constructor<?> constructor = type.getDeclaredConstructor(String.class, long.class, String.class);
            return constructor.newInstance(day, id, "body " + id);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
