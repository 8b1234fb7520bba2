package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.adapter.IndexShardModel.PlainOrder;
import dev.keypath.test.adapter.IndexShardModel.Row;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/**
 * A query of a global index whose partition is sharded returns exactly the items, in exactly the order, of the same
 * index unsharded: for shard counts 1, 2, 3, 7, 16 and 64 and page limits 1 to 1,000, ascending and descending,
 * over a subtree or a range of the index, page after page through the token, on the synchronous and the asynchronous
 * table; each page reads at most twice its limit plus the shard count, and its count is the unsharded one.
 */
@KeyPathDynamoDb(customizers = IndexShardPropertiesTest.Types.class)
class IndexShardPropertiesTest {
    static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    /** The types of {@link IndexShardModel}, and a listener that keeps the reports of query pages. */
    static final class Types implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.register(IndexShardModel.ALL).operationListener(r -> {
                if (r.kind() == OperationKind.QUERY) {
                    REPORTS.add(r);
                }
            });
        }
    }

    private static final Map<Integer, Stored> STORED = Collections.synchronizedMap(new HashMap<>());

    private record Stored(String status, List<Long> ids) {
    }

    private record ReadPage(List<Long> ids, String token, long itemsRead) {
    }

    @Test
    void aShardedIndexQueryReadsWhatTheUnshardedOneReadsPageByPage() {
        QuickTheory.qt().withExamples(30).withShrinkCycles(0).forAll(integers().between(0, 5),
                integers().between(1, 1000), integers().between(0, 7), integers().between(0, 999_999))
                .checkAssert((which, limitDraw, shape, bounds) -> {
                    Class<?> type = IndexShardModel.BY_COUNT[which];
                    int n = Integer.parseInt(type.getSimpleName().substring(1));
                    Stored stored = STORED.computeIfAbsent(which, IndexShardPropertiesTest::store);
                    int limit = Math.max(limitDraw % 3 == 0 ? limitDraw : 1 + limitDraw % 40,
                            stored.ids().size() / 12);
                    boolean descending = (shape & 1) == 1;
                    boolean ranged = (shape & 2) == 2;
                    boolean onAsync = (shape & 4) == 4;
                    long from = Math.min(bounds / 1000, bounds % 1000) * 2_000L - 1_000_000L;
                    long to = Math.max(bounds / 1000, bounds % 1000) * 2_000L - 1_000_000L;
                    String ns = "s" + n + "status";
                    ItemQuery sharded = query(KeyPath.of(ns, stored.status()), ranged, from, to, descending, limit);
                    ItemQuery plain = query(KeyPath.of("pstatus", stored.status()), ranged, from, to, descending,
                            limit);
                    List<ReadPage> shardedPages = pages(sharded, onAsync);
                    List<ReadPage> plainPages = pages(plain, false);

                    List<Long> expected = new ArrayList<>(stored.ids().stream()
                            .filter(id -> !ranged || id >= from && id <= to).sorted().toList());
                    if (descending) {
                        Collections.reverse(expected);
                    }
                    assertThat(all(plainPages)).isEqualTo(expected);
                    assertThat(all(shardedPages)).isEqualTo(expected);
                    for (ReadPage page : shardedPages) {
                        assertThat(page.ids()).hasSizeLessThanOrEqualTo(limit);
                        assertThat(page.itemsRead()).isLessThanOrEqualTo(2L * (limit + n));
                    }
                    ItemQuery whole = sharded.toBuilder().limit(0).build();
                    long count = onAsync ? async.count(whole).join() : table.count(whole);
                    assertThat(count).isEqualTo(expected.size());
                });
    }

    private static ItemQuery query(KeyPath parent, boolean ranged, long from, long to, boolean descending,
                                   int limit) {
        return ItemQuery.of(q -> {
            q.index("byStatus");
            if (ranged) {
                q.between(parent.then("order", from), parent.then("order", to));
            } else {
                q.subtree(parent);
            }
            q.descending(descending).limit(limit);
        });
    }

    private static List<ReadPage> pages(ItemQuery query, boolean onAsync) {
        List<ReadPage> pages = new ArrayList<>();
        String token = null;
        do {
            ItemQuery next = query.toBuilder().pageToken(token).build();
            int before = REPORTS.size();
            Page<Object> page = onAsync ? AsyncResults.await(async.query(next)) : table.query(next);
            long itemsRead = REPORTS.subList(before, REPORTS.size()).stream().mapToLong(OperationReport::itemsRead)
                    .sum();
            pages.add(new ReadPage(page.items().stream().map(i -> ((Row) i).id()).toList(), page.nextPageToken(),
                    itemsRead));
            token = page.nextPageToken();
            assertThat(pages).hasSizeLessThan(2_000);
        } while (token != null);
        return pages;
    }

    private static List<Long> all(List<ReadPage> pages) {
        return pages.stream().flatMap(p -> p.ids().stream()).toList();
    }

    /**
     * Stores up to 150 items of the type {@code which}, with one status, over several shops, the same unsharded,
     * and as many items of another status that no query reads; ids cover −10⁶ … 10⁶.
     */
    private static Stored store(int which) {
        Random random = new Random(which);
        int count = random.nextInt(151);
        Set<Long> ids = new LinkedHashSet<>();
        while (ids.size() < count) {
            ids.add(random.nextLong(-1_000_000, 1_000_001));
        }
        String status = "open" + UUID.randomUUID();
        Class<?> type = IndexShardModel.BY_COUNT[which];
        List<Object> items = new ArrayList<>();
        for (long id : ids) {
            String shop = "shop" + Math.floorMod(id, 7);
            items.add(create(type, shop, id, status));
            items.add(create(type, shop, id + 1_000_000_000L, status + "-closed"));
            items.add(new PlainOrder(shop, id, status));
        }
        table.batchWrite(WriteBatch.builder().putAll(items).build());
        return new Stored(status, List.copyOf(ids));
    }

    private static Object create(Class<?> type, String shop, long id, String status) {
        try {
            Constructor<?> constructor = type.getDeclaredConstructor(String.class, long.class, String.class);
            return constructor.newInstance(shop, id, status);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
