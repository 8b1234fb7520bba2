package dev.keypath.spark;

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
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Records the capacity the engine reports for every {@code Scan} and {@code BatchWriteItem} of the clients that run
 * it (the tasks' clients, named by class in a {@link DynamoDbConnection}), with the time each call began and was
 * answered, and finds the most units any window of a given length saw, as keypath-migrate's budget test measures.
 * The calls are this JVM's (local mode runs every task here). Thread-safe.
 */
public final class CapacityMeter implements ExecutionInterceptor {
    private static final ExecutionAttribute<Long> SENT = new ExecutionAttribute<>("kp-spark-meter-sent");
    private static final List<Call> CALLS = new ArrayList<>();

    /** One call: when it was sent and answered (nanoTime), its units, and whether it read. */
    record Call(long sent, long answered, double units, boolean read) {
    }

    /** Made by each client from its class name. */
    public CapacityMeter() {
    }

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
        } else if (response instanceof BatchWriteItemResponse batch) {
            units = batch.consumedCapacity().stream().mapToDouble(CapacityMeter::units).sum();
            read = false;
        } else {
            return;
        }
        synchronized (CALLS) {
            CALLS.add(new Call(sent == null ? answered : sent, answered, units, read));
        }
    }

    private static double units(ConsumedCapacity c) {
        return c == null || c.capacityUnits() == null ? 0 : c.capacityUnits();
    }

    static void clear() {
        synchronized (CALLS) {
            CALLS.clear();
        }
    }

    static List<Call> calls(boolean read) {
        synchronized (CALLS) {
            return CALLS.stream().filter(c -> c.read() == read).toList();
        }
    }

    static double total(boolean read) {
        return calls(read).stream().mapToDouble(Call::units).sum();
    }

    /** The most units of read (or write) calls whose time falls in any window of {@code seconds}. */
    static double maxWindow(boolean read, double seconds, boolean bySendTime) {
        List<Call> sorted = new ArrayList<>(calls(read));
        sorted.sort(Comparator.comparingLong(c -> bySendTime ? c.sent() : c.answered()));
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

    static double maxCall(boolean read) {
        return calls(read).stream().mapToDouble(Call::units).max().orElse(0);
    }

    static double maxLatency(boolean read) {
        return calls(read).stream().mapToLong(c -> c.answered() - c.sent()).max().orElse(0) / 1e9;
    }

    /** Seconds from the first call sent to the last answered. */
    static double span(boolean read) {
        List<Call> all = calls(read);
        if (all.isEmpty()) {
            return 0;
        }
        long first = all.stream().mapToLong(Call::sent).min().orElseThrow();
        long last = all.stream().mapToLong(Call::answered).max().orElseThrow();
        return (last - first) / 1e9;
    }
}
