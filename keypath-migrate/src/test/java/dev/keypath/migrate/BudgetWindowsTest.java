package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The capacity budgets, measured from outside: an SDK interceptor records the units DynamoDB Local reports for
 * every call (a read billed at least half a unit), with the time it was sent and answered, and every window of 1, 5
 * and 10 s must stay within the budget times its length and one second's budget more (the most a call reserves), and
 * a window of 30 s (in the long run) within the budget: counted by the time each call began, and, by the time its
 * answer came, plus what the budget pays while the slowest call was in flight. Plans and runs of several segments and
 * page sizes, at budgets the engine outruns. A run stopped and resumed, and how much of its budget a run uses, is
 * {@link BudgetUseTest}.
 */
class BudgetWindowsTest {
    static final int USERS = 40;
    static final int POSTS = 30;
    /** What one item costs alone: a read of up to 4 KB (eventually consistent), a put of up to 1 KB. */
    static final double READ_ITEM = 0.5;
    static final double WRITE_ITEM = 1;

    static DynamoDbClient client;
    static ConsumedCapacityMeter meter;
    static String source;

    @BeforeAll
    static void loadTheSource() throws Exception {
        TestDynamoDb engine = TestDynamoDb.get();
        meter = new ConsumedCapacityMeter();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(meter)).build();
        source = SocialTable.uniqueTable("windows-source");
        SocialTable.createSource(engine.client(), source);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            for (int p = 1; p <= POSTS; p++) {
                items.add(Map.of("PK", SocialTable.s("USER#" + SocialTable.user(u)),
                        "SK", SocialTable.s(String.format("POST#%06d", p)),
                        "title", SocialTable.s("post " + p + " of user " + u), "body", SocialTable.s("x".repeat(150))));
            }
        }
        SocialTable.load(engine.client(), source, items);
    }

    static Migration.Builder migration(int segments, int pageSize) {
        String target = SocialTable.uniqueTable("windows-target");
        SocialTable.createTarget(client, target);
        return Migration.builder().client(client).source(source).target(target)
                .mapping(MigrationMapping.parseJson(SocialTable.MAPPING_JSON)).segments(segments).pageSize(pageSize);
    }

    @Test
    void aPlansScanOfOneSegmentKeepsTheReadBudgetInEveryWindow() {
        meter.clear();
        migration(1, 500).readCapacity(3).build().plan();
        keeps(true, 3, 1, 5, 10);
    }

    @Test
    void aRunOfFourSegmentsAndSmallPagesKeepsTheWriteBudgetInEveryWindow() {
        meter.clear();
        MigrationRun run = migration(4, 25).writeCapacity(100).build().run();
        assertThat(run.written()).isEqualTo((long) USERS * POSTS);
        keeps(false, 100, 1, 5, 10);
    }

    @Test
    void aRunOfEightSegmentsAndLargePagesKeepsTheReadBudgetInEveryWindow() {
        meter.clear();
        MigrationRun run = migration(8, 1000).readCapacity(3).build().run();
        assertThat(run.written()).isEqualTo((long) USERS * POSTS);
        keeps(true, 3, 1, 5, 10);
    }

    @Test
    @EnabledIf("longRun")
    void aLongRunKeepsTheWriteBudgetOverThirtySeconds() {
        meter.clear();
        migration(6, 100).writeCapacity(35).build().run();
        keeps(false, 35, 1, 5, 10, 30);
    }

    static boolean longRun() {
        return Integer.getInteger("keypath.properties.examples", 10_000) >= 1_000_000;
    }

    /**
     * Asserts that no window of {@code seconds} held more than the budget's units and one second's budget more (a
     * window of 30 s: none more), by the time the calls began, and by the time they were answered plus what the
     * budget pays while the slowest call was in flight; that a call cost at most one item or a second of the budget;
     * and that the budget set the pace (calls going as soon as the budget holds their units).
     */
    static void keeps(boolean reads, double budget, int... seconds) {
        String kind = reads ? "read" : "write";
        double item = reads ? READ_ITEM : WRITE_ITEM;
        double maxCall = meter.maxCall(reads);
        double latency = meter.maxLatency(reads);
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
                "%s budget %.0f/s over %.1f s, %d calls, largest call %.1f units, slowest %.3f s (began / answered):",
                kind, budget, meter.span(reads), meter.calls(reads).size(), maxCall, latency));
        for (int w : seconds) {
            report.append(String.format(Locale.ROOT, " %d s: %.1f / %.1f (budget %.0f);", w,
                    meter.maxWindow(reads, w, true), meter.maxWindow(reads, w, false), budget * w));
        }
        System.out.println(report);
        assertThat(meter.span(reads)).as(report.toString()).isGreaterThan(seconds[seconds.length - 1]);
        assertThat(maxCall).as(report.toString())
                .isLessThanOrEqualTo(Math.max(item, budget * CapacityBudget.CALL_SECONDS) + item);
        for (int w : seconds) {
            double allowed = w >= CapacityBudget.WINDOW_SECONDS ? budget * w
                    : budget * (w + CapacityBudget.CALL_SECONDS);
            assertThat(meter.maxWindow(reads, w, true)).as(report.toString()).isLessThanOrEqualTo(allowed);
            assertThat(meter.maxWindow(reads, w, false)).as(report.toString())
                    .isLessThanOrEqualTo(allowed + budget * latency);
        }
        // The budget sets the pace: a call goes as soon as the budget holds its units. The units a window holds fall
        // short of the budget when a busy machine is slower than it, so what is checked is the gap from each call's
        // start to the next, in units of the time the budget takes to pay for the next call: at least a tenth of the
        // calls come within a quarter more than that (a budget that held calls back would leave none there).
        List<ConsumedCapacityMeter.Call> calls = new ArrayList<>(meter.calls(reads));
        calls.sort(Comparator.comparingLong(ConsumedCapacityMeter.Call::sent));
        double pace = budget * (1 - CapacityBudget.CALL_SECONDS / CapacityBudget.WINDOW_SECONDS);
        double[] gaps = new double[calls.size() - 1];
        for (int i = 1; i < calls.size(); i++) {
            gaps[i - 1] = (calls.get(i).sent() - calls.get(i - 1).sent()) / 1e9 / (calls.get(i).units() / pace);
        }
        Arrays.sort(gaps);
        assertThat(gaps[gaps.length / 10]).as("the budget sets the pace, tenth percentile of the gaps in calls: "
                + report).isLessThanOrEqualTo(1.25);
    }
}
