package dev.keypath.migrate;

import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A budget of capacity units per second shared by every segment of a run, kept over every {@link #WINDOW_SECONDS}
 * window: a bucket that holds at most {@link #callUnits()} (a second of the budget) and fills at the budget's rate
 * less a thirtieth of it, starting empty. A call waits, behind the callers that came before, until the bucket holds
 * its units (a call larger than the bucket: until it is full), then takes them ({@link #acquire}) and goes. After the
 * call, what it consumed settles the difference ({@link #settle}): units it reserved and did not consume go back into
 * the bucket, units it consumed beyond them are taken from it (the next calls wait for them).
 *
 * <p>So the units taken in any window of {@code W} seconds are at most what the bucket held at its start (one
 * second's budget) and what it filled meanwhile ({@code W} × 29/30 of the budget): within the budget over every
 * window of 30 s, and within one second's budget more over a shorter one, whatever the number of threads, however
 * late a thread wakes and whatever pause came before. A run that starts, or resumes after a kill, starts with an
 * empty bucket, so a window that holds the end of a killed run and the start of its resumption is kept too. Calls
 * may be as large as one second of the budget ({@link #callUnits()}): few calls, each as large as the budget
 * allows (a {@code Scan} of up to a second's reads, {@code BatchWriteItem} calls of 25 items from 25 WCU/s on),
 * while the budget is spent at 29/30 of its rate whenever callers wait on it.
 *
 * <p>A budget of 0 or less reserves nothing and never waits. Thread-safe.
 */
final class CapacityBudget {
    /** The window over which the budget is kept exactly. */
    static final double WINDOW_SECONDS = 30;
    /** The share of a second's budget that the bucket holds, and one call may reserve. */
    static final double CALL_SECONDS = 1;
    /** The last stretch of a wait is spun rather than slept, so the next call goes on time. */
    private static final long SPIN_NANOS = 200_000;

    private final double unitsPerSecond;
    /** The bucket's size: one call's largest reservation. */
    private final double bucket;
    /** The rate at which the bucket fills, per nanosecond. */
    private final double fillPerNano;
    /** Callers wait their turn in order of arrival; the one holding the gate is the next to go. */
    private final ReentrantLock gate = new ReentrantLock(true);
    /** The caller holding the gate while it sleeps, woken when a settlement gives units back; else null. */
    private volatile Thread sleeping;
    /** Units in the bucket at {@link #filledAt}; negative after a call consumed more than it reserved. */
    private double units;
    private long filledAt = System.nanoTime();

    CapacityBudget(double unitsPerSecond) {
        this(unitsPerSecond, WINDOW_SECONDS);
    }

    /** A budget kept over every window of {@code windowSeconds} (more than {@link #CALL_SECONDS}). */
    CapacityBudget(double unitsPerSecond, double windowSeconds) {
        if (!(windowSeconds > CALL_SECONDS)) {
            throw new IllegalArgumentException("a budget's window is longer than a call's " + CALL_SECONDS + " s, not "
                    + windowSeconds);
        }
        this.unitsPerSecond = Math.max(0, unitsPerSecond);
        this.bucket = this.unitsPerSecond * CALL_SECONDS;
        this.fillPerNano = (this.unitsPerSecond - bucket / windowSeconds) / 1e9;
    }

    /** The budget in units per second; 0 for none. */
    double unitsPerSecond() {
        return unitsPerSecond;
    }

    /** Whether there is a budget to keep. */
    boolean limited() {
        return unitsPerSecond > 0;
    }

    /** The units one call may reserve: a second's budget; unbounded without a budget. */
    double callUnits() {
        return limited() ? bucket : Double.POSITIVE_INFINITY;
    }

    /**
     * Waits, behind the callers that came before, until the bucket holds {@code units} (or is full, for a call
     * larger than it), then takes them for a call the caller sends at once.
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
                    long wait = take(units);
                    if (wait == 0) {
                        return System.nanoTime() - start;
                    }
                    if (wait > SPIN_NANOS) {
                        sleeping = Thread.currentThread();
                        try {
                            LockSupport.parkNanos(this, wait - SPIN_NANOS);
                        } finally {
                            sleeping = null;
                        }
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

    /** Takes {@code wanted} units if the bucket holds them (0); else the nanoseconds until it will. */
    private synchronized long take(double wanted) {
        fill();
        double needed = Math.min(wanted, bucket);
        if (units >= needed) {
            units -= wanted;
            return 0;
        }
        return Math.max(1, (long) Math.ceil((needed - units) / fillPerNano));
    }

    /**
     * Settles a call for which {@code reserved} units were acquired with what it {@code consumed}: units short of the
     * reservation go back into the bucket (and the caller waiting for units is woken), units beyond it are taken
     * from it.
     */
    void settle(double reserved, double consumed) {
        if (!limited() || reserved == consumed) {
            return;
        }
        synchronized (this) {
            fill();
            units = Math.min(bucket, units + reserved - consumed);
        }
        Thread waiting = sleeping;
        if (reserved > consumed && waiting != null) {
            LockSupport.unpark(waiting);
        }
    }

    private void fill() {
        long now = System.nanoTime();
        units = Math.min(bucket, units + (now - filledAt) * fillPerNano);
        filledAt = now;
    }
}
