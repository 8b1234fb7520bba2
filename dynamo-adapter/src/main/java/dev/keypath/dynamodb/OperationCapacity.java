package dev.keypath.dynamodb;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The capacity one logical operation consumed: the read and write units DynamoDB reported for all the requests the
 * operation sent (every page, every batch retry, a sequence allocation, the alias reads and writes of a unique key
 * path, the batch get that fills a page of a keys-only index), in total, per table and per secondary index.
 *
 * <p>DynamoDB reports capacity only in a successful response. A request that failed (a condition that did not
 * hold, a cancelled transaction, a throttle the SDK gave up on) consumed capacity that is not known to the client:
 * {@link #unreportedRequests()} counts those requests, and {@link #complete()} says whether every request's
 * capacity is in the figures. Nothing is estimated.
 *
 * <p>How much detail there is depends on the table's {@code returnConsumedCapacity} setting: {@code INDEXES} (the
 * default) splits the units between the table and each index; {@code TOTAL} gives the totals, counted under the
 * table; {@code NONE} gives nothing ({@link #reported()} is false).
 *
 * <p>Immutable and thread-safe.
 */
public final class OperationCapacity {
    /** No request sent, nothing consumed. */
    public static final OperationCapacity NONE = new OperationCapacity(0, 0, Map.of(), Map.of(), Map.of(), 0, 0);
    /** The class of an immutable map of one entry ({@code Map.of(k, v)}), which needs no copy. */
    private static final Class<?> ONE_ENTRY = Map.of("", Units.ZERO).getClass();

    private final double readUnits;
    private final double writeUnits;
    private final Map<String, Units> tables;
    private final Map<String, Units> globalIndexes;
    private final Map<String, Units> localIndexes;
    private final int requests;
    private final int reportedRequests;

    private OperationCapacity(double readUnits, double writeUnits, Map<String, Units> tables,
                              Map<String, Units> globalIndexes, Map<String, Units> localIndexes, int requests,
                              int reportedRequests) {
        this.readUnits = readUnits;
        this.writeUnits = writeUnits;
        this.tables = tables;
        this.globalIndexes = globalIndexes;
        this.localIndexes = localIndexes;
        this.requests = requests;
        this.reportedRequests = reportedRequests;
    }

    /**
     * The capacity of an operation, for table implementations and tests: the maps are copied.
     *
     * @param readUnits        read units in total (tables and indexes)
     * @param writeUnits       write units in total (tables and indexes)
     * @param tables           per table name, the units of the table itself (its indexes apart)
     * @param globalIndexes    per global secondary index name, its units
     * @param localIndexes     per local secondary index name, its units
     * @param requests         the requests sent
     * @param reportedRequests the requests whose response reported capacity
     */
    public static OperationCapacity of(double readUnits, double writeUnits, Map<String, Units> tables,
                                       Map<String, Units> globalIndexes, Map<String, Units> localIndexes,
                                       int requests, int reportedRequests) {
        if (requests < 0 || reportedRequests < 0 || reportedRequests > requests) {
            throw new IllegalArgumentException(reportedRequests + " reported of " + requests + " requests");
        }
        return new OperationCapacity(readUnits, writeUnits, copy(tables), copy(globalIndexes), copy(localIndexes),
                requests, reportedRequests);
    }

    private static Map<String, Units> copy(Map<String, Units> units) {
        if (units.isEmpty()) {
            return Map.of();
        }
        if (units.getClass() == ONE_ENTRY) { // already immutable: nothing to copy
            return units;
        }
        if (units.size() == 1) { // the common case (one table, one index): no map of our own
            Map.Entry<String, Units> only = units.entrySet().iterator().next();
            return Map.of(only.getKey(), only.getValue());
        }
        return Collections.unmodifiableMap(new LinkedHashMap<>(units));
    }

    /** Read units consumed in total: tables and indexes. */
    public double readUnits() {
        return readUnits;
    }

    /** Write units consumed in total: tables and indexes. */
    public double writeUnits() {
        return writeUnits;
    }

    /** Read and write units together. */
    public double totalUnits() {
        return readUnits + writeUnits;
    }

    /** Per table name, the units the table itself consumed, apart from its indexes; in the order first reported. */
    public Map<String, Units> tables() {
        return tables;
    }

    /** Per global secondary index name, the units it consumed (with {@code INDEXES} only). */
    public Map<String, Units> globalIndexes() {
        return globalIndexes;
    }

    /** Per local secondary index name, the units it consumed (with {@code INDEXES} only). */
    public Map<String, Units> localIndexes() {
        return localIndexes;
    }

    /** The units of the table {@code name} itself; {@link Units#ZERO} when none were reported for it. */
    public Units table(String name) {
        return tables.getOrDefault(name, Units.ZERO);
    }

    /** The units of the secondary index {@code name}, global or local; {@link Units#ZERO} when none were reported. */
    public Units index(String name) {
        Units global = globalIndexes.get(name);
        return global != null ? global : localIndexes.getOrDefault(name, Units.ZERO);
    }

    /** The requests the operation sent, failed ones and retries included. */
    public int requests() {
        return requests;
    }

    /** The requests whose response reported no capacity: failed requests, or all of them with {@code NONE}. */
    public int unreportedRequests() {
        return requests - reportedRequests;
    }

    /** Whether DynamoDB reported the capacity of at least one request. */
    public boolean reported() {
        return reportedRequests > 0;
    }

    /** Whether DynamoDB reported the capacity of every request sent, so that the figures are the whole cost. */
    public boolean complete() {
        return reportedRequests == requests;
    }

    /** The capacity of this operation and {@code other} together (the pages of a parallel scan, say). */
    public OperationCapacity plus(OperationCapacity other) {
        Objects.requireNonNull(other, "other");
        if (other.requests == 0) {
            return this;
        }
        if (requests == 0) {
            return other;
        }
        return new OperationCapacity(readUnits + other.readUnits, writeUnits + other.writeUnits,
                sum(tables, other.tables), sum(globalIndexes, other.globalIndexes),
                sum(localIndexes, other.localIndexes), requests + other.requests,
                reportedRequests + other.reportedRequests);
    }

    private static Map<String, Units> sum(Map<String, Units> a, Map<String, Units> b) {
        if (b.isEmpty()) {
            return a;
        }
        Map<String, Units> out = new LinkedHashMap<>(a);
        b.forEach((name, units) -> out.merge(name, units, Units::plus));
        return Collections.unmodifiableMap(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OperationCapacity c && Double.compare(readUnits, c.readUnits) == 0
                && Double.compare(writeUnits, c.writeUnits) == 0 && tables.equals(c.tables)
                && globalIndexes.equals(c.globalIndexes) && localIndexes.equals(c.localIndexes)
                && requests == c.requests && reportedRequests == c.reportedRequests;
    }

    @Override
    public int hashCode() {
        return Objects.hash(readUnits, writeUnits, tables, globalIndexes, localIndexes, requests, reportedRequests);
    }

    @Override
    public String toString() {
        return "OperationCapacity[read=" + readUnits + ", write=" + writeUnits + ", tables=" + tables
                + ", globalIndexes=" + globalIndexes + ", localIndexes=" + localIndexes + ", requests=" + requests
                + ", unreported=" + unreportedRequests() + "]";
    }

    /**
     * Read and write capacity units of one table or index.
     *
     * @param readUnits  read units
     * @param writeUnits write units
     */
    public record Units(double readUnits, double writeUnits) {
        /** Nothing consumed. */
        public static final Units ZERO = new Units(0, 0);

        /** Read and write units together. */
        public double totalUnits() {
            return readUnits + writeUnits;
        }

        /** These units and {@code other} together. */
        public Units plus(Units other) {
            return new Units(readUnits + other.readUnits, writeUnits + other.writeUnits);
        }
    }
}
