package dev.keypath.test.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * An SDK {@link ExecutionInterceptor} that records, per call the engine answered or failed, the operation, the
 * {@code ReturnConsumedCapacity} its request asked for and the {@code ConsumedCapacity} its response carried: what
 * the engine reported, seen on the wire side of keypath. Its sums are computed here, independently of the adapter.
 * Thread-safe.
 */
final class CapacityRecorder implements ExecutionInterceptor {
    private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
            "TransactWriteItems");

    /** One call: its operation, what it asked for, and the capacity reported (empty when none, or it failed). */
    record Call(String operation, String asked, List<ConsumedCapacity> consumed, boolean failed) {
        boolean writes() {
            return WRITES.contains(operation);
        }
    }

    private final List<Call> calls = new CopyOnWriteArrayList<>();

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        calls.add(new Call(operation(context.request()), asked(context.request()), consumed(context.response()),
                false));
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        calls.add(new Call(operation(context.request()), asked(context.request()), List.of(), true));
    }

    void clear() {
        calls.clear();
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    /** Item calls (those that can consume capacity); table control calls left out. */
    List<Call> itemCalls() {
        return calls.stream().filter(c -> !c.operation().contains("Table") && !c.operation().contains("TimeToLive"))
                .toList();
    }

    double totalUnits() {
        return all().stream().mapToDouble(c -> c.capacityUnits() == null ? 0 : c.capacityUnits()).sum();
    }

    /** Units of reads: the read figure where the engine split it, else the whole figure of a read call. */
    double readUnits() {
        double sum = 0;
        for (Call call : calls) {
            for (ConsumedCapacity c : call.consumed()) {
                sum += c.readCapacityUnits() != null ? c.readCapacityUnits()
                        : c.writeCapacityUnits() == null && !call.writes() ? c.capacityUnits() : 0;
            }
        }
        return sum;
    }

    double writeUnits() {
        double sum = 0;
        for (Call call : calls) {
            for (ConsumedCapacity c : call.consumed()) {
                sum += c.writeCapacityUnits() != null ? c.writeCapacityUnits()
                        : c.readCapacityUnits() == null && call.writes() ? c.capacityUnits() : 0;
            }
        }
        return sum;
    }

    /** The units reported for the table {@code name} itself ({@code Table}). */
    double tableUnits(String name) {
        return all().stream().filter(c -> name.equals(c.tableName()) && c.table() != null)
                .mapToDouble(c -> units(c.table())).sum();
    }

    /** The units reported for the index {@code name}, global or local. */
    double indexUnits(String name) {
        double sum = 0;
        for (ConsumedCapacity c : all()) {
            sum += units(c.globalSecondaryIndexes().get(name)) + units(c.localSecondaryIndexes().get(name));
        }
        return sum;
    }

    /** The names of the indexes any response reported. */
    Set<String> indexesReported() {
        Set<String> names = new java.util.TreeSet<>();
        for (ConsumedCapacity c : all()) {
            names.addAll(c.globalSecondaryIndexes().keySet());
            names.addAll(c.localSecondaryIndexes().keySet());
        }
        return names;
    }

    /** Calls whose response carried no capacity, failed ones included. */
    long unreported() {
        return calls.stream().filter(c -> c.consumed().isEmpty()).count();
    }

    long failed() {
        return calls.stream().filter(Call::failed).count();
    }

    private List<ConsumedCapacity> all() {
        List<ConsumedCapacity> all = new ArrayList<>();
        calls.forEach(c -> all.addAll(c.consumed()));
        return all;
    }

    private static double units(Capacity c) {
        return c == null || c.capacityUnits() == null ? 0 : c.capacityUnits();
    }

    private static String operation(SdkRequest request) {
        return request.getClass().getSimpleName().replace("Request", "");
    }

    private static String asked(SdkRequest request) {
        return request.getValueForField("ReturnConsumedCapacity", Object.class).map(Object::toString).orElse(null);
    }

    private static List<ConsumedCapacity> consumed(SdkResponse response) {
        if (response instanceof GetItemResponse r) {
            return one(r.consumedCapacity());
        } else if (response instanceof PutItemResponse r) {
            return one(r.consumedCapacity());
        } else if (response instanceof UpdateItemResponse r) {
            return one(r.consumedCapacity());
        } else if (response instanceof DeleteItemResponse r) {
            return one(r.consumedCapacity());
        } else if (response instanceof QueryResponse r) {
            return one(r.consumedCapacity());
        } else if (response instanceof ScanResponse r) {
            return one(r.consumedCapacity());
        } else if (response instanceof BatchGetItemResponse r) {
            return r.hasConsumedCapacity() ? r.consumedCapacity() : List.of();
        } else if (response instanceof BatchWriteItemResponse r) {
            return r.hasConsumedCapacity() ? r.consumedCapacity() : List.of();
        } else if (response instanceof TransactWriteItemsResponse r) {
            return r.hasConsumedCapacity() ? r.consumedCapacity() : List.of();
        } else if (response instanceof TransactGetItemsResponse r) {
            return r.hasConsumedCapacity() ? r.consumedCapacity() : List.of();
        }
        return List.of();
    }

    private static List<ConsumedCapacity> one(ConsumedCapacity c) {
        return c == null ? List.of() : List.of(c);
    }
}
