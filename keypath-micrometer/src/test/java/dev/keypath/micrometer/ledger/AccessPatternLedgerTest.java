package dev.keypath.micrometer.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.TestDynamoDb;
import io.micrometer.core.instrument.MockClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The ledger as a table's listener on DynamoDB Local: its figures per access pattern are the sums of the reports
 * the table made, its latency percentiles come from the calls' durations, and the partition that consumed the most
 * capacity heads the hot list.
 */
class AccessPatternLedgerTest {
    @ItemType(keyPath = "/member-{memberId}")
    public record Member(UUID memberId, String name) {
    }

    @ItemType(keyPath = "/member-{memberId}/note-{noteId}")
    public record Note(UUID memberId, long noteId, String topic, String text) {
    }

    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static final AccessPatternLedger LEDGER = AccessPatternLedger.create();
    private static final UUID BUSY = UUID.randomUUID();
    private static final UUID QUIET = UUID.randomUUID();
    private static KeyPathTable table;

    @BeforeAll
    static void runAWorkload() {
        table = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("ledger")).register(Member.class, Note.class)
                .operationListener(report -> {
                    REPORTS.add(report);
                    LEDGER.onOperation(report);
                }).build();
        table.bootstrap();
        table.put(new Member(BUSY, "busy"));
        table.put(new Member(QUIET, "quiet"));
        for (int i = 1; i <= 40; i++) {
            table.put(new Note(BUSY, i, i % 4 == 0 ? "dynamo" : "other", "x".repeat(2_000)));
        }
        table.put(new Note(QUIET, 1, "dynamo", "short"));
        for (int i = 0; i < 5; i++) {
            table.query(Note.class, ItemQuery.of(q -> q.subtree(KeyPath.of("member", BUSY).then("note"))
                    .filter(Condition.attributeEquals("topic", "dynamo")).named("notesOnTopic")));
            table.get(Member.class, KeyPath.of("member", QUIET));
        }
        assertThatThrownBy(() -> table.put(PutItem.of(new Member(QUIET, "again"), p -> p.mode(PutMode.CREATE_ONLY))))
                .isInstanceOf(ConditionFailedException.class);
    }

    private static Map<String, PatternFigures> byName() {
        return LEDGER.patterns().stream().collect(Collectors.toMap(PatternFigures::accessPattern, Function.identity()));
    }

    @Test
    void everyPatternAddsUpItsReports() {
        Map<String, List<OperationReport>> reports = REPORTS.stream()
                .collect(Collectors.groupingBy(OperationReport::accessPattern));
        assertThat(byName().keySet()).isEqualTo(reports.keySet()).contains("notesOnTopic", "Member.get", "Note.put",
                "Member.put");
        reports.forEach((pattern, list) -> {
            PatternFigures f = byName().get(pattern);
            assertThat(f.totalCalls()).isEqualTo(list.size());
            for (OperationReport.Outcome outcome : OperationReport.Outcome.values()) {
                assertThat(f.calls(outcome)).isEqualTo(list.stream().filter(r -> r.outcome() == outcome).count());
            }
            assertThat(f.readUnits()).isCloseTo(list.stream().mapToDouble(r -> r.capacity().readUnits()).sum(),
                    within(1e-9));
            assertThat(f.writeUnits()).isCloseTo(list.stream().mapToDouble(r -> r.capacity().writeUnits()).sum(),
                    within(1e-9));
            assertThat(f.tables().getOrDefault(table.tableName(), OperationCapacity.Units.ZERO).totalUnits()).isCloseTo(list.stream()
                    .mapToDouble(r -> r.capacity().table(table.tableName()).totalUnits()).sum(), within(1e-9));
            assertThat(f.itemsRead()).isEqualTo(list.stream().mapToLong(OperationReport::itemsRead).sum());
            assertThat(f.itemsReturned()).isEqualTo(list.stream().mapToLong(OperationReport::itemsReturned).sum());
            assertThat(f.requests()).isEqualTo(list.stream().mapToLong(OperationReport::requests).sum());
            assertThat(f.unreportedRequests()).isEqualTo(list.stream()
                    .mapToLong(r -> r.capacity().unreportedRequests()).sum());
            assertThat(f.kind()).isEqualTo(list.get(0).kind());
        });
    }

    @Test
    void aFilteredQueryShowsItsReadAmplification() {
        PatternFigures notes = byName().get("notesOnTopic");
        assertThat(notes.kind()).isEqualTo(OperationKind.QUERY);
        assertThat(notes.itemType()).isEqualTo("Note");
        assertThat(notes.totalCalls()).isEqualTo(5);
        assertThat(notes.itemsRead()).isEqualTo(5 * 40);
        assertThat(notes.itemsReturned()).isEqualTo(5 * 10);
        assertThat(notes.readAmplification()).hasValue(4.0);
        assertThat(notes.readUnits()).isGreaterThan(0);
        assertThat(byName().get("Member.put").readAmplification()).isEmpty();
    }

    @Test
    void aConditionThatFailedIsCountedApart() {
        PatternFigures puts = byName().get("Member.put");
        assertThat(puts.calls(OperationReport.Outcome.SUCCESS)).isEqualTo(2);
        assertThat(puts.calls(OperationReport.Outcome.CONDITION_FAILED)).isEqualTo(1);
        assertThat(puts.unreportedRequests()).isEqualTo(1);
    }

    @Test
    void latencyPercentilesComeFromTheCalls() {
        PatternFigures gets = byName().get("Member.get");
        List<Duration> durations = REPORTS.stream().filter(r -> r.accessPattern().equals("Member.get"))
                .map(OperationReport::duration).sorted().toList();
        Latency latency = gets.latency();
        assertThat(latency.p50()).isPositive().isLessThanOrEqualTo(latency.p99());
        assertThat(latency.p99()).isLessThanOrEqualTo(latency.max().plusNanos(latency.max().toNanos() / 10));
        assertThat(latency.max()).isEqualTo(durations.get(durations.size() - 1));
        assertThat(latency.p50()).isBetween(durations.get(0).dividedBy(2), durations.get(durations.size() - 1)
                .multipliedBy(2));
    }

    @Test
    void theBusiestPartitionHeadsTheHotList() {
        List<HotPartition> hot = LEDGER.hotPartitions(2);
        assertThat(hot).hasSize(2);
        assertThat(hot.get(0).partition()).isEqualTo(KeyPath.of("member", BUSY));
        assertThat(hot.get(0).table()).isEqualTo(table.tableName());
        assertThat(hot.get(0).index()).isNull();
        double busy = REPORTS.stream().filter(r -> r.partition().map(KeyPath.of("member", BUSY)::equals).orElse(false))
                .mapToDouble(r -> r.capacity().totalUnits()).sum();
        assertThat(hot.get(0).units()).isGreaterThanOrEqualTo(busy - 1e-9)
                .isLessThanOrEqualTo(busy + hot.get(0).overestimate() + 1e-9);
        assertThat(hot.get(1).partition()).isEqualTo(KeyPath.of("member", QUIET));
        assertThat(LEDGER.windowUnits()).isGreaterThan(busy);
    }

    @Test
    void batchesTransactionsBatchGetsAndScansCountAgainstEachItemsPartition() {
        AccessPatternLedger ledger = AccessPatternLedger.create();
        List<OperationReport> reports = new CopyOnWriteArrayList<>();
        KeyPathTable observed = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(table.tableName()).register(Member.class, Note.class)
                .operationListener(report -> {
                    reports.add(report);
                    ledger.onOperation(report);
                }).build();
        UUID one = UUID.randomUUID();
        UUID other = UUID.randomUUID();

        // a batch of 25 writes to one partition: all its units there; the table's first write, it reads the table's
        // layout record first, and that read's unit (strongly consistent, 1) counts against the record's partition
        observed.batchWrite(b -> IntStream.rangeClosed(1, 25).forEach(i ->
                b.put(new Note(one, i, "t", "x".repeat(1_500)))));
        double batch = units(reports, OperationKind.BATCH_WRITE);
        assertThat(batch).isGreaterThanOrEqualTo(51);
        assertThat(ledger.hotPartitions(2)).satisfiesExactly(h -> {
            assertThat(h.partition()).isEqualTo(KeyPath.of("member", one));
            assertThat(h.units()).isCloseTo(batch - 1, within(1e-9));
        }, h -> {
            assertThat(h.partition()).isEqualTo(KeyPath.of("_kp_layout", "table"));
            assertThat(h.units()).isCloseTo(1, within(1e-9));
        });

        // a transaction over two partitions: its units split between them, none left out
        observed.transact(t -> t.put(new Note(other, 1, "t", "y")).put(new Member(other, "other"))
                .put(new Note(one, 26, "t", "z".repeat(3_000))));
        double transaction = units(reports, OperationKind.TRANSACT_WRITE);
        assertThat(transaction).isPositive();
        // a batch get of the 25 notes, and a scan of the whole table
        observed.batchGet(Note.class, IntStream.rangeClosed(1, 25)
                .mapToObj(i -> KeyPath.of("member", one).then("note", i)).toList());
        double batchGet = units(reports, OperationKind.BATCH_GET);
        assertThat(batchGet).isPositive();
        observed.stream(ItemScan.builder().build()).forEach(item -> { });
        double scan = units(reports, OperationKind.SCAN);
        assertThat(scan).isPositive();

        double all = batch + transaction + batchGet + scan;
        assertThat(ledger.windowUnits()).as("every unit counted against a partition").isCloseTo(all, within(1e-6));
        Map<KeyPath, Double> hot = ledger.hotPartitions(1_000).stream()
                .collect(Collectors.toMap(HotPartition::partition, HotPartition::units));
        assertThat(hot.get(KeyPath.of("member", other))).as("the transaction's other partition").isPositive();
        assertThat(hot.get(KeyPath.of("member", one))).as("the busy partition: batch, most of the transaction, "
                + "batch get, and its share of the scan").isGreaterThan(batch + batchGet);
    }

    @Test
    void eachPatternShowsTheLimitItAskedTheItemsReadAndTheItemsReturned() {
        List<Integer> limits = new CopyOnWriteArrayList<>();
        ExecutionInterceptor limitsSent = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                if (context.request() instanceof QueryRequest query && query.limit() != null) {
                    limits.add(query.limit());
                }
            }
        };
        AccessPatternLedger ledger = AccessPatternLedger.create();
        try (DynamoDbClient client = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(limitsSent)).build()) {
            KeyPathTable observed = KeyPathTables.builder().client(client).tableName(table.tableName())
                    .register(Member.class, Note.class).operationListener(ledger).build();
            for (int i = 0; i < 3; i++) {
                Page<Note> page = observed.query(Note.class, ItemQuery.of(q -> q.subtree(KeyPath.of("member", BUSY)
                        .then("note")).filter(Condition.attributeEquals("topic", "dynamo")).limit(5)
                        .named("fiveNotesOnTopic")));
                assertThat(page.items()).hasSize(5);
            }
        }
        PatternFigures figures = ledger.patterns().stream().filter(f -> f.accessPattern().equals("fiveNotesOnTopic"))
                .findFirst().orElseThrow();
        assertThat(limits).isNotEmpty();
        assertThat(figures.itemsAsked()).as("the Limits sent").isEqualTo(limits.stream().mapToLong(i -> i).sum());
        assertThat(figures.itemsReturned()).isEqualTo(15);
        assertThat(figures.itemsRead()).as("a filter keeps one note in four").isGreaterThanOrEqualTo(3 * 20)
                .isLessThanOrEqualTo(figures.itemsAsked());
    }

    private static double units(List<OperationReport> reports, OperationKind kind) {
        return reports.stream().filter(r -> r.kind() == kind).mapToDouble(r -> r.capacity().totalUnits()).sum();
    }

    @Test
    void anAsyncTableFeedsItTheSameWay() {
        AccessPatternLedger ledger = AccessPatternLedger.create();
        List<OperationReport> reports = new CopyOnWriteArrayList<>();
        KeyPathAsyncTable async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient())
                .tableName(table.tableName()).register(Member.class, Note.class)
                .operationListener(report -> {
                    reports.add(report);
                    ledger.onOperation(report);
                }).build();
        UUID member = UUID.randomUUID();
        CompletableFuture.allOf(IntStream.rangeClosed(1, 20)
                .mapToObj(i -> async.put(new Note(member, i, "t", "n" + i))).toArray(CompletableFuture[]::new)).join();
        async.query(Note.class, ItemQuery.of(q -> q.subtree(KeyPath.of("member", member).then("note"))
                .named("notesOfMember"))).join();

        PatternFigures puts = ledger.patterns().stream().filter(f -> f.accessPattern().equals("Note.put"))
                .findFirst().orElseThrow();
        assertThat(puts.totalCalls()).isEqualTo(20);
        assertThat(puts.writeUnits()).isCloseTo(reports.stream().filter(r -> r.kind() == OperationKind.PUT)
                .mapToDouble(r -> r.capacity().writeUnits()).sum(), within(1e-9)).isPositive();
        PatternFigures query = ledger.patterns().stream().filter(f -> f.accessPattern().equals("notesOfMember"))
                .findFirst().orElseThrow();
        assertThat(query.itemsReturned()).isEqualTo(20);
        assertThat(ledger.hotPartitions(1)).singleElement()
                .satisfies(h -> assertThat(h.partition()).isEqualTo(KeyPath.of("member", member)));
    }

    @Test
    void patternsPastTheLimitAreCountedTogether() {
        AccessPatternLedger ledger = AccessPatternLedger.builder().maxPatterns(2).build();
        for (String name : List.of("a", "b", "c", "d", "a")) {
            ledger.onOperation(report(name, null, 1));
        }
        assertThat(ledger.patterns()).extracting(PatternFigures::accessPattern)
                .containsExactly(AccessPatternLedger.OTHER, "a", "b");
        assertThat(ledger.patterns()).extracting(PatternFigures::totalCalls).containsExactly(2L, 2L, 1L);
    }

    @Test
    void aHundredThousandPartitionsKeepTheLedgerBounded() {
        MockClock clock = new MockClock();
        AccessPatternLedger ledger = AccessPatternLedger.builder().clock(clock).window(Duration.ofSeconds(60), 6)
                .hotPartitionCounters(16).build();
        for (int i = 0; i < 100_000; i++) {
            ledger.onOperation(report("User.get", KeyPath.of("user", i), 0.5));
            clock.add(1, TimeUnit.MILLISECONDS);
        }
        assertThat(ledger.heldPartitions()).isLessThanOrEqualTo(16 * 6);
        assertThat(ledger.patterns()).singleElement().satisfies(f -> assertThat(f.totalCalls()).isEqualTo(100_000));
        assertThat(ledger.hotPartitions(10)).hasSize(10);
    }

    @Test
    void concurrentReportsAreAllCounted() throws InterruptedException {
        AccessPatternLedger ledger = AccessPatternLedger.create();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        IntStream.range(0, 4).forEach(t -> pool.submit(() -> {
            for (int i = 0; i < 5_000; i++) {
                ledger.onOperation(report("p" + (i % 3), KeyPath.of("user", i % 50), 1));
            }
        }));
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        assertThat(ledger.patterns()).extracting(PatternFigures::totalCalls).containsExactly(6668L, 6668L, 6664L);
        assertThat(ledger.patterns()).extracting(PatternFigures::readUnits).containsExactly(6668.0, 6668.0, 6664.0);
        assertThat(ledger.windowUnits()).isEqualTo(20_000);
    }

    @Test
    void settingsOutOfRangeAreRefused() {
        assertThatThrownBy(() -> AccessPatternLedger.builder().window(Duration.ZERO, 6))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("window must be positive");
        assertThatThrownBy(() -> AccessPatternLedger.builder().hotPartitionCounters(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hotPartitionCounters");
        assertThatThrownBy(() -> AccessPatternLedger.create().hotPartitions(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("limit");
    }

    private static OperationReport report(String pattern, KeyPath keyPath, double readUnits) {
        OperationCapacity capacity = OperationCapacity.of(readUnits, 0,
                Map.of("t", new OperationCapacity.Units(readUnits, 0)), Map.of(), Map.of(), 1, 1);
        return new OperationReport(OperationKind.GET, null, "t", null, keyPath, pattern, OperationReport.Outcome.SUCCESS,
                null, Duration.ofMillis(2), capacity, 1, 1, 1, 0);
    }
}
