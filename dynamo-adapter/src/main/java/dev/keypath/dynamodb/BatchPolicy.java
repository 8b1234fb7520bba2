package dev.keypath.dynamodb;

import java.time.Duration;
import java.util.Objects;

/**
 * How batch operations retry unprocessed items and throttled calls: capped exponential backoff with full
 * jitter ({@code sleep = random(0, min(maxDelay, baseDelay * 2^attempt))}), until everything is processed or
 * {@code deadline} has passed since the batch began. Immutable, thread-safe.
 *
 * @param baseDelay first backoff ceiling
 * @param maxDelay  cap on the backoff ceiling
 * @param deadline  total time budget of one batch call
 */
public record BatchPolicy(Duration baseDelay, Duration maxDelay, Duration deadline) {
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
}
