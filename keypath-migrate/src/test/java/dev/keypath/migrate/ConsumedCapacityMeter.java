package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Records the capacity the engine reports consumed by each call ({@code ConsumedCapacity} of {@code Scan},
 * {@code PutItem} and {@code BatchWriteItem} responses) with the time the call began (the SDK's first hook, before
 * the request is built and sent) and the time its response arrived, and finds the most units any window of a given length saw. Thread-safe.
 */
final class ConsumedCapacityMeter implements ExecutionInterceptor {
    private static final ExecutionAttribute<Long> SENT = new ExecutionAttribute<>("kp-meter-sent");

    /** One call: when it was sent and answered (nanoTime), its units, and whether it read. */
    record Call(long sent, long answered, double units, boolean read) {
    }

    private final List<Call> calls = new ArrayList<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(SENT, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        long answered = System.nanoTime();
        SdkResponse response = context.response();
        Long sent = attributes.getAttribute(SENT);
        double units;
        boolean read;
        if (response instanceof ScanResponse scan) {
            units = units(scan.consumedCapacity());
            read = true;
        } else if (response instanceof PutItemResponse put) {
            units = units(put.consumedCapacity());
            read = false;
        } else if (response instanceof BatchWriteItemResponse batch) {
            units = batch.consumedCapacity().stream().mapToDouble(ConsumedCapacityMeter::units).sum();
            read = false;
        } else {
            return;
        }
        synchronized (calls) {
            calls.add(new Call(sent == null ? answered : sent, answered, units, read));
        }
    }

    private static double units(ConsumedCapacity c) {
        return c == null || c.capacityUnits() == null ? 0 : c.capacityUnits();
    }

    void clear() {
        synchronized (calls) {
            calls.clear();
        }
    }

    List<Call> calls(boolean read) {
        synchronized (calls) {
            return calls.stream().filter(c -> c.read() == read).toList();
        }
    }

    /** The most units of {@code read} (or write) calls whose time falls in any window of {@code seconds}. */
    double maxWindow(boolean read, double seconds, boolean bySendTime) {
        List<Call> sorted = new ArrayList<>(calls(read));
        Comparator<Call> order = Comparator.comparingLong(c -> bySendTime ? c.sent() : c.answered());
        sorted.sort(order);
        long width = (long) (seconds * 1e9);
        double best = 0;
        double sum = 0;
        int from = 0;
        for (Call c : sorted) {
            long at = bySendTime ? c.sent() : c.answered();
            sum += c.units();
            while (at - (bySendTime ? sorted.get(from).sent() : sorted.get(from).answered()) >= width) {
                sum -= sorted.get(from).units();
                from++;
            }
            best = Math.max(best, sum);
        }
        return best;
    }

    /** The most units one call of this kind consumed. */
    double maxCall(boolean read) {
        return calls(read).stream().mapToDouble(Call::units).max().orElse(0);
    }

    /** The longest time a call of this kind took, in seconds. */
    double maxLatency(boolean read) {
        return calls(read).stream().mapToLong(c -> c.answered() - c.sent()).max().orElse(0) / 1e9;
    }

    /** Seconds from the first call sent to the last answered. */
    double span(boolean read) {
        List<Call> all = calls(read);
        if (all.isEmpty()) {
            return 0;
        }
        long first = all.stream().mapToLong(Call::sent).min().orElseThrow();
        long last = all.stream().mapToLong(Call::answered).max().orElseThrow();
        return (last - first) / 1e9;
    }
}
