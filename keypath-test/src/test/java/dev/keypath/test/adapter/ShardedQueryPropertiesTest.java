package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
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
import dev.keypath.test.adapter.ShardCounts.Item;
import dev.keypath.test.adapter.ShardCounts.Unsharded;
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
 * A query over a sharded parent returns exactly the items, in exactly the order, of the same items unsharded: for
 * shard counts 1 to 64 and page limits 1 to 1,000, ascending and descending, over a subtree or a range, page after
 * page through the token, on the synchronous and the asynchronous table. Each page reads at most twice its limit
 * plus the shard count ({@link OperationReport#itemsRead()}), and a token at 16 shards fits in 1 KB.
 */
@KeyPathDynamoDb(customizers = ShardedQueryPropertiesTest.Types.class)
class ShardedQueryPropertiesTest {
    /** Every report of a query page, in order. */
    static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    /** The types of {@link ShardCounts}, and a listener that keeps the reports of query pages. */
    static final class Types implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            List<Class<?>> types = new ArrayList<>(java.util.Arrays.asList(ShardCounts.BY_COUNT).subList(1, 65));
            types.add(Unsharded.class);
            settings.register(types.toArray(Class<?>[]::new)).operationListener(r -> {
                if (r.kind() == OperationKind.QUERY) {
                    REPORTS.add(r);
                }
            });
        }
    }

    /** The data of each shard count met so far: its day and its ids. */
    private static final Map<Integer, Stored> STORED = Collections.synchronizedMap(new HashMap<>());

    private record Stored(String day, List<Long> ids) {
    }

    /** One page as read, with what it cost. */
    private record ReadPage(List<Long> ids, String token, long itemsRead) {
    }

    @Test
    void aShardedQueryReadsWhatTheUnshardedOneReadsPageByPage() {
        QuickTheory.qt().withExamples(40).withShrinkCycles(0).forAll(integers().between(1, 64),
                integers().between(1, 1000), integers().between(0, 7), integers().between(0, 999_999))
                .checkAssert((n, limitDraw, shape, bounds) -> {
                    Stored stored = STORED.computeIfAbsent(n, ShardedQueryPropertiesTest::store);
                    // small pages for many items would make hundreds of pages: keep a run to a few dozen pages
                    int limit = Math.max(limitDraw % 3 == 0 ? limitDraw : 1 + limitDraw % 40,
                            stored.ids().size() / 12);
                    boolean descending = (shape & 1) == 1;
                    boolean ranged = (shape & 2) == 2;
                    boolean onAsync = (shape & 4) == 4;
                    int a = bounds / 1000;
                    int b = bounds % 1000;
                    long from = Math.min(a, b) * 2_000L - 1_000_000L;
                    long to = Math.max(a, b) * 2_000L - 1_000_000L;
                    Class<?> type = ShardCounts.BY_COUNT[n];
                    List<ReadPage> sharded = pages(query(KeyPath.of("day", stored.day()), ranged, from, to,
                            descending, limit, type), onAsync);
                    List<ReadPage> plain = pages(query(KeyPath.of("uday", stored.day()), ranged, from, to,
                            descending, limit, Unsharded.class), false);

                    List<Long> expected = new ArrayList<>(stored.ids().stream()
                            .filter(id -> !ranged || id >= from && id <= to).sorted().toList());
                    if (descending) {
                        Collections.reverse(expected);
                    }
                    assertThat(all(plain)).isEqualTo(expected);
                    assertThat(all(sharded)).isEqualTo(expected);
                    for (ReadPage page : sharded) {
                        assertThat(page.ids()).hasSizeLessThanOrEqualTo(limit);
                        assertThat(page.itemsRead()).isLessThanOrEqualTo(2L * (limit + n));
                        if (n <= 16 && page.token() != null) {
                            assertThat(page.token().length()).isLessThanOrEqualTo(1024);
                        }
                    }
                });
    }

    @Test
    void aThousandItemPageAtSixteenShardsReadsAtMostAQuarterMoreWithATokenUnderOneKilobyte() {
        String day = "big" + UUID.randomUUID();
        Random random = new Random(16);
        Set<Long> ids = new LinkedHashSet<>();
        while (ids.size() < 2500) {
            ids.add(random.nextLong());
        }
        write(16, day, List.copyOf(ids));
        List<Long> expected = ids.stream().sorted().toList();
        for (boolean onAsync : new boolean[] {false, true}) {
            List<ReadPage> pages = pages(query(KeyPath.of("day", day), false, 0, 0, false, 1000,
                    ShardCounts.BY_COUNT[16]), onAsync);
            assertThat(all(pages)).isEqualTo(expected);
            for (ReadPage page : pages) {
                assertThat(page.itemsRead()).isLessThanOrEqualTo(1250);
                if (page.token() != null) {
                    assertThat(page.token().length()).isLessThanOrEqualTo(1024);
                }
            }
            assertThat(pages.get(0).ids()).hasSize(1000);
        }
    }

    /**
     * A sharded page holds at least 0.9 × its limit while that many items remain, and its reads stay near what it
     * returns: at most 1.25 × at a limit of 100 or more, 3 × at 7, counted over a listing without a filter (a
     * filter's rejected items are read by the unsharded query too). Pages come in exactly the unsharded order, page
     * after page, at 2, 3 and 16 shards, limits 1, 7, 100 and 250, ascending and descending, with and without a
     * filter, on the synchronous and the asynchronous table; a token at 16 shards fits in 1 KB.
     */
    @Test
    void shardedPagesAreFullAndReadLittleMoreThanTheyReturn() {
        Map<Integer, Stored> data = new HashMap<>();
        for (int n : new int[] {2, 3, 16}) {
            Random random = new Random(1000 + n);
            Set<Long> ids = new LinkedHashSet<>();
            while (ids.size() < 700) {
                ids.add(random.nextLong(-1_000_000, 1_000_001));
            }
            String day = "fill" + n + "-" + UUID.randomUUID();
            write(n, day, List.copyOf(ids));
            data.put(n, new Stored(day, List.copyOf(ids)));
        }
        Condition sevens = Condition.of("contains(#b, :s)", Map.of("#b", "body"), Map.of(":s", "7"));
        QuickTheory.qt().withExamples(60).withShrinkCycles(0).forAll(integers().between(0, 2),
                integers().between(0, 3), integers().between(0, 7))
                .checkAssert((nDraw, limitDraw, shape) -> {
                    int n = new int[] {2, 3, 16}[nDraw];
                    int limit = new int[] {1, 7, 100, 250}[limitDraw];
                    boolean descending = (shape & 1) == 1;
                    boolean filtered = (shape & 2) == 2;
                    boolean onAsync = (shape & 4) == 4;
                    Stored stored = data.get(n);
                    ItemQuery query = ItemQuery.of(q -> {
                        q.subtree(KeyPath.of("day", stored.day())).descending(descending).limit(limit)
                                .types(ShardCounts.BY_COUNT[n]);
                        if (filtered) {
                            q.filter(sevens);
                        }
                    });
                    // small pages over 700 items would make hundreds: read the first 30 pages of them
                    List<ReadPage> pages = pages(query, onAsync, limit < 100 ? 30 : Integer.MAX_VALUE);
                    List<Long> expected = new ArrayList<>(stored.ids().stream()
                            .filter(id -> !filtered || Long.toString(id).contains("7")).sorted().toList());
                    if (descending) {
                        Collections.reverse(expected);
                    }
                    List<Long> got = all(pages);
                    assertThat(got).isEqualTo(expected.subList(0, got.size()));
                    if (limit >= 100) {
                        assertThat(got).hasSameSizeAs(expected);
                    }
                    int remaining = expected.size();
                    long read = 0;
                    for (ReadPage page : pages) {
                        assertThat(page.ids().size()).as("items of a page of %d at %d shards", limit, n)
                                .isGreaterThanOrEqualTo(Math.min(remaining, (int) Math.ceil(0.9 * limit)));
                        remaining -= page.ids().size();
                        read += page.itemsRead();
                        if (n == 16 && page.token() != null) {
                            assertThat(page.token().length()).isLessThanOrEqualTo(1024);
                        }
                    }
                    if (!filtered && limit >= 7) {
                        double bound = limit >= 100 ? 1.25 : 3.0;
                        assertThat((double) read / got.size()).as("items read per item returned, %d shards, "
                                + "limit %d", n, limit).isLessThanOrEqualTo(bound);
                    }
                });
    }

    private static ItemQuery query(KeyPath parent, boolean ranged, long from, long to, boolean descending,
                                   int limit, Class<?> type) {
        return ItemQuery.of(q -> {
            if (ranged) {
                q.between(parent.then("item", from), parent.then("item", to));
            } else {
                q.subtree(parent);
            }
            q.descending(descending).limit(limit).types(type);
        });
    }

    /** Every page of {@code query}, token after token, with the items each read. */
    private static List<ReadPage> pages(ItemQuery query, boolean onAsync) {
        return pages(query, onAsync, Integer.MAX_VALUE);
    }

    /** The first {@code most} pages of {@code query}, token after token, with the items each read. */
    private static List<ReadPage> pages(ItemQuery query, boolean onAsync, int most) {
        List<ReadPage> pages = new ArrayList<>();
        String token = null;
        do {
            ItemQuery next = query.toBuilder().pageToken(token).build();
            int before = REPORTS.size();
            Page<Object> page = onAsync ? AsyncResults.await(async.query(next)) : table.query(next);
            long itemsRead = REPORTS.subList(before, REPORTS.size()).stream().mapToLong(OperationReport::itemsRead)
                    .sum();
            pages.add(new ReadPage(page.items().stream().map(i -> ((Item) i).id()).toList(), page.nextPageToken(),
                    itemsRead));
            token = page.nextPageToken();
            assertThat(pages).hasSizeLessThan(2_000);
        } while (token != null && pages.size() < most);
        return pages;
    }

    private static List<Long> all(List<ReadPage> pages) {
        return pages.stream().flatMap(p -> p.ids().stream()).toList();
    }

    /** Stores up to 150 items of {@code n} shards and the same unsharded; their ids cover −10⁶ … 10⁶. */
    private static Stored store(int n) {
        Random random = new Random(n);
        int count = random.nextInt(151);
        Set<Long> ids = new LinkedHashSet<>();
        while (ids.size() < count) {
            ids.add(random.nextLong(-1_000_000, 1_000_001));
        }
        String day = "n" + n + "-" + UUID.randomUUID();
        write(n, day, List.copyOf(ids));
        return new Stored(day, List.copyOf(ids));
    }

    private static void write(int n, String day, List<Long> ids) {
        List<Object> items = new ArrayList<>(2 * ids.size());
        for (long id : ids) {
            items.add(create(ShardCounts.BY_COUNT[n], day, id));
            items.add(new Unsharded(day, id, "body " + id));
        }
        table.batchWrite(WriteBatch.builder().putAll(items).build());
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
