package dev.keypath.dynamodb;

import java.time.Duration;
import java.util.Objects;

/**
 * How batch operations retry unprocessed items and throttled calls: capped exponential backoff with full
 * jitter ({@link #backoff()}: {@code sleep = random(0, min(maxDelay, baseDelay * 2^(retry-1)))}), until everything
 * is processed or {@code deadline} has passed since the batch began. Immutable, thread-safe.
 *
 * @param baseDelay first backoff ceiling
 * @param maxDelay  cap on the backoff ceiling
 * @param deadline  total time budget of one batch call
 */
public record BatchPolicy(Duration baseDelay, Duration maxDelay, Duration deadline) {
    private static final Duration ONE_MILLI = Duration.ofMillis(1);

    /** Defaults: 25 ms base, 2 s cap, 60 s deadline. */
    public static final BatchPolicy DEFAULT = new BatchPolicy(Duration.ofMillis(25), Duration.ofSeconds(2),
            Duration.ofSeconds(60));

    /** Validates the durations. */
    public BatchPolicy {
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        Objects.requireNonNull(deadline, "deadline");
        if (baseDelay.isNegative() || maxDelay.compareTo(baseDelay) < 0 || deadline.isNegative()) {
            throw new IllegalArgumentException("need 0 <= baseDelay <= maxDelay and deadline >= 0");
        }
    }

    /**
     * The delays between retries: {@code baseDelay} (at least a millisecond, within {@code maxDelay}) doubled for
     * each further retry, capped at {@code maxDelay}.
     */
    public RetryBackoff backoff() {
        Duration base = baseDelay.compareTo(ONE_MILLI) < 0 ? ONE_MILLI : baseDelay;
        return new RetryBackoff(base.compareTo(maxDelay) > 0 ? maxDelay : base, maxDelay);
    }
}
