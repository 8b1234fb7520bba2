package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Budgets that are used, not only kept: a migration under a write and a read budget, stopped once part of its items
 * are written and resumed at once (its budgets start anew, and it first reads back, consistently, the key paths the
 * target already holds), measured from outside by an SDK interceptor that records every request with the units
 * DynamoDB Local reports (a read billed at least half a unit, a consistent one a whole unit, as DynamoDB bills
 * them). Over every window of 30 s, the reads and the writes stay within their budgets, the resumed run's own reads
 * included; over shorter windows, within one second's budget more. Its calls are as large as the budget allows:
 * {@code BatchWriteItem} calls of 25 items, {@code Scan} calls of a page or of a second's reads. How much of its binding
 * budget the run used (the resumed run's read-back of the target is bound by the read budget, the copy by the write
 * budget) depends on how fast the machine answers, so it is printed with the rest of the figures, not asserted:
 * benchmarks/README.md gives a measured run's. About 30 s; the long run ({@code -Dkeypath.properties.examples=1000000})
 * moves 12,500 items over a minute and a half and more, stopped twice.
 */
class BudgetUseTest {
    /** A post's body: items of some 300 bytes, a write unit each, about a tenth of a read unit in a scan. */
    static final int BODY = 220;
    /** Items a page: the source's scans take a page each, the read-back's as many items as a second's reads pay. */
    static final int PAGE = 100;
    static final int SEGMENTS = 4;

    @Test
    void aRunStoppedAndResumedKeepsItsBudgetsOverEveryWindowUsesTheBindingOneAndSendsLargeCalls() throws Exception {
        run(32, 50, 80, 8, 1);
    }

    @Test
    @EnabledIf("longRun")
    void aLongRunStoppedTwiceKeepsAndUsesItsBudgets() throws Exception {
        run(100, 125, 150, 12, 2);
    }

    static boolean longRun() {
        return BudgetWindowsTest.longRun();
    }

