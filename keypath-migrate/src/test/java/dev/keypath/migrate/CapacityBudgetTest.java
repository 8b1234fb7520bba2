package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.DoubleAdder;
import org.junit.jupiter.api.Test;

/**
 * The capacity budget alone, with threads that reserve random amounts, on a window of 3 s (a run's budget keeps 30 s;
 * the rule is the same): no window of that length holds more than the budget, a shorter one at most one second's
 * budget more, together the threads spend the budget's rate less a window's share of the bucket (each grant goes as
 * soon as the bucket holds it), a pause is made up for by at most the bucket, and units a call did not consume go
 * back at once, to the caller waiting for them. (How a migration keeps and uses it, measured by what DynamoDB
 * reports, is {@link BudgetUseTest} and {@link BudgetWindowsTest}.)
 */
class CapacityBudgetTest {
    static final double WINDOW = 3;

    /** When each reservation was granted, and its units. */
    record Grant(long at, double units) {
    }

    @Test
    void threadsReservingTogetherSpendItsRateAndKeepItOverEveryWindow() throws Exception {
        double rate = 400;
        CapacityBudget budget = new CapacityBudget(rate, WINDOW);
        DoubleAdder charged = new DoubleAdder();
        List<Grant> grants = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + 7_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    double units = 0.5 * (1 + ThreadLocalRandom.current().nextInt(80));
                    long asked = System.nanoTime();
                    // the moment of the grant, as the budget saw it: a clock read after the call would be late
                    // whenever the thread is descheduled on its way back, and shift the grant into a later window
                    long at = asked + budget.acquire(units);
                    charged.add(units);
                    synchronized (grants) {
                        grants.add(new Grant(at, units));
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double pace = rate * (1 - CapacityBudget.CALL_SECONDS / WINDOW);
        // a ceiling: the bucket starts empty, so the whole run holds at most what it filled and one last grant
        assertThat(charged.sum()).isLessThanOrEqualTo(pace * seconds + 40);
        grants.sort(Comparator.comparingLong(Grant::at));
        assertThat(most(grants, WINDOW)).as("units in %s s", WINDOW).isLessThanOrEqualTo(rate * WINDOW);
        assertThat(most(grants, 1)).as("units in 1 s").isLessThanOrEqualTo(rate * (1 + CapacityBudget.CALL_SECONDS));
        // Spending the rate: a grant goes as soon as the bucket holds it. Threads a busy machine wakes late lower the
        // rate spent over the run, so what is checked is the gap after each grant, in units of the time the bucket
        // takes to fill with the next grant's units: at least a tenth of the grants come within a quarter more than
        // that (on time they come at 1.00 or sooner; a budget that held every call back would leave none there).
        double[] gaps = new double[grants.size() - 1];
        for (int i = 1; i < grants.size(); i++) {
            gaps[i - 1] = (grants.get(i).at() - grants.get(i - 1).at()) / (grants.get(i).units() * 1e9 / pace);
        }
        Arrays.sort(gaps);
        assertThat(gaps[gaps.length / 10]).as("the tenth percentile of the gaps, in grants").isLessThanOrEqualTo(1.25);
    }

    /** The most units granted in any window of {@code seconds}. */
    private static double most(List<Grant> grants, double seconds) {
        double most = 0;
        double sum = 0;
        int from = 0;
        for (Grant g : grants) {
            sum += g.units();
            while (g.at() - grants.get(from).at() >= seconds * 1e9) {
                sum -= grants.get(from++).units();
            }
            most = Math.max(most, sum);
        }
        return most;
    }

    @Test
    void aPauseIsMadeUpForByNoMoreThanTheBucket() throws Exception {
        CapacityBudget budget = new CapacityBudget(100);
        budget.acquire(10);
        Thread.sleep(1500);
        long start = System.nanoTime();
        for (int i = 0; i < 30; i++) {
            budget.acquire(10);
        }
        // The bucket holds a second's 100 units after the pause; the other 200 come at 100 × 29/30 a second.
        assertThat((System.nanoTime() - start) / 1e9).isGreaterThan(2.0);
    }

    @Test
    void unitsConsumedBeyondAReservationDelayTheNextCall() {
        CapacityBudget budget = new CapacityBudget(100);
        budget.acquire(1);
        long start = System.nanoTime(); // before the settlement: the debt is paid back from then on
        budget.settle(1, 31);
        budget.acquire(1);
        assertThat((System.nanoTime() - start) / 1e9).isGreaterThan(0.3);
        assertThat(new CapacityBudget(0).acquire(1_000)).isZero();
    }

    @Test
    void unitsAReservationDidNotConsumeGoBackToTheCallerWaiting() throws Exception {
        CapacityBudget budget = new CapacityBudget(10);
        budget.acquire(10); // waits for the empty bucket to fill
        long[] waited = new long[1];
        Thread next = new Thread(() -> waited[0] = budget.acquire(10));
        next.start();
        Thread.sleep(100);
        budget.settle(10, 1); // 9 units back: the caller waiting for 10 needs a tenth of a second more, not a second
        next.join();
        assertThat(waited[0] / 1e9).isBetween(0.05, 0.6); // a tenth of a second, give or take the thread's start
    }

    @Test
    void aWindowNoLongerThanACallIsRefused() {
        assertThatThrownBy(() -> new CapacityBudget(10, CapacityBudget.CALL_SECONDS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("window");
    }
}
