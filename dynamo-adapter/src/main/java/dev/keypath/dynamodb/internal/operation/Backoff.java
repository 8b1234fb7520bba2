package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.BatchPolicy;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Capped exponential backoff with full jitter under a deadline, for one batch call. Not thread-safe (one per
 * call).
 */
public final class Backoff {
    private final BatchPolicy policy;
    private final long deadlineNanos;
    private int attempt;

    public Backoff(BatchPolicy policy) {
        this.policy = policy;
        this.deadlineNanos = System.nanoTime() + policy.deadline().toNanos();
    }

    /** Ceiling of the sleep before retry number {@code attempt} (1-based). */
    public static long ceilingMillis(BatchPolicy policy, int attempt) {
        long base = Math.max(1, policy.baseDelay().toMillis());
        long shifted = attempt >= 30 ? Long.MAX_VALUE : base << Math.min(attempt - 1, 30);
        return Math.min(policy.maxDelay().toMillis(), shifted < 0 ? Long.MAX_VALUE : shifted);
    }

    /**
     * How long to wait before the next retry: a random time up to this attempt's ceiling, cut to what is left of
     * the deadline; -1 once the deadline has passed.
     */
    public long nextDelayMillis() {
        attempt++;
        long remaining = deadlineNanos - System.nanoTime();
        if (remaining <= 0) {
            return -1;
        }
        long delay = ThreadLocalRandom.current().nextLong(ceilingMillis(policy, attempt) + 1);
        return Math.min(delay, remaining / 1_000_000);
    }

    public int attempts() {
        return attempt;
    }

    public static boolean isThrottling(Throwable e) {
        return e instanceof software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException
                || e instanceof software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException
                || (e instanceof software.amazon.awssdk.awscore.exception.AwsServiceException a
                    && a.isThrottlingException());
    }
}
