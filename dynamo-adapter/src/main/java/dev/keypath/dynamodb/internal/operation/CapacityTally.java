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
    /** The first table reported and its units; any other table goes into {@link #tables}. */
    private String firstTable;
    private double firstRead;
    private double firstWrite;
    private Map<String, double[]> tables;
    private Map<String, double[]> globalIndexes;
    private Map<String, double[]> localIndexes;
    private int requests;
    private int reported;
    private int retries;
    private long itemsRead;

    /**
     * Adds what {@code inner}, an operation run inside this one (a read or the commit of a read-modify-write),
     * sent, consumed and read.
     */
    void include(CapacityTally inner) {
        read += inner.read;
        write += inner.write;
        if (inner.firstTable != null) {
            table(inner.firstTable, inner.firstRead, inner.firstWrite);
        }
        if (inner.tables != null) {
            inner.tables.forEach((name, u) -> table(name, u[0], u[1]));
        }
        if (inner.globalIndexes != null) {
            inner.globalIndexes.forEach((name, u) -> globalIndexes = into(globalIndexes, name, u[0], u[1]));
        }
        if (inner.localIndexes != null) {
            inner.localIndexes.forEach((name, u) -> localIndexes = into(localIndexes, name, u[0], u[1]));
        }
        requests += inner.requests;
        reported += inner.reported;
        retries += inner.retries;
        itemsRead += inner.itemsRead;
    }

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
        boolean writes = api.writes();
        if (api.reportsOne()) { // a single-table call: its one figure, no list
            ConsumedCapacity one = api.consumedOne(response);
            if (one != null) {
                reported++;
                add(one, writes);
            }
        } else {
            List<ConsumedCapacity> consumed = api.consumed(response);
            if (!consumed.isEmpty()) {
                reported++;
            }
            for (ConsumedCapacity c : consumed) {
                add(c, writes);
            }
        }
        itemsRead += api.itemsRead(response);
        retries += api.unprocessed(response);
    }

    private void add(ConsumedCapacity c, boolean writes) {
        double indexRead = 0;
        double indexWrite = 0;
        if (c.hasGlobalSecondaryIndexes()) {
            for (Map.Entry<String, Capacity> e : c.globalSecondaryIndexes().entrySet()) {
                double r = readOf(e.getValue(), writes);
                double w = writeOf(e.getValue(), writes);
                globalIndexes = into(globalIndexes, e.getKey(), r, w);
                indexRead += r;
                indexWrite += w;
            }
        }
        if (c.hasLocalSecondaryIndexes()) {
            for (Map.Entry<String, Capacity> e : c.localSecondaryIndexes().entrySet()) {
                double r = readOf(e.getValue(), writes);
                double w = writeOf(e.getValue(), writes);
                localIndexes = into(localIndexes, e.getKey(), r, w);
                indexRead += r;
                indexWrite += w;
            }
        }
        Capacity table = c.table();
        boolean totals = given(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits());
        double tableRead;
        double tableWrite;
        double totalRead;
        double totalWrite;
        if (table != null) {
            tableRead = readOf(table, writes);
            tableWrite = writeOf(table, writes);
        } else { // TOTAL: whatever the indexes did not take is the table's
            tableRead = readOf(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes) - indexRead;
            tableWrite = writeOf(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes)
                    - indexWrite;
        }
        if (totals) {
            totalRead = readOf(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes);
            totalWrite = writeOf(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes);
        } else { // no totals: the parts are all there is
            totalRead = (table == null ? 0 : tableRead) + indexRead;
            totalWrite = (table == null ? 0 : tableWrite) + indexWrite;
            if (table == null) {
                tableRead = 0;
                tableWrite = 0;
            }
        }
        read += totalRead;
        write += totalWrite;
        if (c.tableName() != null) {
            table(c.tableName(), tableRead, tableWrite);
        }
    }

    /** Adds to the units of table {@code name}: the first table in fields, any other in a map. */
    private void table(String name, double r, double w) {
        if (firstTable == null || firstTable.equals(name)) {
            firstTable = name;
            firstRead += r;
            firstWrite += w;
        } else {
            tables = into(tables, name, r, w);
        }
    }

    private static boolean given(Double total, Double read, Double write) {
        return total != null || read != null || write != null;
    }

    private static double readOf(Capacity c, boolean writes) {
        return readOf(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes);
    }

    private static double writeOf(Capacity c, boolean writes) {
        return writeOf(c.capacityUnits(), c.readCapacityUnits(), c.writeCapacityUnits(), writes);
    }

    /** The read units of a figure: its read part when split, else the total when the call reads. */
    private static double readOf(Double total, Double read, Double write, boolean writes) {
        if (read != null || write != null) {
            return read == null ? 0 : read;
        }
        return total == null || writes ? 0 : total;
    }

    /** The write units of a figure: its write part when split, else the total when the call writes. */
    private static double writeOf(Double total, Double read, Double write, boolean writes) {
        if (read != null || write != null) {
            return write == null ? 0 : write;
        }
        return total == null || !writes ? 0 : total;
    }

    private static Map<String, double[]> into(Map<String, double[]> sums, String name, double r, double w) {
        Map<String, double[]> out = sums == null ? new LinkedHashMap<>() : sums;
        double[] sum = out.get(name);
        if (sum == null) {
            out.put(name, sum = new double[2]);
        }
        sum[0] += r;
        sum[1] += w;
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
        Map<String, OperationCapacity.Units> tableUnits;
        if (firstTable == null) {
            tableUnits = Map.of();
        } else if (tables == null) {
            tableUnits = Map.of(firstTable, new OperationCapacity.Units(firstRead, firstWrite));
        } else {
            tableUnits = new LinkedHashMap<>();
            tableUnits.put(firstTable, new OperationCapacity.Units(firstRead, firstWrite));
            tables.forEach((name, u) -> tableUnits.put(name, new OperationCapacity.Units(u[0], u[1])));
        }
        return OperationCapacity.of(read, write, tableUnits, units(globalIndexes), units(localIndexes), requests,
                reported);
    }

    private static Map<String, OperationCapacity.Units> units(Map<String, double[]> sums) {
        if (sums == null) {
            return Map.of();
        }
        if (sums.size() == 1) {
            Map.Entry<String, double[]> only = sums.entrySet().iterator().next();
            return Map.of(only.getKey(), new OperationCapacity.Units(only.getValue()[0], only.getValue()[1]));
        }
        Map<String, OperationCapacity.Units> out = new LinkedHashMap<>();
        sums.forEach((name, u) -> out.put(name, new OperationCapacity.Units(u[0], u[1])));
        return out;
    }
}
