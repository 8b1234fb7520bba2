package dev.keypath.micrometer.ledger;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * The running figures of one access pattern: adders, and a {@link SlidingLatency} for the latency figures of the
 * ledger's window. Thread-safe: lock-free but for the one step of the latency it updates.
 */
final class PatternTally {

    private final String name;
    private final OperationKind kind;
    private final String itemType;
    private final SlidingLatency latency;
    private final Map<OperationReport.Outcome, LongAdder> calls = new EnumMap<>(OperationReport.Outcome.class);
    private final DoubleAdder readUnits = new DoubleAdder();
    private final DoubleAdder writeUnits = new DoubleAdder();
    private final Map<String, UnitsAdder> tables = new ConcurrentHashMap<>();
    private final Map<String, UnitsAdder> indexes = new ConcurrentHashMap<>();
    private final LongAdder unreported = new LongAdder();
    private final LongAdder itemsRead = new LongAdder();
    private final LongAdder itemsReturned = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder itemsAsked = new LongAdder();

    PatternTally(String name, OperationKind kind, Class<?> itemType, SlidingLatency latency) {
        this.name = name;
        this.kind = kind;
        this.itemType = itemType == null ? null : itemType.getSimpleName();
        this.latency = latency;
        for (OperationReport.Outcome outcome : OperationReport.Outcome.values()) {
            calls.put(outcome, new LongAdder());
        }
    }

    void add(OperationReport report) {
        calls.get(report.outcome()).increment();
        latency.record(report.duration());
        OperationCapacity capacity = report.capacity();
        readUnits.add(capacity.readUnits());
        writeUnits.add(capacity.writeUnits());
        capacity.tables().forEach((table, units) -> tables.computeIfAbsent(table, t -> new UnitsAdder()).add(units));
        capacity.globalIndexes().forEach((index, units) -> indexes.computeIfAbsent(index, i -> new UnitsAdder())
                .add(units));
        capacity.localIndexes().forEach((index, units) -> indexes.computeIfAbsent(index, i -> new UnitsAdder())
                .add(units));
        unreported.add(capacity.unreportedRequests());
        itemsRead.add(report.itemsRead());
        itemsReturned.add(report.itemsReturned());
        requests.add(report.requests());
        retries.add(report.retries());
        itemsAsked.add(report.itemsAsked());
    }

    PatternFigures figures() {
        Map<OperationReport.Outcome, Long> byOutcome = new EnumMap<>(OperationReport.Outcome.class);
        calls.forEach((outcome, adder) -> byOutcome.put(outcome, adder.sum()));
        return new PatternFigures(name, kind, itemType, byOutcome, latency.latency(0.5, 0.9, 0.99), readUnits.sum(),
                writeUnits.sum(),
                units(tables), units(indexes), unreported.sum(), itemsRead.sum(), itemsReturned.sum(),
                requests.sum(), retries.sum(), itemsAsked.sum());
    }

    private static Map<String, OperationCapacity.Units> units(Map<String, UnitsAdder> adders) {
        Map<String, OperationCapacity.Units> out = new LinkedHashMap<>();
        adders.forEach((name, adder) -> out.put(name, adder.units()));
        return out;
    }

    /** Read and write units added up without locks. */
    private static final class UnitsAdder {
        private final DoubleAdder read = new DoubleAdder();
        private final DoubleAdder write = new DoubleAdder();

        void add(OperationCapacity.Units units) {
            read.add(units.readUnits());
            write.add(units.writeUnits());
        }

        OperationCapacity.Units units() {
            return new OperationCapacity.Units(read.sum(), write.sum());
        }
    }
}
