/**
 * Every table operation written once, without I/O: an {@code Operation} yields {@code Step}s (a request to send
 * through a {@code DynamoApi}, a pause, or done) and takes the responses; {@code TableOperations} makes one per
 * table call. Here too are the pure builders of requests and write actions, batch retries with backoff,
 * sequence-id allocation, query paging with signed page tokens, and the limits DynamoDB enforces, checked before
 * any request. Not API: public only where another package of the adapter needs it; may change without notice.
 */
package dev.keypath.dynamodb.internal.operation;
