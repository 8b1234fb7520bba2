package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import dev.keypath.migrate.ReshardModel.ReadingAt3;
import dev.keypath.migrate.ReshardModel.ReadingFrom3To5;
import dev.keypath.migrate.ReshardModel.ReadingFrom5To3;
import dev.keypath.migrate.ReshardModel.VisitAt8;
import dev.keypath.migrate.ReshardModel.VisitFrom8To2;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Property: whatever part of the items a re-shard has moved, the merged read over both layouts is the unsharded
 * data. For random sets of ids (0 to 80 of them, sparse), a random part moved from 3 shards to 5 (and then from 5
 * to 3), and random page sizes (1 to 50) ascending and descending, the pages put together are every id once in key
 * order, each page token resumes where its page ended, the count is the number of ids, and every point read finds
 * its item. Random shards moving from 8 to 2 likewise. 4 examples ({@code -Dkeypath.reshard.examples}), 2 of
 * random shards, on DynamoDB Local.
 */
class ReshardMergePropertiesTest {
    static final int EXAMPLES = Integer.getInteger("keypath.reshard.examples", 4);
    /** How often the tables read the layout record, so that a run's switch comes soon. */
    static final Duration REFRESH = Duration.ofMillis(100);
    static final Duration MARGIN = Duration.ofMillis(50);

    @Test
    void mergedReadsOverBothLayoutsAreTheUnshardedData() {
        TestDynamoDb engine = TestDynamoDb.get();
        for (int example = 0; example < EXAMPLES; example++) {
            SplittableRandom random = new SplittableRandom(example);
            String table = TestDynamoDb.uniqueTableName("reshard-merge");
            KeyPathTable at3 = KeyPathTables.builder().client(engine.client()).tableName(table)
                    .register(ReadingAt3.class).layoutRefresh(REFRESH).build();
            at3.bootstrap();
            TreeSet<Long> ids = new TreeSet<>();
            int n = random.nextInt(81);
            while (ids.size() < n) {
                ids.add((long) random.nextInt(100_000));
            }
            ItemSchema<ReadingAt3> schema = at3.schema(ReadingAt3.class);
            at3.batchPutStored(ids.stream().map(id -> schema.toItem(new ReadingAt3("s", id))).toList());

            KeyPathTable up = KeyPathTables.builder().client(engine.client()).tableName(table)
                    .register(ReadingFrom3To5.class).build();
            double share = random.nextDouble();
            moveSome(engine, table, up.schema(ReadingFrom3To5.class), share, random);
            check(up, ReadingFrom3To5.class, ids, random, "3 -> 5, " + share + " moved, example " + example);

            Reshard.builder().client(engine.client()).table(table).type(up.schema(ReadingFrom3To5.class))
                    .clockMargin(MARGIN).build().run();
            KeyPathTable down = KeyPathTables.builder().client(engine.client()).tableName(table)
                    .register(ReadingFrom5To3.class).build();
            share = random.nextDouble();
            moveSome(engine, table, down.schema(ReadingFrom5To3.class), share, random);
            check(down, ReadingFrom5To3.class, ids, random, "5 -> 3, " + share + " moved, example " + example);
        }
    }

    @Test
    void randomShardsMergedOverBothLayoutsAreTheUnshardedData() {
        TestDynamoDb engine = TestDynamoDb.get();
        for (int example = 0; example < EXAMPLES / 2; example++) {
            SplittableRandom random = new SplittableRandom(100 + example);
            String table = TestDynamoDb.uniqueTableName("reshard-random");
            KeyPathTable at8 = KeyPathTables.builder().client(engine.client()).tableName(table)
                    .register(VisitAt8.class).layoutRefresh(REFRESH).build();
            at8.bootstrap();
            // the ids keypath generates, in key order: the order of their key paths' bytes
            TreeSet<UUID> ids = new TreeSet<>(Comparator.comparing((UUID id) -> KeyPath.of("visit", id).partitionKey(),
                    Arrays::compareUnsigned));
            int n = random.nextInt(81);
            for (int i = 0; i < n; i++) {
                ids.add(at8.put(new VisitAt8("w", null)).visitId());
            }
            KeyPathTable down = KeyPathTables.builder().client(engine.client()).tableName(table)
                    .register(VisitFrom8To2.class).build();
            moveSome(engine, table, down.schema(VisitFrom8To2.class), random.nextDouble(), random);
            List<UUID> all = down.stream(VisitFrom8To2.class, ItemQuery.of(q -> q.subtree(KeyPath.of("site", "w"))
                    .limit(1 + random.nextInt(20)))).map(VisitFrom8To2::visitId).toList();
            assertThat(all).isEqualTo(new ArrayList<>(ids));
            Reshard.builder().client(engine.client()).table(table).type(down.schema(VisitFrom8To2.class))
                    .clockMargin(MARGIN).build().run();
            for (Map<String, AttributeValue> item : engine.client().scanPaginator(s -> s.tableName(table)).items()) {
                if (isOf(down.schema(VisitFrom8To2.class), item)) {
                    assertThat(StoredShardMoves.newPartitionKey(down.schema(VisitFrom8To2.class), item)).isNull();
                }
            }
            assertThat(down.count(q -> q.subtree(KeyPath.of("site", "w")))).isEqualTo(ids.size());
        }
    }

    /** Moves each item of the type with probability {@code share}, as writers and the run would. */
    private static void moveSome(TestDynamoDb engine, String table, ItemSchema<?> schema, double share,
                                 SplittableRandom random) {
        for (Map<String, AttributeValue> item : engine.client().scanPaginator(s -> s.tableName(table)).items()) {
            if (!isOf(schema, item)) {
                continue; // keypath's own items: the table's layout record
            }
            byte[] target = StoredShardMoves.newPartitionKey(schema, item);
            if (target != null && random.nextDouble() < share) {
                engine.client().transactWriteItems(StoredShardMoves.move(table, item, target));
            }
        }
    }

    private static boolean isOf(ItemSchema<?> schema, Map<String, AttributeValue> item) {
        return schema.typeName().equals(item.get("_type").s());
    }

    private static <T> void check(KeyPathTable table, Class<T> type, TreeSet<Long> ids, SplittableRandom random,
                                  String what) {
        KeyPath sensor = KeyPath.of("sensor", "s");
        for (boolean descending : new boolean[] {false, true}) {
            int limit = 1 + random.nextInt(50);
            List<Long> read = new ArrayList<>();
            String token = null;
            do {
                String from = token;
                Page<T> page = table.query(type, ItemQuery.of(q -> q.subtree(sensor).limit(limit)
                        .descending(descending).pageToken(from)));
                assertThat(page.items().size()).as(what).isLessThanOrEqualTo(limit);
                page.items().forEach(i -> read.add(Long.parseLong(table.keyPathOf(i).id(1).toString())));
                token = page.nextPageToken();
            } while (token != null);
            List<Long> expected = new ArrayList<>(descending ? ids.descendingSet() : ids);
            assertThat(read).as(what + ", pages of " + limit + (descending ? " descending" : "")).isEqualTo(expected);
        }
        assertThat(table.count(q -> q.subtree(sensor))).as(what).isEqualTo(ids.size());
        for (long id : ids) {
            assertThat(table.get(type, sensor.then("reading", id))).as(what + ": get " + id).isPresent();
        }
    }
}
