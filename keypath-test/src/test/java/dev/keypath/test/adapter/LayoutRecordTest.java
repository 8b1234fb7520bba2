package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableLayoutMismatchException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.storage.StoredLayouts;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The table's layout record (docs/FORMAT.md, section 12): a declaration that contradicts the layout or the schema
 * versions it holds for a type refuses to start ({@code bootstrap()}) and refuses every write of the type, with a
 * message naming the type, what is stored, what is declared and the steps; instances that start together agree on
 * one record; a table reads the record at bootstrap and then at most once a refresh interval before its writes, and
 * never before a read; no item type may start with the record's reserved namespace, and no collection read returns
 * the record.
 */
class LayoutRecordTest {
    private static final Duration FAST = Duration.ofMillis(100);
    private static final RecordReads RECORD_READS = new RecordReads();
    private static DynamoDbClient counted;

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = "eventId")
    record EventAt4(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    record EventAt16(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 4)
    record EventFrom4To16(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 8)
    record EventFrom8To16(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 4, by = {"day", "eventId"})
    record EventAt4ByDayToo(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    record EventUnsharded(String day, long eventId, String note) {
    }

    @ItemType(name = "Event", keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId", formerCount = 1)
    record EventFrom1To16(String day, long eventId, String note) {
    }

    @ItemType(name = "Post", keyPath = "/user-{user}/post-{postId}", version = 2)
    record PostRenamedToHeading(String user, long postId, String heading) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("title", "heading")));
        }
    }

    @ItemType(name = "Post", keyPath = "/user-{user}/post-{postId}", version = 2)
    record PostRenamedToSubject(String user, long postId, String subject) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("title", "subject")));
        }
    }

    @ItemType(name = "Post", keyPath = "/user-{user}/post-{postId}")
    record PostAt1(String user, long postId, String title) {
    }

    @ItemType(keyPath = "/_kp_layout-{id}")
    record Squatter(String id) {
    }

    @BeforeAll
    static void client() {
        counted = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(RECORD_READS)).build();
    }

    @AfterAll
    static void close() {
        counted.close();
    }

    /** Counts the reads of a layout record ({@code /_kp_layout-table}, docs/FORMAT.md section 12). */
    static final class RecordReads implements ExecutionInterceptor {
        static final byte[] RECORD_PK = KeyPath.of("_kp_layout", "table").partitionKey();
        private final AtomicInteger reads = new AtomicInteger();

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof GetItemRequest get && get.key().containsKey("pk")
                    && Arrays.equals(get.key().get("pk").b().asByteArrayUnsafe(), RECORD_PK)) {
                reads.incrementAndGet();
            }
        }

        int reads() {
            return reads.get();
        }
    }

    private static KeyPathTable table(String name, Class<?> type) {
        return KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name).register(type)
                .layoutRefresh(FAST).build();
    }

    /** The tables a test made, deleted after it. */
    private final List<String> made = new ArrayList<>();

    @AfterEach
    void deleteTables() {
        made.forEach(name -> TestDynamoDb.get().client().deleteTable(r -> r.tableName(name)));
    }

    private String fresh(String hint) {
        String name = TestDynamoDb.uniqueTableName(hint);
        table(name, PostAt1.class).bootstrap();
        made.add(name);
        return name;
    }

    /** The type is stored as {@code stored}'s declaration (its first table bootstraps); {@code declared} refuses. */
    private void refused(Class<?> stored, Class<?> declared, String... says) {
        String name = fresh("layout");
        table(name, stored).bootstrap();
        KeyPathTable contradicting = table(name, declared);
        assertThatThrownBy(contradicting::bootstrap).isInstanceOf(TableLayoutMismatchException.class)
                .hasMessageContaining(declared.getName()).hasMessageContainingAll(says);
        Object item = sample(declared);
        // refused on a write, before anything of it is sent; and every time, not only on the first write
        assertThatThrownBy(() -> contradicting.put(item)).isInstanceOf(TableLayoutMismatchException.class);
        assertThatThrownBy(() -> contradicting.put(item)).isInstanceOf(TableLayoutMismatchException.class);
        assertThat(TestDynamoDb.get().client().scan(r -> r.tableName(name)).items())
                .noneMatch(i -> "Event".equals(i.get("_type").s()));
    }

    private static Object sample(Class<?> type) {
        try {
            return type.getDeclaredConstructors()[0].newInstance("d", 7L, "n");
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aChangedCountWithoutFormerCountIsRefusedNamingTheSteps() {
        refused(EventAt4.class, EventAt16.class, "Event is stored as calculated(4, [eventId])",
                "calculated(16, [eventId])", "changed without formerCount",
                "@Sharded(count = 16, by = \"eventId\", formerCount = 4)", "keypath migrate reshard",
                "HOT-PARTITIONS.md");
    }

    @Test
    void shardedAddedToAnUnshardedTypeWithoutFormerCountOneIsRefused() {
        refused(EventUnsharded.class, EventAt16.class, "Event is stored as unsharded", "@Sharded was added",
                "formerCount = 1", "keypath migrate reshard");
    }

    @Test
    void shardedRemovedIsRefused() {
        refused(EventAt4.class, EventUnsharded.class, "stored as calculated(4, [eventId])", "@Sharded was removed",
                "keep @Sharded");
    }

    @Test
    void aFormerCountThatIsNotTheStoredLayoutIsRefused() {
        refused(EventAt4.class, EventFrom8To16.class, "stored as calculated(4, [eventId])",
                "a re-shard from calculated(8, [eventId])", "formerCount = 4");
        refused(EventAt4.class, EventFrom1To16.class, "a re-shard from unsharded", "formerCount = 4");
    }

    @Test
    void anotherWayOfChoosingTheShardIsRefused() {
        refused(EventAt4.class, EventAt4ByDayToo.class, "calculated(4, [day, eventId])",
                "the way the shard is chosen changed");
    }

    @Test
    void theNewLayoutAloneBeforeTheReshardHasFinishedIsRefused() {
        String name = fresh("unfinished");
        table(name, EventAt4.class).bootstrap();
        table(name, EventFrom4To16.class).bootstrap(); // records the re-shard
        assertThatThrownBy(() -> table(name, EventAt16.class).bootstrap())
                .isInstanceOf(TableLayoutMismatchException.class)
                .hasMessageContainingAll("being re-sharded from calculated(4, [eventId]) to calculated(16, [eventId])",
                        "has not finished", "keep formerCount = 4");
        // the former layout alone still starts: the switch is not announced
        table(name, EventAt4.class).bootstrap();
    }

    @Test
    void theFormerLayoutAloneIsRefusedOnceTheSwitchIsAnnounced() {
        String name = fresh("announced");
        KeyPathTable old = table(name, EventAt4.class);
        old.bootstrap();
        KeyPathTable moving = table(name, EventFrom4To16.class);
        moving.bootstrap();
        old.put(new EventAt4("d", 1, "before"));
        StoredLayouts.Switch announced = StoredLayouts.announce(TestDynamoDb.get().client(), name,
                moving.schema(EventFrom4To16.class), Duration.ZERO);
        assertThat(announced.finished()).isFalse();
        // the running instance refuses its writes once it has read the announcement (at most a refresh interval);
        // the ones it acknowledged before are read by the instance that declares the re-shard
        int acknowledged = awaitRefused(() -> old.put(new EventAt4("d", 2, "after")));
        assertThatThrownBy(() -> table(name, EventAt4.class).bootstrap())
                .isInstanceOf(TableLayoutMismatchException.class)
                .hasMessageContainingAll("the switch to calculated(16, [eventId]) is announced",
                        "deploy the declaration of the re-shard, with formerCount = 4");
        assertThat(moving.get(EventFrom4To16.class, KeyPath.of("day", "d").then("event", 1))).isPresent();
        assertThat(moving.get(EventFrom4To16.class, KeyPath.of("day", "d").then("event", 2)).isPresent())
                .isEqualTo(acknowledged > 0);
    }

    /**
     * Writes notes "before-1", "before-2", ... until a write is refused, and returns the last acknowledged note
     * ({@code initial} when the first write is refused already); fails after 30 seconds.
     */
    static String awaitRefused(Consumer<String> write, String initial) {
        String[] last = {initial};
        int[] n = {0};
        awaitRefused(() -> {
            String note = "before-" + ++n[0];
            write.accept(note);
            last[0] = note;
        });
        return last[0];
    }

    /** Writes until {@code write} is refused, and returns how often it was acknowledged; fails after 30 seconds. */
    static int awaitRefused(Runnable write) {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        for (int acknowledged = 0; ; acknowledged++) {
            try {
                write.run();
            } catch (TableLayoutMismatchException refused) {
                assertThat(refused).hasMessageContaining("is announced");
                return acknowledged;
            }
            assertThat(System.nanoTime()).as("refused within 30 s").isLessThan(until);
        }
    }

    @Test
    void aSchemaVersionDeclaredWithOtherChangesIsRefused() {
        String name = fresh("versions");
        table(name, PostAt1.class).put(new PostAt1("u", 1, "t"));
        table(name, PostRenamedToHeading.class).bootstrap(); // records version 2
        table(name, PostAt1.class).bootstrap(); // an older instance during a rolling deploy still starts
        assertThatThrownBy(() -> table(name, PostRenamedToSubject.class).bootstrap())
                .isInstanceOf(TableLayoutMismatchException.class)
                .hasMessageContainingAll("Post version 2 is recorded", "FIELD_RENAMED [title] -> [heading]",
                        "FIELD_RENAMED [title] -> [subject]", "declare the new changes as version 3");
    }

    @Test
    void instancesThatStartTogetherAgreeOnOneLayout() throws Exception {
        for (int round = 0; round < 3; round++) {
            String name = fresh("together");
            int instances = 8;
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(instances);
            try {
                List<Future<Class<?>>> started = new ArrayList<>();
                for (int i = 0; i < instances; i++) {
                    Class<?> type = i % 2 == 0 ? EventAt4.class : EventAt16.class;
                    Callable<Class<?>> boot = () -> {
                        KeyPathTable t = table(name, type);
                        start.await();
                        try {
                            t.bootstrap();
                            return type;
                        } catch (TableLayoutMismatchException refused) {
                            return null;
                        }
                    };
                    started.add(pool.submit(boot));
                }
                start.countDown();
                List<Class<?>> ran = new ArrayList<>();
                for (Future<Class<?>> f : started) {
                    ran.add(f.get());
                }
                // every instance of one declaration started, every instance of the other was refused
                List<Class<?>> winners = ran.stream().filter(Objects::nonNull).distinct().toList();
                assertThat(winners).hasSize(1);
                assertThat(ran.stream().filter(Objects::nonNull)).hasSize(instances / 2);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void theRecordIsReadAtBootstrapAndAtMostOnceARefreshIntervalBeforeWritesNeverBeforeReads() {
        String name = fresh("refresh");
        KeyPathTable slow = KeyPathTables.builder().client(counted).tableName(name).register(EventAt4.class)
                .layoutRefresh(Duration.ofHours(1)).build();
        int before = RECORD_READS.reads();
        for (int i = 0; i < 5; i++) {
            slow.get(EventAt4.class, KeyPath.of("day", "d").then("event", i));
            slow.query(ItemQuery.of(q -> q.subtree(KeyPath.of("day", "d"))));
        }
        assertThat(RECORD_READS.reads()).as("reads read no record").isEqualTo(before);
        slow.put(new EventAt4("d", 1, "first"));
        assertThat(RECORD_READS.reads()).as("the first write reads it").isEqualTo(before + 1);
        for (int i = 2; i < 12; i++) {
            slow.put(new EventAt4("d", i, "within the interval"));
        }
        slow.delete(EventAt4.class, KeyPath.of("day", "d").then("event", 3));
        assertThat(RECORD_READS.reads()).as("writes within the interval read none").isEqualTo(before + 1);
        slow.bootstrap();
        assertThat(RECORD_READS.reads()).as("bootstrap reads it").isEqualTo(before + 2);

        KeyPathTable fast = KeyPathTables.builder().client(counted).tableName(name).register(EventAt4.class)
                .layoutRefresh(FAST).build();
        fast.put(new EventAt4("d", 20, "first"));
        int afterFirst = RECORD_READS.reads();
        sleep(FAST.multipliedBy(2));
        fast.put(new EventAt4("d", 21, "after the interval"));
        assertThat(RECORD_READS.reads()).as("a write after the interval reads it again").isEqualTo(afterFirst + 1);
    }

    @Test
    void theAsynchronousTableRefusesAsTheSynchronousOne() {
        String name = fresh("async");
        table(name, EventAt4.class).bootstrap();
        KeyPathAsyncTable contradicting = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient())
                .tableName(name).register(EventAt16.class).layoutRefresh(FAST).build();
        assertThat(AsyncResults.failure(contradicting.bootstrap())).isInstanceOf(TableLayoutMismatchException.class)
                .hasMessageContaining("changed without formerCount");
        assertThat(AsyncResults.failure(contradicting.put(new EventAt16("d", 1, "n"))))
                .isInstanceOf(TableLayoutMismatchException.class);
    }

    @Test
    void noTypeMayUseTheReservedNamespaceAndNoCollectionReadReturnsTheRecord() {
        assertThatThrownBy(() -> ItemSchemas.of(Squatter.class)).isInstanceOf(ItemMappingException.class)
                .hasMessageContainingAll("_kp_layout", "keypath's own items");
        String name = fresh("hidden");
        KeyPathTable posts = table(name, PostAt1.class);
        posts.put(new PostAt1("u", 1, "t"));
        KeyPath at = KeyPath.of("_kp_layout", "table");
        Map<String, AttributeValue> record = TestDynamoDb.get().client().getItem(r -> r.tableName(name)
                .consistentRead(true).key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(
                        at.partitionKey())), "sk", AttributeValue.fromB(SdkBytes.fromByteArray(at.sortKey())))))
                .item();
        assertThat(record).containsKey("t:Post").containsEntry("_type", AttributeValue.fromS("_kp_layout"));
        assertThat(record.get("t:Post").m().get("layout").s()).isEqualTo("unsharded");
        assertThat(posts.scan(ItemScan.all()).items()).hasSize(1);
        assertThat(posts.readStoredItem(record)).isEmpty();
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
