package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationLowCardinalityKeys;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The meters of a table's operations, by access pattern, item type, table and index: read and write capacity
 * units ({@value KeyPathObservations#READ_UNITS}, {@value KeyPathObservations#WRITE_UNITS}; the table's own part
 * under index {@code none}, each secondary index's part under its name), for reads the items read and returned
 * ({@value KeyPathObservations#ITEMS_READ}, {@value KeyPathObservations#ITEMS_RETURNED}), and, when no observation
 * handler times operations, the {@value KeyPathObservations#OPERATION} timer itself, with the keys and the
 * {@code error} tag that Micrometer's {@code DefaultMeterObservationHandler} would give it, and on request its
 * long-task timer of the operations in flight ({@value KeyPathObservations#OPERATION}{@code .active}, tagged with the
 * keys of a running operation as that handler tags it).
 *
 * <p>No tag holds an id or a key path, so the number of meters is bounded by access patterns, item types, indexes,
 * outcomes and error types, whatever keys are used. Each meter is registered once, on first use, and kept by the
 * shape of operation it belongs to, found by the access pattern's name: recording an operation looks up one map
 * entry and allocates nothing (the long-task timer's sample aside). A meter removed from the registry is registered
 * again on next use. Thread-safe.
 */
final class OperationMeters {
    /** The operations whose items read and returned are counted: those that read items. */
    private static final Set<OperationKind> READS = EnumSet.of(OperationKind.GET, OperationKind.GET_BY_ALIAS,
            OperationKind.QUERY, OperationKind.QUERY_KEYS, OperationKind.SCAN, OperationKind.COUNT,
            OperationKind.BATCH_GET, OperationKind.TRANSACT_GET);
    /** The value of the {@code error} tag of a timer of an operation that succeeded. */
    private static final String NO_ERROR = "none";

    private final MeterRegistry registry;
    /** Per access pattern, the shapes of operation seen under it (almost always one). */
    private final Map<String, Shape> shapes = new ConcurrentHashMap<>();

    OperationMeters(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
        registry.config().onMeterRemoved(removed -> shapes.clear()); // kept meters must be the registry's
    }

    /** Adds what {@code report}'s operation consumed and read, and, when {@code timed}, how long it took. */
    void record(OperationReport report, boolean timed) {
        Shape shape = shape(report);
        if (timed) {
            shape.timer(report).record(report.duration().toNanos(), TimeUnit.NANOSECONDS);
        }
        OperationCapacity capacity = report.capacity();
        double indexRead = 0;
        double indexWrite = 0;
        if (!capacity.globalIndexes().isEmpty()) {
            for (Map.Entry<String, OperationCapacity.Units> e : capacity.globalIndexes().entrySet()) {
                indexRead += shape.index(e.getKey()).add(e.getValue());
                indexWrite += e.getValue().writeUnits();
            }
        }
        if (!capacity.localIndexes().isEmpty()) {
            for (Map.Entry<String, OperationCapacity.Units> e : capacity.localIndexes().entrySet()) {
                indexRead += shape.index(e.getKey()).add(e.getValue());
                indexWrite += e.getValue().writeUnits();
            }
        }
        shape.tableCounters.read(capacity.readUnits() - indexRead);
        shape.tableCounters.write(capacity.writeUnits() - indexWrite);
        if (READS.contains(report.kind())) { // what a write returns is what it was given: no amplification
            shape.tableCounters.items(report.itemsRead(), report.itemsReturned());
        }
    }

    /**
     * Starts a sample of the {@value KeyPathObservations#OPERATION}{@code .active} long-task timer of
     * {@code start}'s shape of operation, tagged as Micrometer's {@code DefaultMeterObservationHandler} tags the one
     * it keeps for an observation: with the keys of a running operation.
     */
    LongTaskTimer.Sample startActive(OperationStart start) {
        return shape(start.accessPattern(), start.kind(), start.itemType(), start.table(), start.index()).active()
                .start();
    }

    private Shape shape(OperationReport report) {
        return shape(report.accessPattern(), report.kind(), report.itemType(), report.table(), report.index());
    }

    private Shape shape(String pattern, OperationKind kind, Class<?> type, String table, String index) {
        Shape found = match(shapes.get(pattern), kind, type, table, index);
        if (found != null) {
            return found;
        }
        return match(shapes.compute(pattern, (p, head) -> match(head, kind, type, table, index) != null ? head
                : new Shape(pattern, kind, type, table, index, head)), kind, type, table, index);
    }

    /** The shape of these among {@code head} and the shapes linked to it, or null. */
    private static Shape match(Shape head, OperationKind kind, Class<?> type, String table, String index) {
        for (Shape s = head; s != null; s = s.next) {
            if (s.matches(kind, type, table, index)) {
                return s;
            }
        }
        return null;
    }

    /**
     * The meters of one shape of operation: one access pattern, operation kind, item type, table and index. Linked
     * to the other shapes of the same access pattern's name.
     */
    private final class Shape {
        private final OperationKind kind;
        private final Class<?> type;
        private final String table;
        private final String index;
        private final String pattern;
        private final Shape next;
        private final Counters tableCounters;
        private final Map<String, Counters> indexes = new ConcurrentHashMap<>();
        /**
         * The timers of failures by error type, one map per outcome (a transaction's exception is a failed
         * condition or another error by its cancellation reasons); the successful one kept apart.
         */
        private final Map<Class<?>, Timer> conditionFailures = new ConcurrentHashMap<>();
        private final Map<Class<?>, Timer> errors = new ConcurrentHashMap<>();
        private volatile Timer success;
        private volatile Timer conditionFailed;
        private volatile LongTaskTimer active;

        Shape(String pattern, OperationKind kind, Class<?> type, String table, String index, Shape next) {
            this.kind = kind;
            this.type = type;
            this.table = table;
            this.index = index;
            this.pattern = pattern;
            this.next = next;
            this.tableCounters = new Counters(tags(null), true);
        }

        boolean matches(OperationKind kind, Class<?> type, String table, String index) {
            return this.kind == kind && this.type == type && this.table.equals(table)
                    && Objects.equals(this.index, index);
        }

        /** The long-task timer of this shape's operations in flight, registered on first use. */
        LongTaskTimer active() {
            LongTaskTimer t = active;
            if (t == null) {
                t = active = LongTaskTimer.builder(KeyPathObservations.OPERATION + ".active")
                        .tags(observationTags(OperationNames.RUNNING, null))
                        .register(registry);
            }
            return t;
        }

        Counters index(String name) {
            Counters c = indexes.get(name);
            if (c == null) {
                c = indexes.computeIfAbsent(name, n -> new Counters(tags(n), false));
            }
            return c;
        }

        Timer timer(OperationReport report) {
            switch (report.outcome()) {
                case SUCCESS -> {
                    Timer t = success;
                    return t != null ? t : (success = timer(report.outcome(), null));
                }
                case CONDITION_FAILED -> {
                    if (report.error() == null) {
                        Timer t = conditionFailed;
                        return t != null ? t : (conditionFailed = timer(report.outcome(), null));
                    }
                    return conditionFailures.computeIfAbsent(report.error().getClass(),
                            e -> timer(OperationReport.Outcome.CONDITION_FAILED, e));
                }
                default -> {
                    Class<?> error = report.error() == null ? Throwable.class : report.error().getClass();
                    return errors.computeIfAbsent(error, e -> timer(OperationReport.Outcome.ERROR, e));
                }
            }
        }

        private Timer timer(OperationReport.Outcome outcome, Class<?> error) {
            String errorType = error == null ? NO_ERROR : error.getSimpleName();
            return Timer.builder(KeyPathObservations.OPERATION)
                    .description("Logical operations of key-path tables")
                    .tags(Tags.of("error", errorType))
                    .tags(observationTags(OperationNames.outcome(outcome), error == null ? null : error.getName()))
                    .register(registry);
        }

        /**
         * The tags an observation of this shape's operations gives its meters: its low-cardinality keys, the index
         * and the error type only when there is one.
         */
        private Tags observationTags(String outcome, String errorType) {
            Tags tags = Tags.of(OperationLowCardinalityKeys.DB_SYSTEM_NAME.asString(), KeyPathObservations.DB_SYSTEM,
                    OperationLowCardinalityKeys.DB_OPERATION_NAME.asString(), OperationNames.operation(kind),
                    OperationLowCardinalityKeys.TABLE_NAMES.asString(), table,
                    OperationLowCardinalityKeys.DB_COLLECTION_NAME.asString(), table,
                    OperationLowCardinalityKeys.ACCESS_PATTERN.asString(), pattern,
                    OperationLowCardinalityKeys.ITEM_TYPE.asString(), OperationNames.itemType(type),
                    OperationLowCardinalityKeys.OUTCOME.asString(), outcome);
            if (index != null) {
                tags = tags.and(OperationLowCardinalityKeys.INDEX_NAME.asString(), index);
            }
            return errorType == null ? tags : tags.and(OperationLowCardinalityKeys.ERROR_TYPE.asString(), errorType);
        }

        private Tags tags(String index) {
            return Tags.of(OperationLowCardinalityKeys.ACCESS_PATTERN.asString(), pattern,
                    OperationLowCardinalityKeys.ITEM_TYPE.asString(), OperationNames.itemType(type),
                    OperationLowCardinalityKeys.TABLE_NAMES.asString(), table,
                    OperationLowCardinalityKeys.INDEX_NAME.asString(), OperationNames.orNone(index));
        }

        /** The counters of one table or index under this shape, each registered on first use. */
        private final class Counters {
            private final Tags tags;
            private final boolean ofTable;
            private volatile Counter read;
            private volatile Counter write;
            private volatile Counter itemsRead;
            private volatile Counter itemsReturned;

            Counters(Tags tags, boolean ofTable) {
                this.tags = tags;
                this.ofTable = ofTable;
            }

            /** Adds an index's units; returns its read units. */
            double add(OperationCapacity.Units units) {
                read(units.readUnits());
                write(units.writeUnits());
                return units.readUnits();
            }

            void read(double units) {
                if (units > 0) {
                    Counter c = read;
                    if (c == null) {
                        c = read = counter(KeyPathObservations.READ_UNITS, "capacity units",
                                "Read capacity units consumed");
                    }
                    c.increment(units);
                }
            }

            void write(double units) {
                if (units > 0) {
                    Counter c = write;
                    if (c == null) {
                        c = write = counter(KeyPathObservations.WRITE_UNITS, "capacity units",
                                "Write capacity units consumed");
                    }
                    c.increment(units);
                }
            }

            void items(long read, long returned) {
                if (!ofTable || read == 0 && returned == 0) {
                    return;
                }
                Counter r = itemsRead;
                Counter s = itemsReturned;
                if (r == null || s == null) {
                    r = itemsRead = counter(KeyPathObservations.ITEMS_READ, "items",
                            "Items DynamoDB read (scanned) for the operations");
                    s = itemsReturned = counter(KeyPathObservations.ITEMS_RETURNED, "items",
                            "Items the operations returned to their callers");
                }
                r.increment(read);
                s.increment(returned);
            }

            private Counter counter(String name, String unit, String description) {
                return Counter.builder(name).baseUnit(unit).description(description).tags(tags).register(registry);
            }
        }
    }
}
