package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.migrate.RewriteModel.Board;
import dev.keypath.migrate.RewriteModel.CounterV1;
import dev.keypath.migrate.RewriteModel.CounterV2;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A background rewrite of every counter ({@link RewriteModel}) from version 1 to 2 on DynamoDB Local while other
 * writers update the same items: two threads increment counts (an attribute no version changed, so their updates
 * apply to items of either version), one sets titles (the renamed field: on an item still at version 1 its update
 * fails its condition, and the writer upgrades that item on write and sets the title again). The rewrite runs in
 * another JVM and is killed at a third of the items, then resumed here. At the end no acknowledged update is lost
 * (each count is its start plus the increments acknowledged, each title the last one acknowledged), every counter is
 * at version 2 with its name under the new name, other types and an item of a newer version are left alone. The
 * number of counters is {@code -Dkeypath.rewrite.items} (default 500).
 */
class SchemaRewriteTest {
    static final int ITEMS = Integer.getInteger("keypath.rewrite.items", 500);
    static final int BOARDS = 40;
    static final int SEGMENTS = 4;
    static final int PAGE = 200;

    @TempDir
    static Path dir;
    static TestDynamoDb engine;
    static String table;
    static KeyPathTable v1;
    static KeyPathTable v2;

    @BeforeAll
    static void countersAtVersionOne() {
        engine = TestDynamoDb.get();
        table = TestDynamoDb.uniqueTableName("rewrite");
        v1 = KeyPathTables.builder().client(engine.client()).tableName(table).register(CounterV1.class, Board.class)
                .build();
        v1.bootstrap();
        v2 = KeyPathTables.builder().client(engine.client()).tableName(table).register(CounterV2.class, Board.class)
                .build();
        ItemSchema<CounterV1> schema = ItemSchemas.of(CounterV1.class);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            items.add(schema.toItem(new CounterV1(i % BOARDS, i, "name " + i, 1000 + i)));
        }
        long start = System.nanoTime();
        v1.batchPutStored(items);
        for (int b = 0; b < BOARDS; b++) {
            v1.put(new Board(b, "owner " + b));
        }
        System.out.printf("loaded %d counters in %.1f s%n", ITEMS, (System.nanoTime() - start) / 1e9);
    }

    private static KeyPath path(int i) {
        return KeyPath.of("board", i % BOARDS).then("counter", i);
    }

    @Test
    void aKilledRewriteResumesUnderConcurrentWritersWithNoUpdateLost() throws Exception {
        Map<String, AttributeValue> newer = new HashMap<>(ItemSchemas.of(CounterV2.class)
                .toItem(new CounterV2(0, ITEMS + 1L, "from the future", 0, false)));
        newer.put("_kp_v", AttributeValue.fromN("3"));
        v1.batchPutStored(List.of(newer));

        SchemaRewrite rewrite = SchemaRewrite.builder().client(engine.client()).table(table)
                .type(v2.schema(CounterV2.class)).segments(SEGMENTS).pageSize(PAGE)
                .checkpoint(CheckpointStore.file(dir.resolve("rewrite.json"))).build();
        long[] increments = new long[ITEMS];
        Map<Integer, String> titles = new ConcurrentHashMap<>();
        AtomicLong upgradedOnWrite = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int seed = w;
            writers.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(seed);
                while (!stop.get()) {
                    int i = random.nextInt(ITEMS);
                    try {
                        v2.update(CounterV2.class, path(i), UpdateSpec.of(u -> u.increment("count", 1)));
                        synchronized (increments) {
                            increments[i]++;
                        }
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                }
            }, "incrementer-" + w));
        }
        writers.add(new Thread(() -> {
            SplittableRandom random = new SplittableRandom(7);
            for (long n = 0; !stop.get(); n++) {
                int i = random.nextInt(ITEMS);
                String title = "title " + i + " #" + n;
                try {
                    try {
                        v2.update(CounterV2.class, path(i), UpdateSpec.of(u -> u.set("title", title)));
                    } catch (ConditionFailedException e) { // stored at version 1: upgrade it on write, then again
                        // (the background rewrite may have upgraded it since the update failed: then it is current)
                        if (rewrite.upgrade(path(i)) == SchemaRewrite.UpgradeOutcome.UPGRADED) {
                            upgradedOnWrite.incrementAndGet();
                        }
                        v2.update(CounterV2.class, path(i), UpdateSpec.of(u -> u.set("title", title)));
                    }
                    titles.put(i, title);
                } catch (Throwable t) {
                    failures.add(t);
                }
            }
        }, "titles"));
        writers.forEach(Thread::start);

        Path checkpoint = dir.resolve("rewrite.json");
        long start = System.nanoTime();
        Path out = dir.resolve("killed.out");
        Process killed = OwnJvm.start(out, RewriteProcess.class, engine.endpoint().toString(), table,
                checkpoint.toString(), Integer.toString(SEGMENTS), Integer.toString(PAGE), "0");
        Checkpoint atKill = OwnJvm.killWhen(killed, checkpoint, c -> c.written() >= ITEMS / 3, out);
        assertThat(atKill.done()).isFalse();

        RewriteRun resumed = rewrite.run();
        double seconds = (System.nanoTime() - start) / 1e9;
        stop.set(true);
        for (Thread t : writers) {
            t.join(60_000);
        }
        System.out.print(resumed.describe());
        assertThat(failures).as("writers' failures").isEmpty();
        assertThat(resumed.resumed()).isTrue();
        assertThat(resumed.rewrittenNow()).isPositive();
        assertThat(resumed.unreadable()).isEqualTo(1);
        assertThat(resumed.unreadableExamples()).allMatch(m -> m.contains("version 3"));
        assertThat(resumed.otherItems()).as("the boards and the table's layout record").isEqualTo(BOARDS + 1);
        assertThat(resumed.scanned()).isEqualTo(ITEMS + BOARDS + 1 + 1);
        assertThat(resumed.rewritten() + resumed.current() + resumed.otherItems() + resumed.unreadable()
                + resumed.gone()).as("every item scanned counted once").isEqualTo(resumed.scanned());

        long lost = 0;
        long total = 0;
        for (Map<String, AttributeValue> item : engine.client().scanPaginator(b -> b.tableName(table)).items()) {
            if (!"Counter".equals(item.get("_type").s()) || item.get("_kp_v").n().equals("3")) {
                continue;
            }
            total++;
            KeyPath p = dev.keypath.dynamodb.storage.StoredItemLayout.keyPathOf(item);
            int i = (int) p.id(1).asLong();
            assertThat(item.get("_kp_v")).as("%s is at version 2", p).isEqualTo(AttributeValue.fromN("2"));
            assertThat(item).doesNotContainKey("name");
            assertThat(item.get("archived")).isEqualTo(AttributeValue.fromBool(false));
            if (Long.parseLong(item.get("count").n()) != 1000 + i + increments[i]) {
                lost++;
            }
            assertThat(item.get("title").s()).as("title of %s", p).isEqualTo(titles.getOrDefault(i, "name " + i));
        }
        assertThat(total).isEqualTo(ITEMS);
        assertThat(lost).as("lost increments").isZero();
        long acked = 0;
        for (long n : increments) {
            acked += n;
        }
        System.out.printf("rewrite of %d counters: killed at %d upgraded, resumed and finished in %.1f s in all; "
                        + "%d increments and %d titles acknowledged meanwhile, %d items upgraded on write, %d "
                        + "conflicts read again%n", ITEMS, atKill.written(), seconds, acked, titles.size(),
                upgradedOnWrite.get(), resumed.conflicts());
        assertThat(acked).isPositive();
    }
}
