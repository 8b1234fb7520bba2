package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.storage.StoredShardMoves;
import dev.keypath.migrate.ReshardModel.At16;
import dev.keypath.migrate.ReshardModel.At4;
import dev.keypath.migrate.ReshardModel.From16To4;
import dev.keypath.migrate.ReshardModel.From4To16;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Changing the shard count of stored events on DynamoDB Local while the application writes and reads them: from 4
 * to 16 shards with the re-shard run in another JVM, killed a third of the way and resumed here, then from 16 back
 * to 4. Meanwhile two threads increment counts (updates), one rewrites notes with versioned puts (read, put
 * expecting the version read, read again on a conflict), one reads items by key path and one pages through the day
 * with random page sizes, ascending and descending, and counts it. No point read misses an item, every query returns
 * each item exactly once in key order, every count is the number of items; at the end no acknowledged write is
 * lost (each count is the increments acknowledged, each note the last one acknowledged, each version one more than
 * the writes acknowledged), the timestamps and expiry of items no one wrote are as stored, unique key paths still
 * lead to their items, and every item is in its new shard, once. The number of events is
 * {@code -Dkeypath.reshard.items} (default 200).
 */
class ReshardTest {
    static final int ITEMS = Integer.getInteger("keypath.reshard.items", 200);
    /** Events with a unique key path (the first ones); the rest have none. */
    static final int CODES = 20;
    static final String DAY = "2026-11-27";
    static final KeyPath DAY_PATH = KeyPath.of("day", DAY);
    static final Instant CREATED = Instant.parse("2026-11-27T08:00:00Z");
    static final Instant EXPIRES = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

    static final long T_START = System.nanoTime();
    /**
     * How often the tables read the layout record, and the run's clock margin: a switch comes a few hundred
     * milliseconds after the run announces it.
     */
    static final Duration REFRESH = Duration.ofMillis(200);
    static final Duration MARGIN = Duration.ofMillis(100);

    @TempDir
    Path dir;

    /** How the workload sees one declaration of the event type. */
    record Declared<T>(Class<T> type, Function<T, Long> count, Function<T, String> note, Function<T, Long> version,
                       Function<T, Instant> created, Function<T, Instant> updated, Function<T, Instant> expires,
                       BiFunction<T, String, T> withNote) {
    }

    static final Declared<From4To16> FROM_4_TO_16 = new Declared<>(From4To16.class, From4To16::count,
            From4To16::note, From4To16::version, From4To16::created, From4To16::updated, From4To16::expires,
            (e, n) -> new From4To16(e.day(), e.eventId(), e.code(), e.count(), n, e.version(), e.created(),
                    e.updated(), e.expires()));
    static final Declared<From16To4> FROM_16_TO_4 = new Declared<>(From16To4.class, From16To4::count,
            From16To4::note, From16To4::version, From16To4::created, From16To4::updated, From16To4::expires,
            (e, n) -> new From16To4(e.day(), e.eventId(), e.code(), e.count(), n, e.version(), e.created(),
                    e.updated(), e.expires()));

    static KeyPath path(long id) {
        return DAY_PATH.then("event", id);
    }

