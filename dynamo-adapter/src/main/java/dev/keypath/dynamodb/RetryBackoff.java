package dev.keypath.dynamodb;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * Capped exponential backoff with full jitter: before retry {@code n} (counted from 1) wait a random time in
 * {@code [0, min(maxDelay, baseDelay * 2^(n-1))]}. The one delay computation keypath uses wherever it waits before
 * trying again: batch calls ({@link BatchPolicy#backoff()}), throttled scans of export and migrate,
 * read-modify-write units and Spring's conflict retry. Immutable, thread-safe.
 *
 * <pre>{@code
 * RetryBackoff backoff = new RetryBackoff(Duration.ofMillis(10), Duration.ofMillis(500));
 * Thread.sleep(backoff.delay(attempt).toMillis());
 * }</pre>
 *
 * @param baseDelay the ceiling of the wait before the first retry
 * @param maxDelay  the cap of every ceiling
 */
public record RetryBackoff(Duration baseDelay, Duration maxDelay) {
    /** Validates the durations: {@code 0 <= baseDelay <= maxDelay}. */
    public RetryBackoff {
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (baseDelay.isNegative() || maxDelay.compareTo(baseDelay) < 0) {
            throw new IllegalArgumentException("need 0 <= baseDelay <= maxDelay, got baseDelay " + baseDelay
                    + " and maxDelay " + maxDelay);
        }
    }

    /**
     * The longest wait before retry {@code retry}: {@code min(maxDelay, baseDelay * 2^(retry-1))}, without overflow.
     *
     * @throws IllegalArgumentException when {@code retry < 1}
     */
    public Duration ceiling(int retry) {
        if (retry < 1) {
            throw new IllegalArgumentException("retries are counted from 1, got " + retry);
        }
        long max = nanos(maxDelay);
        long base = nanos(baseDelay);
        if (base == 0) {
            return Duration.ZERO;
        }
        int shift = retry - 1;
        long ceiling = shift >= Long.numberOfLeadingZeros(base) - 1 ? max : Math.min(max, base << shift);
        return Duration.ofNanos(ceiling);
    }

    /** A random wait before retry {@code retry}, uniform in {@code [0, ceiling(retry)]}. */
    public Duration delay(int retry) {
        return delay(retry, ThreadLocalRandom.current());
    }

    /** {@link #delay(int)} drawn from {@code random}. */
    public Duration delay(int retry, RandomGenerator random) {
        long ceiling = ceiling(retry).toNanos();
        return ceiling == 0 ? Duration.ZERO : Duration.ofNanos(random.nextLong(ceiling + 1));
    }

    private static long nanos(Duration d) {
        return d.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : d.toNanos();
    }
}
