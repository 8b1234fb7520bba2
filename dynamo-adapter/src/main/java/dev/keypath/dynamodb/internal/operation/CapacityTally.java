package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.OperationCapacity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * The running sum of what one logical operation's requests consumed and read, response by response. A unit
 * figure a response leaves unsplit (only {@code CapacityUnits}) counts as read or write units by the call that
 * consumed it. Not thread-safe: one operation's steps run one at a time.
 */
final class CapacityTally {
    private double read;
    private double write;
    private Map<String, double[]> tables;
    private Map<String, double[]> globalIndexes;
    private Map<String, double[]> localIndexes;
    private int requests;
    private int reported;
    private int retries;
    private long itemsRead;

    /** A request is about to be sent. */
    void sent() {
        requests++;
    }

    /** The operation went on after a failed request: what it sends next is a retry. */
    void recovered() {
        retries++;
    }

    /** {@code response} of a call of {@code api} came back. */
    <R> void answered(DynamoApi<?, R> api, R response) {
        List<ConsumedCapacity> consumed = api.consumed(response);
        if (!consumed.isEmpty()) {
            reported++;
        }
        boolean writes = api.writes();
        for (ConsumedCapacity c : consumed) {
            add(c, writes);
        }
        itemsRead += api.itemsRead(response);
        retries += api.unprocessed(response);
    }

    private void add(ConsumedCapacity c, boolean writes) {
        double indexRead = 0;
        double indexWrite = 0;
        if (c.hasGlobalSecondaryIndexes()) {
            for (Map.Entry<String, Capacity> e : c.globalSecondaryIndexes().entrySet()) {
                double[] units = split(e.getValue(), writes);
                globalIndexes = into(globalIndexes, e.getKey(), units);
                indexRead += units[0];
                indexWrite += units[1];
            }
        }
        if (c.hasLocalSecondaryIndexes()) {
            for (Map.Entry<String, Capacity> e : c.localSecondaryIndexes().entrySet()) {
                double[] units = split(e.getValue(), writes);
                localIndexes = into(localIndexes, e.getKey(), units);
                indexRead += units[0];
                indexWrite += units[1];
            }
        }
        double[] table = c.table() != null ? split(c.table(), writes) : null;
        double[] total = split(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes);
        if (total == null) { // no totals: the parts are all there is
            total = new double[] {(table == null ? 0 : table[0]) + indexRead,
                (table == null ? 0 : table[1]) + indexWrite};
        }
        if (table == null) { // TOTAL: whatever the indexes did not take is the table's
            table = new double[] {total[0] - indexRead, total[1] - indexWrite};
        }
        read += total[0];
        write += total[1];
        if (c.tableName() != null) {
            tables = into(tables, c.tableName(), table);
        }
    }

    private static double[] split(Capacity c, boolean writes) {
        double[] units = split(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes);
        return units == null ? new double[2] : units;
    }

    /** {read, write}, or null when nothing is given. */
    private static double[] split(Double total, Double read, Double write, boolean writes) {
        if (read != null || write != null) {
            return new double[] {read == null ? 0 : read, write == null ? 0 : write};
        }
        if (total == null) {
            return null;
        }
        return writes ? new double[] {0, total} : new double[] {total, 0};
    }

    private static Map<String, double[]> into(Map<String, double[]> sums, String name, double[] units) {
        Map<String, double[]> out = sums == null ? new LinkedHashMap<>() : sums;
        double[] sum = out.computeIfAbsent(name, n -> new double[2]);
        sum[0] += units[0];
        sum[1] += units[1];
        return out;
    }

    int requests() {
        return requests;
    }

    int retries() {
        return retries;
    }

    long itemsRead() {
        return itemsRead;
    }

    /** The read units summed so far. */
    double readUnits() {
        return read;
    }

    /** The write units summed so far. */
    double writeUnits() {
        return write;
    }

    /** The sums so far, as a value. */
    OperationCapacity capacity() {
        if (requests == 0) {
            return OperationCapacity.NONE;
        }
        return OperationCapacity.of(read, write, units(tables), units(globalIndexes), units(localIndexes), requests,
                reported);
    }

    private static Map<String, OperationCapacity.Units> units(Map<String, double[]> sums) {
        if (sums == null) {
            return Map.of();
        }
        Map<String, OperationCapacity.Units> out = new LinkedHashMap<>();
        sums.forEach((name, u) -> out.put(name, new OperationCapacity.Units(u[0], u[1])));
        return out;
    }
}
