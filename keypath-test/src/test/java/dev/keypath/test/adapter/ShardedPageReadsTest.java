package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.adapter.ShardCounts.Item;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * What a whole listing of a sharded parent reads for what it returns, page after page through the token: 700 items
 * spread by their ids' hash over 4 and 16 shards, pages of 7, 25, 100 and 250, ascending and descending, on the
 * synchronous and the asynchronous table. Items read ({@link OperationReport#itemsRead()}, DynamoDB's scanned count)
 * are at most 1.25 × the items returned at limits of 100 and more, 2 × at 25 and 3 × at 7; every page but the last
 * is full. Each listing's figures (items read per item returned, requests and read units per page) are printed, as
 * benchmarks/README.md quotes them.
 */
@KeyPathDynamoDb(customizers = ShardedPageReadsTest.Types.class)
class ShardedPageReadsTest {
    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static final int ITEMS = 700;

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    /** Types of 4 and 16 shards, and a listener that keeps the reports of query pages. */
    static final class Types implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.register(ShardCounts.BY_COUNT[4], ShardCounts.BY_COUNT[16], Doc.class).operationListener(r -> {
                if (r.kind() == OperationKind.QUERY) {
                    REPORTS.add(r);
                }
            });
        }
    }

    /** A type of 16 shards whose ids are long strings. */
    @ItemType(name = "Doc", keyPath = "/tag-{tag}/doc-{docId}")
    @Sharded(count = 16, by = "docId")
    record Doc(String tag, String docId, String body) {
    }

    /**
     * A page token at 16 shards fits in 1 KB when the ids are 120 characters long, each shard's next item sharing
     * little with the others': the token then leaves out the farthest next items, and the listing still holds every
     * item once, in key order, in pages of 7 and 100, ascending and descending.
     */
    @Test
    void aTokenAtSixteenShardsFitsInOneKilobyteWithLongIds() {
        String tag = "long" + UUID.randomUUID();
        Random random = new Random(120);
        List<String> ids = new ArrayList<>();
        List<Object> docs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            StringBuilder id = new StringBuilder();
            while (id.length() < 120) {
                id.append((char) ('a' + random.nextInt(26)));
            }
            ids.add(id.toString());
            docs.add(new Doc(tag, id.toString(), "doc " + i));
        }
        table.batchWrite(WriteBatch.builder().putAll(docs).build());
        for (int limit : new int[] {7, 100}) {
            for (boolean descending : new boolean[] {false, true}) {
                ItemQuery query = ItemQuery.of(q -> q.subtree(KeyPath.of("tag", tag)).descending(descending)
                        .limit(limit).types(Doc.class));
                List<String> got = new ArrayList<>();
                int longest = 0;
                String token = null;
                do {
                    Page<Object> page = table.query(query.toBuilder().pageToken(token).build());
                    page.items().forEach(d -> got.add(((Doc) d).docId()));
                    token = page.nextPageToken();
                    longest = Math.max(longest, token == null ? 0 : token.length());
                } while (token != null);
                List<String> expected = new ArrayList<>(ids.stream().sorted().toList());
                if (descending) {
                    Collections.reverse(expected);
                }
                assertThat(got).isEqualTo(expected);
                assertThat(longest).as("the longest token, limit %d", limit).isLessThanOrEqualTo(1024)
                        .isGreaterThan(700);
            }
        }
    }

    @Test
    void aListingReadsLittleMoreThanItReturns() {
        for (int n : new int[] {4, 16}) {
            String day = "reads" + n + "-" + UUID.randomUUID();
            List<Long> ids = store(n, day);
            for (int limit : new int[] {7, 25, 100, 250}) {
                for (boolean descending : new boolean[] {false, true}) {
                    for (boolean onAsync : new boolean[] {false, true}) {
                        check(n, day, ids, limit, descending, onAsync);
                    }
                }
            }
        }
    }

    private static void check(int n, String day, List<Long> ids, int limit, boolean descending, boolean onAsync) {
        ItemQuery query = ItemQuery.of(q -> q.subtree(KeyPath.of("day", day)).descending(descending).limit(limit)
                .types(ShardCounts.BY_COUNT[n]));
        int before = REPORTS.size();
        List<Long> got = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String token = null;
        do {
            ItemQuery next = query.toBuilder().pageToken(token).build();
            Page<Object> page = onAsync ? AsyncResults.await(async.query(next)) : table.query(next);
            page.items().forEach(i -> got.add(((Item) i).id()));
            sizes.add(page.items().size());
            token = page.nextPageToken();
            assertThat(sizes).hasSizeLessThan(1_000);
        } while (token != null);
        List<OperationReport> reports = REPORTS.subList(before, REPORTS.size());
        long read = reports.stream().mapToLong(OperationReport::itemsRead).sum();
        long requests = reports.stream().mapToLong(OperationReport::requests).sum();
        double units = reports.stream().mapToDouble(r -> r.capacity().readUnits()).sum();
        List<Long> expected = new ArrayList<>(ids.stream().sorted().toList());
        if (descending) {
            Collections.reverse(expected);
        }
        String shape = String.format("%d shards, limit %d, %s, %s", n, limit, descending ? "descending" : "ascending",
                onAsync ? "async" : "sync");
        assertThat(got).as(shape).isEqualTo(expected);
        for (int i = 0; i < sizes.size() - 1; i++) {
            assertThat(sizes.get(i)).as("page %d of %s", i, shape).isEqualTo(limit);
        }
        double ratio = (double) read / got.size();
        System.out.printf("sharded listing: %s: %d pages, read/returned %.3f, %.1f requests and %.2f RCU a page%n",
                shape, sizes.size(), ratio, (double) requests / sizes.size(), units / sizes.size());
        double bound = limit >= 100 ? 1.25 : limit >= 25 ? 2.0 : 3.0;
        assertThat(ratio).as("items read per item returned, %s", shape).isLessThanOrEqualTo(bound);
    }

    private static List<Long> store(int n, String day) {
        Random random = new Random(7_000 + n);
        Set<Long> ids = new LinkedHashSet<>();
        while (ids.size() < ITEMS) {
            ids.add(random.nextLong());
        }
        List<Object> items = new ArrayList<>();
        for (long id : ids) {
            items.add(create(ShardCounts.BY_COUNT[n], day, id));
        }
        table.batchWrite(WriteBatch.builder().putAll(items).build());
        return List.copyOf(ids);
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