    @Test
    void fourToSixteenAndBackUnderWritersAndReadersWithTheRunKilledAndResumed() throws Exception {
        TestDynamoDb engine = TestDynamoDb.get();
        String table = TestDynamoDb.uniqueTableName("reshard");
        KeyPathTable at4 = KeyPathTables.builder().client(engine.client()).tableName(table).register(At4.class)
                .layoutRefresh(REFRESH).build();
        at4.bootstrap();
        ItemSchema<At4> schema4 = at4.schema(At4.class);
        List<Map<String, AttributeValue>> plain = new ArrayList<>();
        for (long id = 0; id < ITEMS; id++) {
            if (id < CODES) { // unique key paths: through the table, which writes the alias items too
                at4.put(new At4(DAY, id, "code-" + id, 0, "start", null, CREATED, CREATED, EXPIRES));
            } else {
                plain.add(schema4.toItem(new At4(DAY, id, null, 0, "start", 1L, CREATED, CREATED, EXPIRES)));
            }
        }
        at4.batchPutStored(plain);
        Map<Long, Map<String, AttributeValue>> stored = rawEvents(engine, table);
        assertThat(stored).hasSize(ITEMS);
        long t0 = System.nanoTime();
        System.out.printf("loaded %d events in %.1f s%n", ITEMS, (System.nanoTime() - T_START) / 1e9);

        // 4 -> 16: the run in a JVM of its own, killed, then resumed here
        KeyPathTable up = KeyPathTables.builder().client(engine.client()).tableName(table)
                .register(From4To16.class).layoutRefresh(REFRESH).build();
        // before anything moved: a unique key path leads to its item in the former shard
        assertThat(up.getByAlias(From4To16.class, KeyPath.of("eventcode", "code-5")).map(From4To16::eventId))
                .contains(5L);
        Path checkpoint = dir.resolve("reshard.json");
        Workload<From4To16> upLoad = new Workload<>(up, FROM_4_TO_16).start();
        Path out = dir.resolve("killed.out");
        Process killed = OwnJvm.start(out, ReshardProcess.class, engine.endpoint().toString(), table,
                checkpoint.toString(), "2", "20", "60", "2");
        // the writers move items too: count what the run read
        OwnJvm.killWhen(killed, checkpoint, c -> c.scanned() >= ITEMS / 3, out);
        ReshardRun resumed = Reshard.builder().client(engine.client()).table(table)
                .type(up.schema(From4To16.class)).segments(2).pageSize(20).writeCapacity(40)
                .checkpoint(CheckpointStore.file(checkpoint)).clockMargin(MARGIN).build().run();
        System.out.printf("4 -> 16 moved in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        upLoad.stop();
        System.out.printf("workload stopped at %.1f s%n", (System.nanoTime() - t0) / 1e9);
        System.out.print(resumed.describe());
        System.out.println(upLoad.describe());
        assertThat(resumed.resumed()).isTrue();
        assertThat(resumed.formerCount()).isEqualTo(4);
        assertThat(resumed.count()).isEqualTo(16);
        upLoad.assertNothingLost(stored);
        assertAllIn(engine, table, up.schema(From4To16.class));
        System.out.printf("checked at %.1f s%n", (System.nanoTime() - t0) / 1e9);

        // the deploy without formerCount reads them all from 16 shards
        KeyPathTable at16 = KeyPathTables.builder().client(engine.client()).tableName(table).register(At16.class)
                .layoutRefresh(REFRESH).build();
        assertThat(at16.stream(At16.class, ItemQuery.of(q -> q.subtree(DAY_PATH))).map(At16::eventId).toList())
                .isEqualTo(LongStream.range(0, ITEMS).boxed().toList());
        assertThat(at16.getByAlias(At16.class, KeyPath.of("eventcode", "code-7")).map(At16::eventId)).contains(7L);

        // 16 -> 4, in this JVM
        stored = rawEvents(engine, table);
        KeyPathTable down = KeyPathTables.builder().client(engine.client()).tableName(table)
                .register(From16To4.class).layoutRefresh(REFRESH).build();
        Workload<From16To4> downLoad = new Workload<>(down, FROM_16_TO_4).start();
        Thread.sleep(300);
        ReshardRun back = Reshard.builder().client(engine.client()).table(table).type(down.schema(From16To4.class))
                .segments(3).pageSize(25).writeCapacity(50).clockMargin(MARGIN).build().run();
        Thread.sleep(300);
        downLoad.stop();
        System.out.print(back.describe());
        System.out.println(downLoad.describe());
        assertThat(back.resumed()).isFalse();
        System.out.printf("16 -> 4 done at %.1f s%n", (System.nanoTime() - t0) / 1e9);
        downLoad.assertNothingLost(stored);
        assertAllIn(engine, table, down.schema(From16To4.class));
        KeyPathTable at4Again = KeyPathTables.builder().client(engine.client()).tableName(table)
                .register(At4.class).layoutRefresh(REFRESH).build();
        assertThat(at4Again.stream(At4.class, ItemQuery.of(q -> q.subtree(DAY_PATH).descending())).map(At4::eventId)
                .toList()).isEqualTo(LongStream.range(0, ITEMS).map(i -> ITEMS - 1 - i).boxed().toList());
    }

    @Test
    void aTypeThatDeclaresNoReshardIsRefusedByTheRun() {
        TestDynamoDb engine = TestDynamoDb.get();
        assertThatThrownBy(() -> Reshard.builder().client(engine.client()).table("any")
                .type(ItemSchemas.of(At16.class)).build())
                .isInstanceOf(ShardDeclarationException.class).hasMessageContaining("declares no re-shard");
    }

    /** Every event in the table, raw, by id; each in the shard {@code schema}'s new layout keeps it, once. */
    private static void assertAllIn(TestDynamoDb engine, String table, ItemSchema<?> schema) {
        List<Map<String, AttributeValue>> events = engine.client().scanPaginator(s -> s.tableName(table)).items()
                .stream().filter(i -> "Event".equals(i.get("_type").s())).toList();
        assertThat(events).hasSize(ITEMS);
        for (Map<String, AttributeValue> e : events) {
            assertThat(StoredShardMoves.newPartitionKey(schema, e)).as("stored in its new shard").isNull();
        }
    }

    private static Map<Long, Map<String, AttributeValue>> rawEvents(TestDynamoDb engine, String table) {
        Map<Long, Map<String, AttributeValue>> byId = new HashMap<>();
        engine.client().scanPaginator(s -> s.tableName(table).consistentRead(true)).items().stream()
                .filter(i -> i.containsKey("_type") && "Event".equals(i.get("_type").s()))
                .forEach(i -> byId.put(Long.parseLong(dev.keypath.dynamodb.storage.StoredItemLayout.keyPathOf(i)
                        .id(1).toString()), i));
        return byId;
    }

    /** The application's writers and readers over one declaration, until stopped. */
    static final class Workload<T> {
        final KeyPathTable table;
        final Declared<T> d;
        final long[] increments = new long[ITEMS];
        final long[] puts = new long[ITEMS];
        final Map<Long, String> notes = new ConcurrentHashMap<>();
        final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicLong pointReads = new AtomicLong();
        final AtomicLong pages = new AtomicLong();
        final AtomicLong conflicts = new AtomicLong();
        final List<Thread> threads = new ArrayList<>();

        Workload(KeyPathTable table, Declared<T> d) {
            this.table = table;
            this.d = d;
        }

        Workload<T> start() {
            for (int w = 0; w < 2; w++) {
                int seed = w;
                threads.add(loop("incrementer-" + w, seed, random -> {
                    long i = random.nextInt(ITEMS);
                    table.update(d.type(), path(i), UpdateSpec.of(u -> u.increment("count", 1)));
                    synchronized (increments) {
                        increments[(int) i]++;
                    }
                }));
            }
            threads.add(loop("noter", 11, random -> {
                long i = random.nextInt(ITEMS);
                String note = "note " + random.nextInt(1_000_000);
                for (int attempt = 0; ; attempt++) {
                    T item = table.get(d.type(), path(i)).orElse(null);
                    if (item == null) {
                        failures.add("noter's read missed " + path(i));
                        return;
                    }
                    try {
                        table.put(d.withNote().apply(item, note));
                        synchronized (increments) {
                            puts[(int) i]++;
                        }
                        notes.put(i, note);
                        return;
                    } catch (VersionConflictException e) {
                        conflicts.incrementAndGet();
                        if (attempt > 50) {
                            throw e;
                        }
                    }
                }
            }));
            threads.add(loop("reader", 13, random -> {
                long i = random.nextInt(ITEMS);
                if (table.get(d.type(), path(i)).isEmpty()) {
                    failures.add("point read missed " + path(i));
                }
                pointReads.incrementAndGet();
            }));
            for (int p = 0; p < 2; p++) {
            threads.add(loop("pager-" + p, 17 + p, random -> {
                boolean descending = random.nextBoolean();
                int limit = 1 + random.nextInt(60);
                List<Long> ids = table.stream(d.type(), ItemQuery.of(q -> q.subtree(DAY_PATH).limit(limit)
                        .descending(descending))).map(e -> idOf(table, e)).toList();
                List<Long> expected = LongStream.range(0, ITEMS).map(x -> descending ? ITEMS - 1 - x : x).boxed()
                        .toList();
                if (!ids.equals(expected)) {
                    failures.add("query (limit " + limit + (descending ? ", descending" : "") + ") read " + ids.size()
                            + " items, missing " + missing(expected, ids) + ", twice " + twice(ids));
                }
                long count = table.count(q -> q.subtree(DAY_PATH));
                if (count != ITEMS) {
                    failures.add("count was " + count);
                }
                pages.incrementAndGet();
            }));
            }
            threads.forEach(Thread::start);
            return this;
        }

        private Thread loop(String name, int seed, java.util.function.Consumer<SplittableRandom> body) {
            return new Thread(() -> {
                SplittableRandom random = new SplittableRandom(seed);
                while (!stop.get()) {
                    try {
                        body.accept(random);
                    } catch (Throwable t) {
                        failures.add(name + ": " + t);
                    }
                }
            }, name);
        }

        void stop() throws InterruptedException {
            stop.set(true);
            for (Thread t : threads) {
                t.join(60_000);
            }
        }

        String describe() {
            return "workload: " + LongStream.of(increments).sum() + " increments, " + LongStream.of(puts).sum()
                    + " versioned puts (" + conflicts + " version conflicts), " + pointReads + " point reads, "
                    + pages + " full queries and counts";
        }

        /** Each item holds every acknowledged write over {@code before}, the items as stored when it started. */
        void assertNothingLost(Map<Long, Map<String, AttributeValue>> before) {
            assertThat(failures).as("failures of the application's writers and readers").isEmpty();
            assertThat(pages.get()).as("queries while the items moved").isPositive();
            for (long i = 0; i < ITEMS; i++) {
                T item = table.get(d.type(), path(i)).orElseThrow();
                Map<String, AttributeValue> was = before.get(i);
                long countBefore = Long.parseLong(was.get("count").n());
                long versionBefore = Long.parseLong(was.get("version").n());
                assertThat(d.count().apply(item)).as("count of " + i).isEqualTo(countBefore + increments[(int) i]);
                assertThat(d.version().apply(item)).as("version of " + i)
                        .isEqualTo(versionBefore + increments[(int) i] + puts[(int) i]);
                assertThat(d.note().apply(item)).as("note of " + i)
                        .isEqualTo(notes.getOrDefault(i, was.get("note").s()));
                assertThat(d.created().apply(item)).as("created of " + i).isEqualTo(CREATED);
                assertThat(d.expires().apply(item)).as("expiry of " + i).isEqualTo(EXPIRES);
                if (increments[(int) i] + puts[(int) i] == 0) {
                    assertThat(d.updated().apply(item).toString()).as("updated of " + i + ", written by no one")
                            .isEqualTo(was.get("updated").s());
                }
            }
        }
    }

    private static long idOf(KeyPathTable table, Object item) {
        return Long.parseLong(table.keyPathOf(item).id(1).toString());
    }

    private static List<Long> missing(List<Long> expected, List<Long> got) {
        List<Long> m = new ArrayList<>(expected);
        m.removeAll(got);
        return m.size() > 10 ? m.subList(0, 10) : m;
    }

    private static List<Long> twice(List<Long> got) {
        return got.stream().collect(Collectors.groupingBy(x -> x, Collectors.counting())).entrySet().stream()
                .filter(e -> e.getValue() > 1).map(Map.Entry::getKey).limit(10).toList();
    }
}
