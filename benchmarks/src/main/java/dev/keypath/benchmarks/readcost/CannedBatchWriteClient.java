package dev.keypath.benchmarks.readcost;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A {@link DynamoDbClient} whose {@code batchWriteItem} answers every call as DynamoDB answers a call it processed
 * whole (no unprocessed items; the consumed capacity when, and only when, the request asks for it), and counts the
 * writes it was sent: under the batch write benchmark, each library's own work on a call is all that is timed. Not a
 * stand-in for DynamoDB: it stores nothing. Thread-safe.
 */
final class CannedBatchWriteClient implements DynamoDbClient {
    private static final BatchWriteItemResponse DONE = BatchWriteItemResponse.builder().build();

    private final BatchWriteItemResponse doneWithCapacity;
    private final LongAdder writes = new LongAdder();

    CannedBatchWriteClient(String table) {
        doneWithCapacity = DONE.toBuilder().consumedCapacity(List.of(ConsumedCapacity.builder().tableName(table)
                .capacityUnits(25.0).build())).build();
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        request.requestItems().values().forEach(w -> writes.add(w.size()));
        ReturnConsumedCapacity asked = request.returnConsumedCapacity();
        return asked == null || asked == ReturnConsumedCapacity.NONE ? DONE : doneWithCapacity;
    }

    /** The writes of every call so far. */
    long writes() {
        return writes.sum();
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
