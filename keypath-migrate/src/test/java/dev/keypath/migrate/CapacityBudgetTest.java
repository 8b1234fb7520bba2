package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.DoubleAdder;
import org.junit.jupiter.api.Test;

/**
 * The capacity budget alone, with threads that reserve random amounts: together they spend its rate (each grant
 * goes once the reservation before it is paid for), no window of a second holds more than the budget and one
 * reservation, and a pause is not made up for by a burst. (How a migration keeps it, measured by what DynamoDB
 * reports, is {@link BudgetWindowsTest}.)
 */
class CapacityBudgetTest {
    /** When each reservation was granted, and its units. */
    record Grant(long at, double units) {
    }

    @Test
    void threadsReservingTogetherSpendItsRateAndNoSecondHoldsMoreThanItAndOneReservation() throws Exception {
        double rate = 400;
        CapacityBudget budget = new CapacityBudget(rate);
        DoubleAdder charged = new DoubleAdder();
        List<Grant> grants = new ArrayList<>();
        long end = System.nanoTime() + 3_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < 6; i++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    double units = 0.5 * (1 + ThreadLocalRandom.current().nextInt(20));
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
        // a ceiling: a call waits for the one before it to go, so a late wake-up is lost, never made up for
        assertThat(charged.sum() / seconds).isLessThanOrEqualTo(rate * 1.01 + 10 / seconds);
        grants.sort(java.util.Comparator.comparingLong(Grant::at));
        double most = 0;
        double sum = 0;
        int from = 0;
        for (Grant g : grants) {
            sum += g.units();
            while (g.at() - grants.get(from).at() >= 1_000_000_000L) {
                sum -= grants.get(from++).units();
            }
            most = Math.max(most, sum);
        }
        assertThat(most).isLessThanOrEqualTo(rate + 10);
        // Spending the rate: a grant goes as soon as the reservation before it is paid for. Threads a busy machine
        // wakes late lower the rate spent over the run (to a quarter of it, seen on a loaded 2-core machine), so what
        // is checked is the gap after each reservation, in units of what it paid for: at least a tenth of the grants
        // come within a quarter more than that (on time they come at 1.00; a budget that held every call back would
        // leave none there).
        double[] gaps = new double[grants.size() - 1];
        for (int i = 1; i < grants.size(); i++) {
            gaps[i - 1] = (grants.get(i).at() - grants.get(i - 1).at()) / (grants.get(i - 1).units() * 1e9 / rate);
        }
        java.util.Arrays.sort(gaps);
        assertThat(gaps[gaps.length / 10]).as("the tenth percentile of the gaps, in reservations")
                .isLessThanOrEqualTo(1.25);
    }

    @Test
    void aPauseIsNotMadeUpForByABurst() throws Exception {
        CapacityBudget budget = new CapacityBudget(100);
        budget.acquire(10);
        Thread.sleep(1000);
        long start = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            budget.acquire(10);
        }
        // A bucket keeping the idle second's 100 units would let half of these 200 through at once (about 1 s).
        assertThat((System.nanoTime() - start) / 1e9).isGreaterThan(1.8);
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
}
