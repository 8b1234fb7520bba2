/**
 * Every table operation written once, without I/O: an {@code Operation} yields {@code Step}s (a request to send
 * through a {@code DynamoApi}, a pause, or done) and takes the responses; {@code TableOperations} makes one per
 * table call. Here are the operations themselves: single-item writes and reads, unique key path lookups and
 * aliased writes, batch gets and writes with their retries and backoff, query and scan paging, counts, subtree
 * deletes, sequence-id allocation and the table bootstrap; the requests they send are built in
 * {@code internal.request}. Not API: public only where another package of the adapter needs it; may change
 * without notice.
 */
package dev.keypath.dynamodb.internal.operation;
