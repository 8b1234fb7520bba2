package dev.keypath.migrate;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A budget of capacity units per second shared by every segment, kept call by call: a call may be sent only once
 * the budget has paid for the calls sent before it, each for the units it reserved, and then it reserves its own
 * units ({@link #acquire}), which the next call waits for. After the call, units it consumed beyond its reservation
 * are {@linkplain #settle settled}, delaying the next call by them. The time of each reservation is the moment its
 * call goes, not the moment it was asked for, so a thread that wakes late does not make up for the time by a burst,
 * and neither does a pause: after one, the next call goes at once and the one after waits for it. So the calls sent
 * in any window of time reserve at most the budget for that time plus the last call's units (plus what a call
 * consumed beyond its reservation, which the callers keep small by estimating well), whatever the number of
 * threads.
 *
 * <p>Callers wait in order of arrival, and only the first of them watches the clock. Calls are sized so that one
 * reserves at most {@link #callUnits()}: the budget of a hundredth of a second, or one item when an item costs
 * more. A budget of 0 or less reserves nothing and never waits. Thread-safe.
 *
 * <p>Guava's {@code RateLimiter} would schedule much the same way, but charges whole permits only (capacity comes
 * in halves), keeps a whole second of permits after a pause, and times a permit when it is asked for rather than
 * when it is used; this is a few lines.
 */
final class CapacityBudget {
    /** The share of a second's budget that one call may reserve. */
    static final double CALL_SECONDS = 0.01;
    /** The last stretch of a wait is spun rather than slept, so the next call goes on time. */
    private static final long SPIN_NANOS = 200_000;

    private final double unitsPerSecond;
    private final double nanosPerUnit;
    /** The earliest moment (System.nanoTime()) at which the next call may go. */
    private final AtomicLong nextCall = new AtomicLong(System.nanoTime());
    /** Callers wait their turn in order of arrival; the one holding the gate is the next to go. */
    private final ReentrantLock gate = new ReentrantLock(true);

    CapacityBudget(double unitsPerSecond) {
        this.unitsPerSecond = Math.max(0, unitsPerSecond);
        this.nanosPerUnit = this.unitsPerSecond > 0 ? 1e9 / this.unitsPerSecond : 0;
    }

    /** The budget in units per second; 0 for none. */
    double unitsPerSecond() {
        return unitsPerSecond;
    }

    /** Whether there is a budget to keep. */
    boolean limited() {
        return unitsPerSecond > 0;
    }

    /** The units one call may reserve: a hundredth of a second's budget; unbounded without a budget. */
    double callUnits() {
        return limited() ? unitsPerSecond * CALL_SECONDS : Double.POSITIVE_INFINITY;
    }

    /**
     * Waits, behind the callers that came before, until the calls sent before are paid for, then reserves
     * {@code units} for a call the caller sends at once.
     *
     * @return the nanoseconds waited
     * @throws MigrationInterruptedException if the thread is interrupted while it waits
     */
    long acquire(double units) {
        if (!limited() || !(units > 0)) {
            return 0;
        }
        long start = System.nanoTime();
        try {
            gate.lockInterruptibly();
            try {
                while (true) {
                    long at = nextCall.get();
                    long now = System.nanoTime();
                    if (now >= at) {
                        if (nextCall.compareAndSet(at, now + (long) Math.ceil(units * nanosPerUnit))) {
                            return now - start;
                        }
                    } else if (at - now > SPIN_NANOS) {
                        LockSupport.parkNanos(this, at - now - SPIN_NANOS);
                        if (Thread.interrupted()) {
                            throw new InterruptedException();
                        }
                    } else {
                        Thread.onSpinWait();
                    }
                }
            } finally {
                gate.unlock();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MigrationInterruptedException("interrupted while waiting on the capacity budget");
        }
    }

    /**
     * Records what a call for which {@code reserved} units were acquired consumed: units beyond the reservation
     * delay the next call; units short of it are not given back.
     */
    void settle(double reserved, double consumed) {
        double beyond = consumed - reserved;
        if (limited() && beyond > 0) {
            long delay = (long) Math.ceil(beyond * nanosPerUnit);
            nextCall.updateAndGet(at -> Math.max(at, System.nanoTime()) + delay);
        }
    }
}
