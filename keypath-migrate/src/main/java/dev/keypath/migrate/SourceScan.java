package dev.keypath.migrate;

import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.storage.ThrottleBackoff;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads one segment of a parallel {@code Scan} of a table, one call at a time. Under a read budget each call is
 * sized to reserve at most {@link CapacityBudget#callUnits()} (a second of the budget): its {@code Limit} is the
 * number of items that fit, judged by the sizes of the items read so far with a quarter more for items larger than
 * those (the segment's first call, knowing none, reads one item) (a scan costs half a unit per started 4 KB read, a consistent one a whole unit, and at least that much
 * whatever it reads), and its units are reserved before it is sent and settled with what DynamoDB bills after (what
 * it reports, at least one read). A throttled call is sent again after a jittered, capped exponential wait (the batch
 * policy's delays) until the policy's deadline. Keeps the time spent in calls and waiting on the budget. One per
 * segment; not thread-safe.
 */
final class SourceScan {
    private static final double BYTES_PER_READ = 4096;
    /** How much larger than the items read so far a call's items are reserved for. */
    private static final double MARGIN = 1.25;

    /**
     * One call's result.
     *
     * @param items   the items read
     * @param lastKey where the next call starts; null at the end of the segment
     * @param units   the read capacity DynamoDB reported
     */
    record Page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastKey, double units) {
        boolean last() {
            return lastKey == null;
        }
    }

    private final DynamoDbClient client;
    private final String table;
    private final int segment;
    private final int segments;
    private final boolean consistent;
    private final BatchPolicy policy;
    private final CapacityBudget budget;
    private final CapacityMeter meter;
    private final Timings timings;
    private long itemsRead;
    private long bytesRead;

    SourceScan(DynamoDbClient client, String table, int segment, int segments, boolean consistent,
               BatchPolicy policy, CapacityBudget budget, CapacityMeter meter, Timings timings) {
        this.client = client;
        this.table = table;
        this.segment = segment;
        this.segments = segments;
        this.consistent = consistent;
        this.policy = policy;
        this.budget = budget;
        this.meter = meter;
        this.timings = timings;
    }

    /**
     * The items after {@code startKey} (null or empty: the segment's first), at most {@code limit} of them (0: as
     * many as DynamoDB returns, up to 1 MB), fewer when the budget sizes the call smaller.
     */
    Page next(Map<String, AttributeValue> startKey, int limit) {
        int items = limit;
        double reserved = 0;
        double unitsPerRead = consistent ? 1 : 0.5;
        if (budget.limited()) {
            double bytesPerItem = MARGIN * (itemsRead == 0 ? BYTES_PER_READ
                    : Math.max(1.0, (double) bytesRead / itemsRead));
            // until an item has been read, a call reads one: a blind call of a second's reads could take the budget
            // of a second for a few small items
            double bytesPerCall = itemsRead == 0 ? BYTES_PER_READ
                    : Math.max(1, Math.floor(budget.callUnits() / unitsPerRead)) * BYTES_PER_READ;
            int fit = (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.floor(bytesPerCall / bytesPerItem)));
            items = limit > 0 ? Math.min(limit, fit) : fit;
            reserved = Math.max(1, Math.ceil(items * bytesPerItem / BYTES_PER_READ)) * unitsPerRead;
            timings.budget(budget.acquire(reserved));
        }
        ScanRequest.Builder request = ScanRequest.builder().tableName(table).segment(segment).totalSegments(segments)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (consistent) {
            request.consistentRead(true);
        }
        if (items > 0) {
            request.limit(items);
        }
        if (startKey != null && !startKey.isEmpty()) {
            request.exclusiveStartKey(startKey);
        }
        ScanResponse page = send(request.build());
        double units = page.consumedCapacity() == null || page.consumedCapacity().capacityUnits() == null
                ? 0 : page.consumedCapacity().capacityUnits();
        meter.add(units);
        budget.settle(reserved, Math.max(units, unitsPerRead)); // DynamoDB bills a read request at least one read
        for (Map<String, AttributeValue> item : page.items()) {
            bytesRead += ItemSize.of(item);
        }
        itemsRead += page.items().size();
        boolean last = !page.hasLastEvaluatedKey() || page.lastEvaluatedKey().isEmpty();
        return new Page(page.items(), last ? null : page.lastEvaluatedKey(), units);
    }

    private ScanResponse send(ScanRequest request) {
        ThrottleBackoff backoff = new ThrottleBackoff(policy);
        while (true) {
            long start = System.nanoTime();
            try {
                ScanResponse page = client.scan(request);
                timings.scan(System.nanoTime() - start);
                return page;
            } catch (AwsServiceException e) {
                timings.scan(System.nanoTime() - start);
                long delay = ThrottleBackoff.isThrottling(e) ? backoff.nextDelayMillis() : -1;
                if (delay < 0) {
                    throw e;
                }
                timings.scan(pause(delay, "a throttled scan of " + table));
            }
        }
    }

    /** Sleeps {@code millis} (a throttled call's backoff); the nanoseconds slept. */
    static long pause(long millis, String what) {
        long start = System.nanoTime();
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MigrationInterruptedException("interrupted while " + what + " waited");
        }
        return System.nanoTime() - start;
    }
}
