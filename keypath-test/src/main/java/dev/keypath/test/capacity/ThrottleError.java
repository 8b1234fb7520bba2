package dev.keypath.test.capacity;

/**
 * The error a {@link PartitionLimiter} answers a throttled call with. DynamoDB names a partition over its limit with
 * the throttling reason {@code TableWriteKeyRangeThroughputExceeded} (or {@code …Read…}, {@code Index…}) in either
 * exception: the one the table's capacity mode makes it send.
 */
public enum ThrottleError {
    /** {@code ProvisionedThroughputExceededException}, DynamoDB's answer on a table with provisioned capacity. */
    PROVISIONED_THROUGHPUT_EXCEEDED,
    /** {@code ThrottlingException}, DynamoDB's answer on an on-demand table whose partition is over its limit. */
    THROTTLING
}
