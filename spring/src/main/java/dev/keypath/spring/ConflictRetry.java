package dev.keypath.spring;

import dev.keypath.dynamodb.RetryBackoff;
import java.time.Duration;
import org.springframework.util.Assert;

/**
 * How a {@link KeyPathTransactions} retries a unit that DynamoDB cancelled because another transaction was
 * writing one of its items at the same moment ({@code TransactionConflict}, translated to
 * {@link org.springframework.dao.ConcurrencyFailureException}): the whole unit runs again, up to
 * {@code maxAttempts} times in all, after a capped exponential backoff with full jitter ({@link #backoff()}). A
 * unit whose read item changed before its commit ({@link KeyPathReadConflictException}) is run again too, reading
 * afresh. Failed conditions (version checks, create-only writes) are never retried: running again would fail the
 * same way. Immutable and thread-safe.
 *
 * @param maxAttempts runs in all, at least 1 (1: no retry)
 * @param baseDelay   the backoff before the first retry; each retry doubles it, up to {@code maxDelay}
 * @param maxDelay    the cap of one backoff
 */
public record ConflictRetry(int maxAttempts, Duration baseDelay, Duration maxDelay) {
    /** No retry: a conflict fails the unit. */
    public static final ConflictRetry NONE = new ConflictRetry(1, Duration.ZERO, Duration.ZERO);

    /** Validates the settings. */
    public ConflictRetry {
        Assert.isTrue(maxAttempts >= 1, "maxAttempts must be at least 1");
        Assert.notNull(baseDelay, "baseDelay must not be null");
        Assert.notNull(maxDelay, "maxDelay must not be null");
        Assert.isTrue(!baseDelay.isNegative() && maxDelay.compareTo(baseDelay) >= 0,
                "delays must satisfy 0 <= baseDelay <= maxDelay");
    }

    /** {@code maxAttempts} runs with backoff from 10 ms, capped at 500 ms. */
    public static ConflictRetry attempts(int maxAttempts) {
        return new ConflictRetry(maxAttempts, Duration.ofMillis(10), Duration.ofMillis(500));
    }

    /** The delays between runs, as every keypath retry computes them. */
    public RetryBackoff backoff() {
        return new RetryBackoff(baseDelay, maxDelay);
    }

    /** The pause before run {@code attempt + 1} (attempt counted from 1): random in [0, min(cap, base·2^(n−1))]. */
    Duration backoff(int attempt) {
        return backoff().delay(attempt);
    }
}
