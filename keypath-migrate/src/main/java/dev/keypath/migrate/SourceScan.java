package dev.keypath.migrate;

import dev.keypath.dynamodb.BatchPolicy;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads the pages of one segment of a parallel {@code Scan} ({@code pageSize} items each, or up to DynamoDB's 1 MB
 * for a page size of 0): each page is charged to the read budget, and a
 * throttled call is sent again after a jittered, capped exponential wait (the batch policy's delays) until the
 * policy's deadline. Keeps the time spent in calls and waiting on the budget. One per segment; not thread-safe.
 */
final class SourceScan {
    private final DynamoDbClient client;
    private final String table;
    private final int segment;
    private final int segments;
    private final int pageSize;
    private final BatchPolicy policy;
    private final CapacityBudget budget;
    private final CapacityMeter meter;
    private final Timings timings;

    SourceScan(DynamoDbClient client, String table, int segment, int segments, int pageSize,
               BatchPolicy policy, CapacityBudget budget, CapacityMeter meter, Timings timings) {
        this.client = client;
        this.table = table;
        this.segment = segment;
        this.segments = segments;
        this.pageSize = pageSize;
        this.policy = policy;
        this.budget = budget;
        this.meter = meter;
        this.timings = timings;
    }

    /** The page after {@code startKey} (null: the segment's first page). */
    ScanResponse page(Map<String, AttributeValue> startKey) {
        ScanRequest.Builder request = ScanRequest.builder().tableName(table).segment(segment).totalSegments(segments)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (pageSize > 0) {
            request.limit(pageSize);
        }
        if (startKey != null && !startKey.isEmpty()) {
            request.exclusiveStartKey(startKey);
        }
        ScanRequest built = request.build();
        long deadline = System.nanoTime() + policy.deadline().toNanos();
        for (int attempt = 1; ; attempt++) {
            long start = System.nanoTime();
            try {
                ScanResponse page = client.scan(built);
                timings.scan(System.nanoTime() - start);
                double units = page.consumedCapacity() == null || page.consumedCapacity().capacityUnits() == null
                        ? 0 : page.consumedCapacity().capacityUnits();
                meter.add(units);
                timings.budget(budget.charge(units));
                return page;
            } catch (AwsServiceException e) {
                timings.scan(System.nanoTime() - start);
                if (!isThrottling(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                sleep(attempt);
            }
        }
    }

    private void sleep(int attempt) {
        long ceiling = Math.min(policy.maxDelay().toMillis(),
                Math.max(1, policy.baseDelay().toMillis()) << Math.min(attempt - 1, 20));
        long millis = ThreadLocalRandom.current().nextLong(ceiling + 1);
        long start = System.nanoTime();
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MigrationInterruptedException("interrupted while a throttled scan of " + table + " waited");
        }
        timings.scan(System.nanoTime() - start);
    }

    static boolean isThrottling(AwsServiceException e) {
        return e instanceof ProvisionedThroughputExceededException || e instanceof RequestLimitExceededException
                || e.isThrottlingException();
    }
}