    /**
     * Migrates {@code users} × {@code posts} posts under a write budget of {@code writes} and a read budget of
     * {@code reads} units a second, stopped {@code stops} times at even shares of the items, and checks the requests.
     */
    private static void run(int users, int posts, double writes, double reads, int stops) throws Exception {
        TestDynamoDb engine = TestDynamoDb.get();
        ConsumedCapacityMeter meter = new ConsumedCapacityMeter();
        DynamoDbClient client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(meter))
                .build();
        String source = SocialTable.uniqueTable("use-source");
        String target = SocialTable.uniqueTable("use-target");
        SocialTable.createSource(engine.client(), source);
        SocialTable.createTarget(engine.client(), target);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int u = 0; u < users; u++) {
            for (int p = 1; p <= posts; p++) {
                items.add(Map.of("PK", SocialTable.s("USER#" + SocialTable.user(u)),
                        "SK", SocialTable.s(String.format("POST#%06d", p)),
                        "title", SocialTable.s("post " + p + " of user " + u), "body", SocialTable.s("x".repeat(BODY))));
            }
        }
        SocialTable.load(engine.client(), source, items);
        meter.clear();

        CheckpointStore checkpoint = CheckpointStore.inMemory();
        Migration migration = Migration.builder().client(client).source(source).target(target)
                .mapping(MigrationMapping.parseJson(SocialTable.MAPPING_JSON)).segments(SEGMENTS).pageSize(PAGE)
                .readCapacity(reads).writeCapacity(writes).checkpoint(checkpoint).build();
        List<Long> resumes = new ArrayList<>();
        for (int stop = 1; stop <= stops; stop++) {
            stopAt(migration, checkpoint, (long) items.size() * stop / (stops + 1));
            resumes.add(System.nanoTime());
        }
        MigrationRun last = migration.run();
        assertThat(last.resumed()).isTrue();
        assertThat(last.written()).isEqualTo(items.size());
        assertThat(SocialTable.count(engine.client(), target)).isEqualTo(items.size());

        Report report = new Report(meter, target, reads, writes, resumes);
        System.out.println(report);
        System.out.println("second by second (source reads/target reads/writes): " + report.timeline());
        report.keepsEveryWindow();
        report.sendsLargeCalls();
    }

    /** Runs {@code migration} and stops it (an interrupt of its thread) once its checkpoint holds {@code written}. */
    private static void stopAt(Migration migration, CheckpointStore checkpoint, long written) throws Exception {
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread run = new Thread(() -> {
            try {
                migration.run();
            } catch (Throwable e) {
                ended.set(e);
            }
        });
        run.start();
        while (run.isAlive() && checkpoint.load().map(Checkpoint::written).orElse(0L) < written) {
            Thread.sleep(5);
        }
        run.interrupt();
        run.join(60_000);
        assertThat(run.isAlive()).isFalse();
        assertThat(ended.get()).as("the run was stopped before it ended")
                .isInstanceOf(MigrationInterruptedException.class);
    }

    /** What the requests of a run came to. */
    static final class Report {
        private final List<ConsumedCapacityMeter.Call> reads;
        private final List<ConsumedCapacityMeter.Call> writes;
        private final List<ConsumedCapacityMeter.Call> readBacks;
        private final String target;
        private final double readBudget;
        private final double writeBudget;
        private final List<Long> resumes;

        Report(ConsumedCapacityMeter meter, String target, double readBudget, double writeBudget,
               List<Long> resumes) {
            this.reads = meter.calls(true);
            this.writes = meter.calls(false);
            this.target = target;
            this.readBudget = readBudget;
            this.writeBudget = writeBudget;
            this.resumes = resumes;
            this.readBacks = meter.calls(c -> c.read() && c.table().equals(target));
        }

        /** Every window of 30 s within the budget; every shorter one within the budget and one second's more. */
        void keepsEveryWindow() {
            for (boolean read : new boolean[] {true, false}) {
                List<ConsumedCapacityMeter.Call> calls = read ? reads : writes;
                double budget = read ? readBudget : writeBudget;
                double latency = calls.stream().mapToLong(c -> c.answered() - c.sent()).max().orElse(0) / 1e9;
                assertThat(ConsumedCapacityMeter.maxWindow(calls, 30, true)).as("%s units in 30 s by the time sent, "
                        + "budget %.0f: %s", read ? "read" : "write", budget * 30, this)
                        .isLessThanOrEqualTo(budget * 30);
                assertThat(ConsumedCapacityMeter.maxWindow(calls, 30, false)).as("by the time answered: %s", this)
                        .isLessThanOrEqualTo(budget * (30 + latency));
                for (int w : new int[] {1, 5, 10}) {
                    assertThat(ConsumedCapacityMeter.maxWindow(calls, w, true)).as("%d s: %s", w, this)
                            .isLessThanOrEqualTo(budget * (w + CapacityBudget.CALL_SECONDS));
                }
            }
        }

        /** Units each second from the first request: reads of the source, reads of the target, writes. */
        String timeline() {
            List<ConsumedCapacityMeter.Call> all = new ArrayList<>(reads);
            all.addAll(writes);
            long first = all.stream().mapToLong(ConsumedCapacityMeter.Call::sent).min().orElse(0);
            int seconds = (int) Math.ceil(ConsumedCapacityMeter.span(all)) + 1;
            double[][] units = new double[3][seconds];
            for (ConsumedCapacityMeter.Call c : all) {
                int kind = !c.read() ? 2 : c.table().equals(target) ? 1 : 0;
                units[kind][(int) ((c.sent() - first) / 1_000_000_000L)] += c.units();
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < seconds; i++) {
                sb.append(String.format(Locale.ROOT, "%d: %.1f/%.1f/%.0f  ", i, units[0][i], units[1][i],
                        units[2][i]));
            }
            for (long r : resumes) {
                sb.append(String.format(Locale.ROOT, "resumed at %.1f s; ", (r - first) / 1e9));
            }
            return sb.toString();
        }

        /** Seconds of budget used, reading back at the read budget and copying at the write budget, over the span. */
        double utilisation() {
            List<ConsumedCapacityMeter.Call> all = new ArrayList<>(reads);
            all.addAll(writes);
            double span = ConsumedCapacityMeter.span(all);
            double readBack = 0;
            double readBackUnits = 0;
            for (int r = 0; r < resumes.size(); r++) {
                long from = resumes.get(r);
                long to = r + 1 < resumes.size() ? resumes.get(r + 1) : Long.MAX_VALUE;
                List<ConsumedCapacityMeter.Call> these = readBacks.stream()
                        .filter(c -> c.sent() >= from && c.sent() < to).toList();
                readBack += ConsumedCapacityMeter.span(these);
                readBackUnits += these.stream().mapToDouble(ConsumedCapacityMeter.Call::units).sum();
            }
            double writeUnits = writes.stream().mapToDouble(ConsumedCapacityMeter.Call::units).sum();
            return (readBackUnits / readBudget + writeUnits / writeBudget) / span;
        }

        /**
         * {@code BatchWriteItem} calls of 25 items; source {@code Scan} calls of a page (but for each segment's first
         * call of a run, which reads one item to learn their size, and its last), and read-back calls of at least
         * half a second's reads (but at the start and end of a segment).
         */
        void sendsLargeCalls() {
            long full = writes.stream().filter(c -> c.items() == 25).count();
            assertThat(full).as("batch writes of 25: %s", this).isGreaterThanOrEqualTo((long) (0.9 * writes.size()));
            List<ConsumedCapacityMeter.Call> scans = reads.stream().filter(c -> !c.table().equals(target)).toList();
            long scanned = scans.stream().mapToLong(ConsumedCapacityMeter.Call::items).sum();
            int runs = resumes.size() + 1;
            assertThat((long) scans.size()).as("scans of a page: %s", this)
                    .isLessThanOrEqualTo((scanned + PAGE - 1) / PAGE + 2L * SEGMENTS * runs);
            long readBack = readBacks.stream().filter(c -> c.items() > 0).count();
            long second = readBacks.stream().filter(c -> c.units() >= 0.5 * readBudget).count();
            assertThat(second).as("read-back calls of half a second's reads or more: %s", this)
                    .isGreaterThanOrEqualTo(readBack - 2L * SEGMENTS * resumes.size());
        }

        @Override
        public String toString() {
            List<ConsumedCapacityMeter.Call> all = new ArrayList<>(reads);
            all.addAll(writes);
            double span = ConsumedCapacityMeter.span(all);
            long written = writes.stream().mapToLong(ConsumedCapacityMeter.Call::items).sum();
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%.1f s, %d resumed; %d items written, "
                    + "%.1f items/s; %.1f WCU/s and %.2f RCU/s on average; ", span, resumes.size(), written,
                    written / span, writes.stream().mapToDouble(ConsumedCapacityMeter.Call::units).sum() / span,
                    reads.stream().mapToDouble(ConsumedCapacityMeter.Call::units).sum() / span));
            for (boolean read : new boolean[] {true, false}) {
                List<ConsumedCapacityMeter.Call> calls = read ? reads : writes;
                double budget = read ? readBudget : writeBudget;
                double units = calls.stream().mapToDouble(ConsumedCapacityMeter.Call::units).sum();
                sb.append(String.format(Locale.ROOT, "%s budget %.0f/s: %d calls of %.1f items and %.2f units on "
                                + "average, %.1f units; most in 30 s %.1f (budget %.0f), in 10 s %.1f, in 5 s %.1f, "
                                + "in 1 s %.1f; ", read ? "read" : "write", budget, calls.size(),
                        calls.stream().mapToInt(ConsumedCapacityMeter.Call::items).average().orElse(0),
                        calls.isEmpty() ? 0 : units / calls.size(), units,
                        ConsumedCapacityMeter.maxWindow(calls, 30, true), budget * 30,
                        ConsumedCapacityMeter.maxWindow(calls, 10, true),
                        ConsumedCapacityMeter.maxWindow(calls, 5, true),
                        ConsumedCapacityMeter.maxWindow(calls, 1, true)));
            }
            sb.append(String.format(Locale.ROOT, "read back %d calls, %.1f units; binding budget used %.1f %%",
                    readBacks.size(), readBacks.stream().mapToDouble(ConsumedCapacityMeter.Call::units).sum(),
                    100 * utilisation()));
            return sb.toString();
        }
    }
}
