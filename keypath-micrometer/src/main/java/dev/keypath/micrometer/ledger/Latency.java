package dev.keypath.micrometer.ledger;

import java.time.Duration;

/**
 * Latency percentiles of an access pattern's calls over the ledger's window, computed by Micrometer's
 * percentile histogram (so within its precision); all zero when no call ended within the window.
 *
 * <p>Immutable and thread-safe.
 *
 * @param p50  the median
 * @param p90  the 90th percentile
 * @param p99  the 99th percentile
 * @param max  the longest call in the window
 * @param mean the mean of every call since the ledger started
 */
public record Latency(Duration p50, Duration p90, Duration p99, Duration max, Duration mean) {
}
