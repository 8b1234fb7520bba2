package dev.keypath.spark;

import dev.keypath.dynamodb.storage.StoredItemSizes;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The stored items of one segment of a parallel {@code Scan}, read page after page as the iteration asks for them,
 * each call within the task's read budget: its {@code Limit} sized from the items read so far so that it reserves at
 * most {@link TaskBudget#callUnits()} (an eventually consistent read costs half a unit per started 4 KB of the items
 * a call returns), reserved before the call and settled with the units DynamoDB reports. Counts the units and
 * items read. Single use, one thread.
 */
final class SegmentScan implements Iterator<Map<String, AttributeValue>> {
    /** Half a unit per started 4 KB: an eventually consistent read. */
    static final double UNITS_PER_4KB = 0.5;
    /** The item size assumed before any has been read. */
    private static final double FIRST_GUESS_BYTES = 1024;

    private final DynamoDbClient client;
    private final String table;
    private final int segment;
    private final int totalSegments;
    private final TaskBudget budget;
    private final boolean consistent;
    private Map<String, AttributeValue> startKey;
    private boolean done;
    private Iterator<Map<String, AttributeValue>> page = List.<Map<String, AttributeValue>>of().iterator();
    private long items;
    private long bytes;
    private double units;
    private long calls;

    SegmentScan(DynamoDbClient client, String table, int segment, int totalSegments, TaskBudget budget,
                boolean consistent) {
        this.client = client;
        this.table = table;
        this.segment = segment;
        this.totalSegments = totalSegments;
        this.budget = budget;
        this.consistent = consistent;
    }

    @Override
    public boolean hasNext() {
        while (!page.hasNext()) {
            if (done) {
                return false;
            }
            readPage();
        }
        return true;
    }

    @Override
    public Map<String, AttributeValue> next() {
        if (!hasNext()) {
            throw new NoSuchElementException("segment " + segment + " of " + table + " is read");
        }
        return page.next();
    }

    /** Read units DynamoDB reported. */
    double units() {
        return units;
    }

    /** Items read. */
    long items() {
        return items;
    }

    /** {@code Scan} calls made. */
    long calls() {
        return calls;
    }

    private void readPage() {
        double average = items == 0 ? FIRST_GUESS_BYTES : Math.max(1, (double) bytes / items);
        double perItem = UNITS_PER_4KB * (consistent ? 2 : 1) * average / 4096;
        int limit = 1000;
        if (budget.limited()) {
            limit = (int) Math.max(1, Math.min(1000, Math.floor(budget.callUnits() / perItem)));
        }
        double reserved = Math.max(UNITS_PER_4KB * (consistent ? 2 : 1), Math.ceil(limit * average / 4096)
                * UNITS_PER_4KB * (consistent ? 2 : 1));
        budget.acquire(reserved);
        ScanRequest.Builder request = ScanRequest.builder().tableName(table).segment(segment)
                .totalSegments(totalSegments).limit(limit).consistentRead(consistent)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (startKey != null) {
            request.exclusiveStartKey(startKey);
        }
        ScanResponse response = client.scan(request.build());
        calls++;
        double consumed = response.consumedCapacity() == null || response.consumedCapacity().capacityUnits() == null
                ? 0 : response.consumedCapacity().capacityUnits();
        budget.settle(reserved, consumed);
        units += consumed;
        for (Map<String, AttributeValue> item : response.items()) {
            bytes += StoredItemSizes.itemSize(item);
        }
        items += response.items().size();
        page = response.items().iterator();
        if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
            startKey = response.lastEvaluatedKey();
        } else {
            done = true;
        }
    }
}
