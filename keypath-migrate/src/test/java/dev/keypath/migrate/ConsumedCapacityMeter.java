package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Records every data request the engine answered ({@code Scan}, {@code PutItem}, {@code UpdateItem},
 * {@code BatchWriteItem}) with the time it began (the SDK's first hook, before the request is built and sent), the
 * time its response arrived, the capacity the engine reports, the table, the items it read or wrote and whether it
 * read consistently; and finds the most units any window of a given length saw. A read is billed at least half a
 * unit (a consistent one, a whole unit), as DynamoDB bills every read request, whatever the engine reports.
 * Thread-safe.
 */
final class ConsumedCapacityMeter implements ExecutionInterceptor {
    private static final ExecutionAttribute<Long> SENT = new ExecutionAttribute<>("kp-meter-sent");

    /**
     * One request.
     *
     * @param sent       when it began (nanoTime)
     * @param answered   when its response arrived
     * @param reported   the capacity the engine reported
     * @param read       a read (a scan) rather than a write
     * @param table      the table it read or wrote
     * @param items      the items it returned (a scan) or carried (a batch write; 1 for a single-item write)
     * @param consistent a consistent read
     */
    record Call(long sent, long answered, double reported, boolean read, String table, int items,
                boolean consistent) {
        /** What DynamoDB bills: the reported units, at least half a unit for a read (a unit when consistent). */
        double units() {
            return read ? Math.max(reported, consistent ? 1 : 0.5) : reported;
        }
    }

    private final List<Call> calls = new ArrayList<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(SENT, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        long answered = System.nanoTime();
        SdkRequest request = context.request();
        SdkResponse response = context.response();
        Long sent = attributes.getAttribute(SENT);
        Call call;
        long at = sent == null ? answered : sent;
        if (response instanceof ScanResponse scan && request instanceof ScanRequest r) {
            call = new Call(at, answered, units(scan.consumedCapacity()), true, r.tableName(), scan.count(),
                    Boolean.TRUE.equals(r.consistentRead()));
        } else if (response instanceof PutItemResponse put) {
            call = new Call(at, answered, units(put.consumedCapacity()), false, "", 1, false);
        } else if (response instanceof UpdateItemResponse update) {
            call = new Call(at, answered, units(update.consumedCapacity()), false, "", 1, false);
        } else if (response instanceof BatchWriteItemResponse batch && request instanceof BatchWriteItemRequest r) {
            String table = r.requestItems().keySet().iterator().next();
            int items = r.requestItems().values().stream().mapToInt(List::size).sum();
            call = new Call(at, answered, batch.consumedCapacity().stream().mapToDouble(ConsumedCapacityMeter::units)
                    .sum(), false, table, items, false);
        } else {
            return;
        }
        synchronized (calls) {
            calls.add(call);
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

    /** Every read (or write) request so far, in the order answered. */
    List<Call> calls(boolean read) {
        return calls(c -> c.read() == read);
    }

    /** Every request so far that {@code which} accepts. */
    List<Call> calls(Predicate<Call> which) {
        synchronized (calls) {
            return calls.stream().filter(which).toList();
        }
    }

    /** The most units of {@code read} (or write) calls whose time falls in any window of {@code seconds}. */
    double maxWindow(boolean read, double seconds, boolean bySendTime) {
        return maxWindow(calls(read), seconds, bySendTime);
    }

    /** The most units of {@code calls} whose time falls in any window of {@code seconds}. */
    static double maxWindow(List<Call> calls, double seconds, boolean bySendTime) {
        List<Call> sorted = new ArrayList<>(calls);
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
        return span(calls(read));
    }

    /** Seconds from the first of {@code calls} sent to the last answered; 0 for none. */
    static double span(List<Call> calls) {
        if (calls.isEmpty()) {
            return 0;
        }
        long first = calls.stream().mapToLong(Call::sent).min().orElseThrow();
        long last = calls.stream().mapToLong(Call::answered).max().orElseThrow();
        return (last - first) / 1e9;
    }
}
