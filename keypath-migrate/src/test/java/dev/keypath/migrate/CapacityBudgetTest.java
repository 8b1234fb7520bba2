package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.DoubleAdder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The capacity budget holds: charged with the consumed capacity DynamoDB Local reports, a run's writes (and, in
 * another run, its reads) stay within 10% of the budget per second, measured over the whole seconds of the run
 * (the first, which starts with every segment's first call, and the last, cut short, aside); and no second's
 * writes exceed the budget by more than 10% and one batch.
 */
class CapacityBudgetTest {
    static final SocialTable SOCIAL = new SocialTable(40, 10, 4, 0, 0);

    /** Budgets well below what DynamoDB Local does even on a busy machine, so the budget sets the pace. */
    static final double WRITES = 200;
    static final double READS = 6;

    static TestDynamoDb engine;
    static String source;

    @BeforeAll
    static void loadTheSource() throws Exception {
        engine = TestDynamoDb.get();
        source = SocialTable.uniqueTable("budget-source");
        SocialTable.createSource(engine.client(), source);
        SocialTable.load(engine.client(), source, SOCIAL.items());
    }

    @Test
    void threadsChargingTheBudgetTogetherSpendItsRate() throws Exception {
        CapacityBudget budget = new CapacityBudget(400);
        DoubleAdder charged = new DoubleAdder();
        long end = System.nanoTime() + 2_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    double units = 0.5 + ThreadLocalRandom.current().nextInt(50);
                    charged.add(units);
                    budget.charge(units);
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(charged.sum() / seconds).isBetween(400 * 0.9, 400 * 1.1 + 4 * 50 / seconds);
    }

    @Test
    void aPauseIsNotMadeUpForByABurst() throws Exception {
        CapacityBudget budget = new CapacityBudget(100);
        budget.charge(10);
        Thread.sleep(1000);
        long start = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            budget.charge(10);
        }
        // A bucket keeping the idle second's 100 units would let half of these 200 through at once (about 1 s).
        assertThat((System.nanoTime() - start) / 1e9).isGreaterThan(1.6);
    }

    @Test
    void aRunsWritesKeepTheWriteBudget() {
        String target = SocialTable.uniqueTable("budget-writes");
        SocialTable.createTarget(engine.client(), target);
        MigrationRun run = Migration.builder().client(engine.client()).source(source).target(target)
                .mapping(MigrationMapping.parseJson(SocialTable.MAPPING_JSON)).segments(4).pageSize(50)
                .writeCapacity(WRITES).build().run();
        System.out.print(run.describe());
        System.out.println("WCU per second: " + run.writeUnitsPerSecond());
        assertThat(run.written()).isEqualTo(SOCIAL.mappedItems());
        assertThat(steady(run.writeUnitsPerSecond())).isBetween(WRITES * 0.9, WRITES * 1.1);
        assertThat(run.writeUnitsPerSecond()).allMatch(units -> units <= WRITES * 1.1 + 25,
                "no second above the budget by more than 10% and one batch");
        assertThat(run.writeUnits() / (run.elapsed().toNanos() / 1e9)).isBetween(WRITES * 0.8, WRITES * 1.1);
        assertThat(run.budgetTime()).isPositive();
    }

    @Test
    void aRunsScanKeepsTheReadBudget() {
        String target = SocialTable.uniqueTable("budget-reads");
        SocialTable.createTarget(engine.client(), target);
        MigrationRun run = Migration.builder().client(engine.client()).source(source).target(target)
                .mapping(MigrationMapping.parseJson(SocialTable.MAPPING_JSON)).segments(4).pageSize(20)
                .readCapacity(READS).build().run();
        System.out.print(run.describe());
        System.out.println("RCU per second: " + run.readUnitsPerSecond());
        assertThat(run.written()).isEqualTo(SOCIAL.mappedItems());
        assertThat(steady(run.readUnitsPerSecond())).isBetween(READS * 0.9, READS * 1.1);
        assertThat(run.readUnits() / (run.elapsed().toNanos() / 1e9)).isBetween(READS * 0.8, READS * 1.1);
    }

    /** The mean of the whole seconds between the first and the last (which the start and the end cut short). */
    static double steady(List<Double> perSecond) {
        assertThat(perSecond).as("a run long enough to measure").hasSizeGreaterThanOrEqualTo(5);
        return perSecond.subList(1, perSecond.size() - 1).stream().mapToDouble(Double::doubleValue).average()
                .orElseThrow();
    }
}
