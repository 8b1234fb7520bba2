package dev.keypath.micrometer;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * An SDK interceptor that sums the {@code ConsumedCapacity} of every response the engine sent, read and write
 * units apart (a unit figure without a split counts by the call: writes for writing calls). What the engine
 * reported, computed on the wire side of keypath and independently of it, the reads and writes of the table's layout
 * record included (a write that reads the record counts that read as its own, docs/COST.md). Thread-safe.
 */
final class EngineCapacity implements ExecutionInterceptor {
    private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
            "TransactWriteItems");

    private final DoubleAdder read = new DoubleAdder();
    private final DoubleAdder write = new DoubleAdder();

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
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
