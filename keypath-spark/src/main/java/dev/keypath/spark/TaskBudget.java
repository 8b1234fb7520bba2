package dev.keypath.spark;

import java.io.Serializable;
import java.util.concurrent.locks.LockSupport;

/**
 * One task's share of a job's capacity budget, kept call by call on the task's thread: before each call its units
 * are reserved on a timeline that advances at the share's rate, and the call waits until the timeline has paid for
 * every call reserved before it ({@link #acquire}); units a call consumed beyond its reservation delay the next
 * ({@link #settle}). Calls are sized to reserve at most a hundredth of the share's second, or one item when an item
 * costs more ({@link #callUnits}). A task ends only once its last call is paid for ({@link #finish}), so the next task
 * on its slot starts with nothing owed, and no window of time holds more than the share for that time plus one call.
 * A share of 0 is no budget: nothing waits. Used by one thread; the share itself is serializable.
 */
final class TaskBudget implements Serializable {
    private static final long serialVersionUID = 1L;
    /** The share of a second's budget that one call may reserve. */
    static final double CALL_SECONDS = 0.01;
    private static final long SPIN_NANOS = 200_000;

    private final double unitsPerSecond;
    private transient long nextCall;
    private transient boolean started;
    private transient long waitedNanos;

    TaskBudget(double unitsPerSecond) {
        if (!(unitsPerSecond >= 0) || Double.isInfinite(unitsPerSecond)) {
            throw new IllegalArgumentException("a capacity budget is 0 (none) or positive, not " + unitsPerSecond);
        }
        this.unitsPerSecond = unitsPerSecond;
    }

    /** The share in units per second; 0 for none. */
    double unitsPerSecond() {
        return unitsPerSecond;
    }

    boolean limited() {
        return unitsPerSecond > 0;
    }

    /** The units one call may reserve: a hundredth of the share's second; unbounded without a budget. */
    double callUnits() {
        return limited() ? unitsPerSecond * CALL_SECONDS : Double.POSITIVE_INFINITY;
    }

    /** Nanoseconds this task has waited on the budget. */
    long waitedNanos() {
        return waitedNanos;
    }

    /** Waits until the calls before are paid for, then reserves {@code units} for a call sent at once. */
    void acquire(double units) {
        if (!limited() || !(units > 0)) {
            return;
        }
        long now = System.nanoTime();
        if (!started) {
            started = true;
            nextCall = now;
        }
        waitUntil(nextCall);
        nextCall = Math.max(nextCall, System.nanoTime()) + nanos(units);
    }

    /** Records what a call that reserved {@code reserved} units consumed: units beyond delay the next call. */
    void settle(double reserved, double consumed) {
        if (limited() && consumed > reserved) {
            nextCall = Math.max(nextCall, System.nanoTime()) + nanos(consumed - reserved);
        }
    }

    /** Waits until the last call is paid for: the task's end, after which its slot owes nothing. */
    void finish() {
        if (limited() && started) {
            waitUntil(nextCall);
        }
    }

    private long nanos(double units) {
        return (long) Math.ceil(units * 1e9 / unitsPerSecond);
    }

    private void waitUntil(long at) {
        long start = System.nanoTime();
        while (true) {
            long now = System.nanoTime();
            if (now >= at) {
                break;
            }
            if (at - now > SPIN_NANOS) {
                LockSupport.parkNanos(this, at - now - SPIN_NANOS);
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting on the capacity budget");
                }
            } else {
                Thread.onSpinWait();
            }
        }
        waitedNanos += System.nanoTime() - start;
    }
}
