package dev.keypath.migrate;

import com.google.common.util.concurrent.RateLimiter;

/**
 * A budget of capacity units per second shared by every segment, charged with what DynamoDB reports consumed
 * ({@code ReturnConsumedCapacity}) after each call. It is a token bucket (Guava's {@link RateLimiter}, counting
 * hundredths of a unit): a charge is paid for by the thread's next wait, so the calls of all threads together
 * consume at most the budget per second on average, with no more than about one second's worth at the start of a
 * burst. A budget of 0 or less charges nothing and never waits. Thread-safe.
 */
final class CapacityBudget {
    private static final double HUNDREDTHS = 100;

    private final RateLimiter limiter;
    private final double unitsPerSecond;

    CapacityBudget(double unitsPerSecond) {
        this.unitsPerSecond = unitsPerSecond;
        this.limiter = unitsPerSecond > 0 ? RateLimiter.create(unitsPerSecond * HUNDREDTHS) : null;
    }

    /** The budget in units per second; 0 for none. */
    double unitsPerSecond() {
        return limiter == null ? 0 : unitsPerSecond;
    }

    /**
     * Charges {@code units} consumed; waits until the calls before them are paid for.
     *
     * @return the nanoseconds waited
     */
    long charge(double units) {
        int hundredths = (int) Math.min(Integer.MAX_VALUE, Math.round(units * HUNDREDTHS));
        if (limiter == null || hundredths <= 0) {
            return 0;
        }
        return (long) (limiter.acquire(hundredths) * 1e9);
    }
}
