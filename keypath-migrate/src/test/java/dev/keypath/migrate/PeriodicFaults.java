package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Faults on a schedule, for a client with SDK retries off: every {@code throttleEvery}-th {@code Scan} or
 * {@code BatchWriteItem} call fails with {@code ProvisionedThroughputExceededException} before it reaches the
 * engine, and every {@code dropEvery}-th {@code BatchWriteItem} that does reach it sends only its first half; the
 * other half comes back in {@code UnprocessedItems}, as DynamoDB returns requests it did not carry out. 0 turns a
 * fault off. Thread-safe.
 */
final class PeriodicFaults implements ExecutionInterceptor {
    private static final ExecutionAttribute<List<WriteRequest>> HELD_BACK = new ExecutionAttribute<>("kp-held-back");

    private final int throttleEvery;
    private final int dropEvery;
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong writes = new AtomicLong();
    private final AtomicLong throttled = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    PeriodicFaults(int throttleEvery, int dropEvery) {
        this.throttleEvery = throttleEvery;
        this.dropEvery = dropEvery;
    }

    long throttled() {
        return throttled.get();
    }

    long droppedCalls() {
        return dropped.get();
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        if (!(request instanceof ScanRequest) && !(request instanceof BatchWriteItemRequest)) {
            return request;
        }
        if (throttleEvery > 0 && calls.incrementAndGet() % throttleEvery == 0) {
            throttled.incrementAndGet();
            throw ProvisionedThroughputExceededException.builder().message("injected throttle").statusCode(400)
                    .build();
        }
        if (request instanceof BatchWriteItemRequest batch && dropEvery > 0 && batch.requestItems().size() == 1
                && writes.incrementAndGet() % dropEvery == 0) {
            Map.Entry<String, List<WriteRequest>> only = batch.requestItems().entrySet().iterator().next();
            List<WriteRequest> all = only.getValue();
            if (all.size() > 1) {
                dropped.incrementAndGet();
                int keep = all.size() / 2;
                attributes.putAttribute(HELD_BACK, new ArrayList<>(all.subList(keep, all.size())));
                return batch.toBuilder().requestItems(Map.of(only.getKey(), all.subList(0, keep))).build();
            }
        }
        return request;
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        List<WriteRequest> heldBack = attributes.getAttribute(HELD_BACK);
        if (heldBack == null || !(context.response() instanceof BatchWriteItemResponse response)) {
            return context.response();
        }
        String table = ((BatchWriteItemRequest) context.request()).requestItems().keySet().iterator().next();
        List<WriteRequest> unprocessed = new ArrayList<>(response.unprocessedItems().getOrDefault(table, List.of()));
        unprocessed.addAll(heldBack);
        return response.toBuilder().unprocessedItems(Map.of(table, unprocessed)).build();
    }
}
