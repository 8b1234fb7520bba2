package dev.keypath.examples.social;

import java.util.List;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * An SDK interceptor that asks DynamoDB for the consumed capacity of every read and write the example
 * makes and adds it up, so each step can print what it cost. Thread-safe.
 */
final class CapacityMeter implements ExecutionInterceptor {
    private final DoubleAdder units = new DoubleAdder();
    private final DoubleAdder calls = new DoubleAdder();

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        if (request instanceof QueryRequest q) {
            return q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        } else if (request instanceof GetItemRequest g) {
            return g.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        } else if (request instanceof PutItemRequest p) {
            return p.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        } else if (request instanceof BatchWriteItemRequest b) {
            return b.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        } else if (request instanceof BatchGetItemRequest b) {
            return b.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        }
        return request;
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkResponse response = context.response();
        if (response instanceof QueryResponse q) {
            add(q.consumedCapacity());
        } else if (response instanceof GetItemResponse g) {
            add(g.consumedCapacity());
        } else if (response instanceof PutItemResponse p) {
            add(p.consumedCapacity());
        } else if (response instanceof BatchWriteItemResponse b) {
            addAll(b.consumedCapacity());
        } else if (response instanceof BatchGetItemResponse b) {
            addAll(b.consumedCapacity());
        }
    }

    private void add(ConsumedCapacity capacity) {
        calls.add(1);
        if (capacity != null && capacity.capacityUnits() != null) {
            units.add(capacity.capacityUnits());
        }
    }

    private void addAll(List<ConsumedCapacity> capacities) {
        calls.add(1);
        for (ConsumedCapacity c : capacities) {
            if (c.capacityUnits() != null) {
                units.add(c.capacityUnits());
            }
        }
    }

    /** Capacity units and request count since the last call, then resets. */
    Reading take() {
        return new Reading(units.sumThenReset(), (int) calls.sumThenReset());
    }

    /** What a step consumed. */
    record Reading(double capacityUnits, int requests) {
        @Override
        public String toString() {
            return String.format("%.1f capacity units in %d request%s", capacityUnits, requests, requests == 1 ? "" : "s");
        }
    }
}
