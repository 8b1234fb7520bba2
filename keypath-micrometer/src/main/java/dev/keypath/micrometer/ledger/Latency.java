package dev.keypath.micrometer.ledger;

import java.time.Duration;

/**
 * Latency of an access pattern's calls over the ledger's window, every figure from the same calls: p50 ≤ p90 ≤ p99 ≤
 * max, each percentile within 1.6 % (and a microsecond) of the call at its rank, and the mean between the shortest
 * and the longest call; all zero when no call ended within the window.
 *
 * <p>Immutable and thread-safe.
 *
 * @param p50  the median
 * @param p90  the 90th percentile
 * @param p99  the 99th percentile
 * @param max  the longest call in the window
 * @param mean the mean of the calls in the window
 */
public record Latency(Duration p50, Duration p90, Duration p99, Duration max, Duration mean) {
}
