package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.RetryBackoff;

/**
 * The waits of one batch call: its policy's {@link RetryBackoff}, retry after retry, under the
 * policy's deadline. Not thread-safe (one per call).
 */
public final class Backoff {
    private final RetryBackoff delays;
    private final long deadlineNanos;
    private int attempt;

    public Backoff(BatchPolicy policy) {
        this.delays = policy.backoff();
        this.deadlineNanos = System.nanoTime() + policy.deadline().toNanos();
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
        long delay = delays.delay(attempt).toMillis();
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
