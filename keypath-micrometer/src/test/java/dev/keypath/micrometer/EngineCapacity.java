package dev.keypath.micrometer;

import dev.keypath.KeyPath;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * An SDK interceptor that sums the {@code ConsumedCapacity} of every response the engine sent, read and write
 * units apart (a unit figure without a split counts by the call: writes for writing calls). What the engine
 * reported, computed on the wire side of keypath and independently of it, less the reads and writes of the table's
 * layout record, which a table makes before its first write and once a refresh interval, outside every operation's
 * report (docs/COST.md). Thread-safe.
 */
final class EngineCapacity implements ExecutionInterceptor {
    private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
            "TransactWriteItems");

    /** The partition key of the layout record's key path, {@code /_kp_layout-table}. */
    private static final ByteBuffer LAYOUT_RECORD = ByteBuffer.wrap(KeyPath.of("_kp_layout", "table").partitionKey());

    private final DoubleAdder read = new DoubleAdder();
    private final DoubleAdder write = new DoubleAdder();

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (ofLayoutRecord(context.request())) {
            return;
        }
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        for (ConsumedCapacity c : consumed(context.response())) {
            if (c.readCapacityUnits() != null || c.writeCapacityUnits() != null) {
                read.add(c.readCapacityUnits() == null ? 0 : c.readCapacityUnits());
                write.add(c.writeCapacityUnits() == null ? 0 : c.writeCapacityUnits());
            } else if (c.capacityUnits() != null) {
                (WRITES.contains(operation) ? write : read).add(c.capacityUnits());
            }
        }
    }

    private static boolean ofLayoutRecord(SdkRequest request) {
        Map<String, AttributeValue> key = request instanceof GetItemRequest g ? g.key()
                : request instanceof UpdateItemRequest u ? u.key() : Map.of();
        AttributeValue pk = key.get("pk");
        return pk != null && pk.b() != null && pk.b().asByteBuffer().equals(LAYOUT_RECORD);
    }

    @SuppressWarnings("unchecked")
    private static List<ConsumedCapacity> consumed(SdkResponse response) {
        Object one = response.getValueForField("ConsumedCapacity", Object.class).orElse(null);
        if (one instanceof ConsumedCapacity c) {
            return List.of(c);
        }
        if (one instanceof List<?> list) {
            return (List<ConsumedCapacity>) list;
        }
        return List.of();
    }

    double readUnits() {
        return read.sum();
    }

    double writeUnits() {
        return write.sum();
    }

    void clear() {
        read.reset();
        write.reset();
    }
}
