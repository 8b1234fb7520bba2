package dev.keypath.dynamodb.storage;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.internal.operation.Backoff;

/**
 * The backoff the tables use between retries of a throttled call: capped exponential delays with full jitter,
 * under the deadline of a {@link BatchPolicy}. One per call; not thread-safe.
 */
public final class ThrottleBackoff {
    private final Backoff backoff;

    /** A backoff whose deadline starts now. */
    public ThrottleBackoff(BatchPolicy policy) {
        this.backoff = new Backoff(policy);
    }

    /**
     * How long to wait before the next retry, in milliseconds: a random time up to this attempt's ceiling, cut to
     * what is left of the deadline; -1 once the deadline has passed.
     */
    public long nextDelayMillis() {
        return backoff.nextDelayMillis();
    }

    /** Whether {@code failure} is DynamoDB refusing a call for throughput (worth a retry after a pause). */
    public static boolean isThrottling(Throwable failure) {
        return Backoff.isThrottling(failure);
    }
}
