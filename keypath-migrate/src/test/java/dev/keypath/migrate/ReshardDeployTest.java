package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableLayoutMismatchException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The deploys of docs/HOT-PARTITIONS.md, "Changing N", through the table's layout record and a re-shard run, with
 * instances of two declarations of one type on one table. From 4 shards to 16: a write of the instance that declares
 * 4 shards alone after the upgraded instance's is read by both and kept by the run, and that instance's writes are
 * refused once the run has announced the switch, so no acknowledged write is lost; the run records the re-shard as
 * finished, after which the new layout alone may start and the former one may not. From one partition to 16
 * (adding {@code @Sharded}): every stored item is found by get, query and count before the run, while it moves them
 * and after, writes meanwhile included.
 */
class ReshardDeployTest {
    private static final Duration FAST = Duration.ofMillis(100);
    private static final Duration MARGIN = Duration.ofMillis(50);
    private static final String DAY = "2026-11-27";
    private static final KeyPath DAY_PATH = KeyPath.of("day", DAY);

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId")
    record EventAt4(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record EventFrom4To16(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record EventAt16(String day, long eventId, String note) {
    }

    @ItemType(name = "Post", keyPath = "/blog-{blog}/post-{postId}")
    record Post(String blog, long postId, String title) {
    }

    @ItemType(name = "Post", keyPath = "/blog-{blog}/post-{postId}")
    @Sharded(count = 16, by = "postId", formerCount = 1)
    record PostFrom1To16(String blog, long postId, String title) {
    }

    @ItemType(name = "Post", keyPath = "/blog-{blog}/post-{postId}")
    @Sharded(count = 16, by = "postId")
    record PostAt16(String blog, long postId, String title) {
    }

    @ItemType(name = "Post", keyPath = "/blog-{blog}/post-{postId}")
    @Sharded(count = 32, by = "postId")
    record PostAt32(String blog, long postId, String title) {
    }

    private static KeyPathTable table(String name, Class<?> type) {
        return KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name).register(type)
                .layoutRefresh(FAST).build();
    }

    private static Reshard reshard(String name, KeyPathTable table, Class<?> type) {
        return Reshard.builder().client(TestDynamoDb.get().client()).table(name).type(table.schema(type))
                .segments(2).pageSize(50).clockMargin(MARGIN).build();
    }

    private static List<Map<String, AttributeValue>> stored(String name, String type) {
        return TestDynamoDb.get().client().scanPaginator(r -> r.tableName(name).consistentRead(true)).items()
                .stream().filter(i -> type.equals(i.get("_type").s())).toList();
    }

    /** An id whose shard among 16 differs from its shard among 4. */
    private static long movingId() {
        return LongStream.iterate(0, i -> i + 1).filter(i -> ShardKeys.calculatedShard(4, List.of(KeyId.of(i)))
                != ShardKeys.calculatedShard(16, List.of(KeyId.of(i)))).findFirst().orElseThrow();
    }

    @Test
    void aWriteOfTheFormerDeclarationAfterTheUpgradedOnesIsKeptAndOnceTheSwitchIsAnnouncedRefused() throws Exception {
        String name = TestDynamoDb.uniqueTableName("deploy");
        KeyPathTable old = table(name, EventAt4.class);
        old.bootstrap();
        KeyPathTable upgraded = table(name, EventFrom4To16.class);
        long id = movingId();
        KeyPath path = DAY_PATH.then("event", id);

        old.put(new EventAt4(DAY, id, "v1"));
        upgraded.put(new EventFrom4To16(DAY, id, "v2"));
        old.put(new EventAt4(DAY, id, "v3")); // acknowledged: it must not be lost
        assertThat(upgraded.get(EventFrom4To16.class, path).map(EventFrom4To16::note)).contains("v3");
        assertThat(upgraded.stream(EventFrom4To16.class, ItemQuery.of(q -> q.subtree(DAY_PATH)))
                .map(EventFrom4To16::note)).containsExactly("v3");

        // the old instance keeps writing while the run announces the switch, moves and finishes
        ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
        AtomicBoolean refused = new AtomicBoolean();
        CompletableFuture<ReshardRun> run = CompletableFuture.supplyAsync(() -> reshard(name, upgraded,
                EventFrom4To16.class).run());
        int write = 4;
        while (!refused.get()) {
            String note = "v" + write++;
            try {
                old.put(new EventAt4(DAY, id, note));
                acknowledged.add(note);
            } catch (TableLayoutMismatchException e) {
                assertThat(e).hasMessageContaining("is announced");
                refused.set(true);
            }
        }
        ReshardRun done = run.get();
        String last = acknowledged.isEmpty() ? "v3" : List.copyOf(acknowledged).get(acknowledged.size() - 1);

        assertThat(done.moved()).isOne();
        assertThat(done.leftovers()).as("no copy of an acknowledged write deleted").isZero();
        assertThat(upgraded.get(EventFrom4To16.class, path).map(EventFrom4To16::note)).contains(last);
        assertThat(stored(name, "Event")).singleElement().satisfies(e -> assertThat(e.get("pk").b().asByteArray())
                .isEqualTo(ShardKeys.encode(path, ShardKeys.calculatedShard(16, List.of(KeyId.of(id))))));
        // finished: the new layout alone starts and reads the last acknowledged write; the former alone refuses
        KeyPathTable at16 = table(name, EventAt16.class);
        at16.bootstrap();
        assertThat(at16.get(EventAt16.class, path).map(EventAt16::note)).contains(last);
        assertThatThrownBy(() -> table(name, EventAt4.class).bootstrap())
                .isInstanceOf(TableLayoutMismatchException.class).hasMessageContaining("without formerCount");
    }

    @Test
    void addingShardedToAStoredTypeFindsEveryItemBeforeWhileAndAfterTheRun() throws Exception {
        String name = TestDynamoDb.uniqueTableName("sharding");
        KeyPathTable plain = table(name, Post.class);
        plain.bootstrap();
        int items = 400;
        for (long id = 0; id < items; id++) {
            plain.put(new Post("b", id, "t" + id));
        }
        ItemQuery blog = ItemQuery.of(q -> q.subtree(KeyPath.of("blog", "b")));
        assertThatThrownBy(() -> table(name, PostAt16.class).bootstrap())
                .isInstanceOf(TableLayoutMismatchException.class)
                .hasMessageContainingAll("stored as unsharded", "formerCount = 1");

        KeyPathTable sharding = table(name, PostFrom1To16.class);
        assertThat(sharding.count(blog)).isEqualTo(items);
        assertThat(sharding.stream(PostFrom1To16.class, blog).map(PostFrom1To16::postId).toList())
                .isEqualTo(LongStream.range(0, items).boxed().toList());
        for (long id = 0; id < items; id += 37) {
            assertThat(sharding.get(PostFrom1To16.class, KeyPath.of("blog", "b").then("post", id))).isPresent();
        }
        sharding.put(new PostFrom1To16("b", items, "written before the switch"));

        AtomicBoolean moving = new AtomicBoolean(true);
        AtomicInteger reads = new AtomicInteger();
        ConcurrentLinkedQueue<String> misses = new ConcurrentLinkedQueue<>();
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
            while (moving.get()) {
                long count = sharding.count(blog);
                List<Long> listed = sharding.stream(PostFrom1To16.class, blog).map(PostFrom1To16::postId).toList();
                long id = reads.incrementAndGet() % items;
                Optional<PostFrom1To16> one = sharding.get(PostFrom1To16.class, KeyPath.of("blog", "b")
                        .then("post", id));
                if (count < items + 1 || listed.size() != count || listed.stream().distinct().count() != count
                        || one.isEmpty()) {
                    misses.add("count " + count + ", listed " + listed.size() + ", get " + id + " " + one);
                }
            }
        });
        ReshardRun run = reshard(name, sharding, PostFrom1To16.class).run();
        moving.set(false);
        reader.get();
        sharding.put(new PostFrom1To16("b", items + 1, "written after the switch"));

        assertThat(misses).as("reads while the items moved").isEmpty();
        assertThat(reads.get()).isPositive();
        assertThat(run.formerCount()).isOne();
        assertThat(run.moved()).isEqualTo(items + 1);
        assertThat(stored(name, "Post")).hasSize(items + 2).allSatisfy(p -> assertThat(ShardKeys.isSharded(
                p.get("pk").b().asByteArray())).isTrue());
        KeyPathTable at16 = table(name, PostAt16.class);
        at16.bootstrap();
        assertThat(at16.count(blog)).isEqualTo(items + 2);
        assertThat(at16.stream(PostAt16.class, blog).map(PostAt16::postId).toList())
                .isEqualTo(LongStream.range(0, items + 2).boxed().toList());
        assertThatThrownBy(() -> table(name, PostAt32.class).bootstrap())
                .isInstanceOf(TableLayoutMismatchException.class)
                .hasMessageContainingAll("changed without formerCount", "formerCount = 16");
    }
}
