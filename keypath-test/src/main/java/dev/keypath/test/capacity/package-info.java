/**
 * DynamoDB's per-partition throughput limits for tests on engines that have none: {@link
 * dev.keypath.test.capacity.PartitionLimiter}, an SDK interceptor that meters the capacity units each call consumes
 * per partition key and throttles a partition over 3,000 read or 1,000 write units a second as DynamoDB does.
 */
package dev.keypath.test.capacity;
