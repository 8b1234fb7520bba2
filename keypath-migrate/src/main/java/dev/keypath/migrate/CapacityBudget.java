package dev.keypath.migrate;

/**
 * A budget of capacity units per second shared by every segment: a token bucket charged with capacity units, which
 * may run into debt. A charge waits until the charges before it are paid for (the bucket refills at the budget's
 * rate), then takes its units; so the calls of all threads together consume the budget per second, and a thread
 * that charges what a call consumed makes its next call wait for it. The bucket holds at most a tenth of a
 * second's units, so a stall (a slow engine, a throttled call) is not made up for by a burst afterwards. A budget
 * of 0 or less charges nothing and never waits. Thread-safe.
 *
 * <p>Guava's {@code RateLimiter} would do the charging, but its public factory keeps a whole second of units after
 * a pause (a second after a stall may consume twice the budget), counts whole permits only (capacity comes in
 * halves), and would add a large dependency to a library for forty lines.
 */
final class CapacityBudget {
    private static final double BURST_SECONDS = 0.1;

    private final double unitsPerSecond;
    private final double unitsPerNano;
    private final double burst;
    private double balance;
    private long lastNanos = System.nanoTime();

    CapacityBudget(double unitsPerSecond) {
        this.unitsPerSecond = Math.max(0, unitsPerSecond);
        this.unitsPerNano = this.unitsPerSecond / 1e9;
        this.burst = this.unitsPerSecond * BURST_SECONDS;
    }

    /** The budget in units per second; 0 for none. */
    double unitsPerSecond() {
        return unitsPerSecond;
    }

    /**
     * Charges {@code units}: waits until the units charged before are paid for, then takes these.
     *
     * @return the nanoseconds waited
     * @throws MigrationInterruptedException if the thread is interrupted while it waits
     */
    long charge(double units) {
        if (unitsPerSecond <= 0 || !(units > 0)) {
            return 0;
        }
        long wait = reserve(units);
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MigrationInterruptedException("interrupted while waiting on the capacity budget");
            }
        }
        return wait;
    }

    /** Takes {@code units} from the balance; how long the caller must wait before using them. */
    private synchronized long reserve(double units) {
        long now = System.nanoTime();
        balance = Math.min(burst, balance + (now - lastNanos) * unitsPerNano);
        lastNanos = now;
        long wait = balance >= 0 ? 0 : (long) Math.ceil(-balance / unitsPerNano);
        balance -= units;
        return wait;
    }
}
