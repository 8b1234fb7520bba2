package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The counters of what operations consumed and read, by access pattern, item type, table and index: read and
 * write capacity units ({@value KeyPathObservations#READ_UNITS}, {@value KeyPathObservations#WRITE_UNITS}; the
 * table's own part under index {@code none}, each secondary index's part under its name), and for reads, items
 * read and items returned ({@value KeyPathObservations#ITEMS_READ}, {@value KeyPathObservations#ITEMS_RETURNED}). No tag holds an
 * id or a key path, so the number of meters is bounded by the access patterns, item types and indexes, whatever
 * keys are used. Counters are looked up once per combination and kept until a meter is removed from the
 * registry. Thread-safe.
 */
final class CapacityMeters {
    /** The operations whose items read and returned are counted: those that read items. */
    private static final Set<OperationKind> READS = EnumSet.of(OperationKind.GET, OperationKind.GET_BY_ALIAS,
            OperationKind.QUERY, OperationKind.QUERY_KEYS, OperationKind.SCAN, OperationKind.COUNT,
            OperationKind.BATCH_GET, OperationKind.TRANSACT_GET);

    private final MeterRegistry registry;
    private final Map<Key, Counters> counters = new ConcurrentHashMap<>();

    CapacityMeters(MeterRegistry registry) {
        this.registry = registry;
        registry.config().onMeterRemoved(removed -> counters.clear()); // kept counters must be the registry's
    }

    /** Adds what {@code report}'s operation consumed and read. */
    void record(OperationReport report) {
        OperationCapacity capacity = report.capacity();
        Class<?> type = report.itemType();
        Counters table = counters(report.accessPattern(), type, report.table(), null);
        double indexRead = 0;
        double indexWrite = 0;
        for (Map<String, OperationCapacity.Units> indexes : java.util.List.of(capacity.globalIndexes(),
                capacity.localIndexes())) {
            for (Map.Entry<String, OperationCapacity.Units> e : indexes.entrySet()) {
                OperationCapacity.Units units = e.getValue();
                if (units.readUnits() != 0 || units.writeUnits() != 0) {
                    Counters index = counters(report.accessPattern(), type, report.table(), e.getKey());
                    index.read(units.readUnits());
                    index.write(units.writeUnits());
                }
                indexRead += units.readUnits();
                indexWrite += units.writeUnits();
            }
        }
        table.read(capacity.readUnits() - indexRead);
        table.write(capacity.writeUnits() - indexWrite);
        if (READS.contains(report.kind())) { // what a write returns is what it was given: no amplification
            table.items(report.itemsRead(), report.itemsReturned());
        }
    }

    private Counters counters(String pattern, Class<?> type, String table, String index) {
        return counters.computeIfAbsent(new Key(pattern, type, table, index), this::register);
    }

    private Counters register(Key key) {
        Tags tags = Tags.of(
                KeyPathObservationDocumentation.OperationLowCardinalityKeys.ACCESS_PATTERN.asString(), key.pattern,
                KeyPathObservationDocumentation.OperationLowCardinalityKeys.ITEM_TYPE.asString(),
                OperationNames.itemType(key.type),
                KeyPathObservationDocumentation.OperationLowCardinalityKeys.TABLE_NAMES.asString(), key.table,
                KeyPathObservationDocumentation.OperationLowCardinalityKeys.INDEX_NAME.asString(),
                OperationNames.orNone(key.index));
        return new Counters(registry, tags, key.index == null);
    }

    /** What a set of counters is kept under: the tags' values. */
    private record Key(String pattern, Class<?> type, String table, String index) {
    }

    /** The counters of one combination of tags, each registered on first use. */
    private static final class Counters {
        private final MeterRegistry registry;
        private final Tags tags;
        private final boolean table;
        private volatile Counter read;
        private volatile Counter write;
        private volatile Counter itemsRead;
        private volatile Counter itemsReturned;

        Counters(MeterRegistry registry, Tags tags, boolean table) {
            this.registry = registry;
            this.tags = tags;
            this.table = table;
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
            if (!table || read == 0 && returned == 0) {
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
