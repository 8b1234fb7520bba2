package dev.keypath.micrometer.ledger;

import io.micrometer.core.instrument.Clock;
import java.time.Duration;
import java.util.Arrays;

/**
 * The latency of calls over a sliding window, every figure from the same calls: the window is cut into {@code steps}
 * equal steps (as {@link SlidingHeavyHitters} cuts it), and each step keeps its calls' count, sum, shortest and
 * longest, and a log-linear histogram in the manner of HdrHistogram: microseconds, exact below 64, above in 32
 * buckets per power of two, so a bucket is at most 1/32 of its lower bound wide. A percentile is the middle of the
 * bucket holding the call of its rank (nearest rank), brought within the window's shortest and longest call; so
 * p50 ≤ p90 ≤ p99 ≤ max, each within 1.6 % (and a microsecond) of the call at its rank, and the mean, the sum over the
 * count, lies between the shortest and the longest call.
 *
 * <p>A step's histogram grows to the longest call it held (some 2,000 counters at most, a few hundred for calls
 * under a second). Thread-safe: each step has its own lock, held for one update.
 */
final class SlidingLatency {
    /** Microseconds counted one by one below this; above it, {@link #HALF} buckets per power of two. */
    private static final int EXACT = 64;
    private static final int HALF = 32;
    private static final int HALF_BITS = 5;

    private final Clock clock;
    private final long stepNanos;
    private final Step[] steps;

    SlidingLatency(Duration window, int steps, Clock clock) {
        this.clock = clock;
        this.stepNanos = Math.max(1, window.toNanos() / steps);
        this.steps = new Step[steps];
        for (int i = 0; i < steps; i++) {
            this.steps[i] = new Step();
        }
    }

    /** Records a call of {@code duration} now (a negative one as zero). */
    void record(Duration duration) {
        long nanos = Math.max(0, saturatedNanos(duration));
        long epoch = clock.monotonicTime() / stepNanos;
        Step step = steps[(int) Math.floorMod(epoch, (long) steps.length)];
        synchronized (step) {
            if (step.epoch != epoch) {
                step.clear(epoch);
            }
            step.add(nanos);
        }
    }

    /** The figures of the calls in the window: all zero when there were none. */
    Latency latency(double p50, double p90, double p99) {
        long epoch = clock.monotonicTime() / stepNanos;
        long count = 0;
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        long[] buckets = new long[0];
        for (Step step : steps) {
            synchronized (step) {
                if (step.epoch > epoch - steps.length && step.epoch <= epoch && step.count > 0) {
                    count += step.count;
                    sum += step.sum;
                    min = Math.min(min, step.min);
                    max = Math.max(max, step.max);
                    if (buckets.length < step.buckets.length) {
                        buckets = Arrays.copyOf(buckets, step.buckets.length);
                    }
                    for (int i = 0; i < step.buckets.length; i++) {
                        buckets[i] += step.buckets[i];
                    }
                }
            }
        }
        if (count == 0) {
            return new Latency(Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);
        }
        return new Latency(percentile(buckets, count, p50, min, max), percentile(buckets, count, p90, min, max),
                percentile(buckets, count, p99, min, max), Duration.ofNanos(max),
                Duration.ofNanos(Math.round((double) sum / count)));
    }

    private static Duration percentile(long[] buckets, long count, double p, long min, long max) {
        long rank = Math.max(1, (long) Math.ceil(p * count));
        long seen = 0;
        for (int i = 0; i < buckets.length; i++) {
            seen += buckets[i];
            if (seen >= rank) {
                return Duration.ofNanos(Math.min(max, Math.max(min, middle(i))));
            }
        }
        return Duration.ofNanos(max);
    }

    /** The bucket of a call of {@code nanos}. */
    static int bucket(long nanos) {
        long micros = nanos / 1_000;
        if (micros < EXACT) {
            return (int) micros;
        }
        int shift = 63 - Long.numberOfLeadingZeros(micros) - HALF_BITS;
        return EXACT + (shift - 1) * HALF + (int) ((micros >>> shift) - HALF);
    }

    /** The middle of bucket {@code index}, in nanoseconds. */
    static long middle(int index) {
        if (index < EXACT) {
            return index * 1_000L + 500;
        }
        int shift = (index - EXACT) / HALF + 1;
        long low = (long) (HALF + (index - EXACT) % HALF) << shift;
        return low * 1_000 + (1_000L << shift) / 2;
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return duration.isNegative() ? 0 : Long.MAX_VALUE;
        }
    }

    private static final class Step {
        private long epoch = Long.MIN_VALUE;
        private long count;
        private long sum;
        private long min;
        private long max;
        private long[] buckets = new long[0];

        private void clear(long epoch) {
            this.epoch = epoch;
            count = 0;
            sum = 0;
            min = Long.MAX_VALUE;
            max = 0;
            Arrays.fill(buckets, 0);
        }

        private void add(long nanos) {
            int index = bucket(nanos);
            if (index >= buckets.length) {
                buckets = Arrays.copyOf(buckets, index + 1);
            }
            buckets[index]++;
            count++;
            sum += nanos;
            min = Math.min(min, nanos);
            max = Math.max(max, nanos);
        }
    }
}
