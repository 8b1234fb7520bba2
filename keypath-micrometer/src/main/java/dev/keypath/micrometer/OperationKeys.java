package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationLowCardinalityKeys;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The names and low-cardinality keys of each shape of operation (access pattern, kind, item type, table, index),
 * built once and kept, for {@link DefaultKeyPathObservationConvention}: the contextual name, and the keys of a
 * running operation, of a success and of a failed condition, and the consumed-capacity key of the units it last
 * reported; the keys of small counts are kept for all shapes. An error's keys, which name its type, are built each
 * time (errors are rare, and their types many). Past {@value #MAX_SHAPES} shapes nothing more is kept and each
 * further shape's keys are built each time, as they were before. Thread-safe.
 */
final class OperationKeys {
    /** The most shapes kept: far above any application's access patterns × operations. */
    static final int MAX_SHAPES = 10_000;

    /** The keys of the counts below {@value #KEPT_COUNTS}, by count key: null for the keys that are not counts. */
    private static final KeyValue[][] COUNTS = new KeyValue[OperationHighCardinalityKeys.values().length][];
    private static final int KEPT_COUNTS = 16;

    static {
        for (OperationHighCardinalityKeys key : List.of(OperationHighCardinalityKeys.SCANNED_COUNT,
                OperationHighCardinalityKeys.COUNT, OperationHighCardinalityKeys.REQUESTS,
                OperationHighCardinalityKeys.RETRIES)) {
            KeyValue[] kept = new KeyValue[KEPT_COUNTS];
            for (int i = 0; i < kept.length; i++) {
                kept[i] = key.withValue(OperationNames.count(i));
            }
            COUNTS[key.ordinal()] = kept;
        }
    }

    /** Per access pattern, the shapes of operation seen under it (almost always one). */
    private final Map<String, Shape> shapes = new ConcurrentHashMap<>();
    private final AtomicInteger kept = new AtomicInteger();

    /** The kept shape of {@code start}'s operation, or null when too many are kept already. */
    Shape shape(OperationStart start) {
        Shape found = match(shapes.get(start.accessPattern()), start);
        if (found != null || kept.get() >= MAX_SHAPES) {
            return found;
        }
        return match(shapes.compute(start.accessPattern(), (pattern, head) -> {
            if (match(head, start) != null) {
                return head;
            }
            kept.incrementAndGet();
            return new Shape(this, start, head);
        }), start);
    }

    private static Shape match(Shape head, OperationStart start) {
        for (Shape s = head; s != null; s = s.next) {
            if (s.matches(start)) {
                return s;
            }
        }
        return null;
    }

    /** The contextual name of an operation: {@code "{db.operation.name} {table}"}. */
    static String contextualName(OperationStart start) {
        return OperationNames.operation(start.kind()) + " " + start.table();
    }

    /**
     * The low-cardinality keys of an operation with {@code outcome} ("unknown" while it runs) and error type (null
     * for none); the index and the error type only when there is one.
     */
    static KeyValues lowCardinality(OperationStart start, String outcome, String errorType) {
        List<KeyValue> keys = new ArrayList<>(9);
        keys.add(OperationLowCardinalityKeys.DB_SYSTEM_NAME.withValue(KeyPathObservations.DB_SYSTEM));
        keys.add(OperationLowCardinalityKeys.DB_OPERATION_NAME.withValue(OperationNames.operation(start.kind())));
        keys.add(OperationLowCardinalityKeys.TABLE_NAMES.withValue(start.table()));
        keys.add(OperationLowCardinalityKeys.DB_COLLECTION_NAME.withValue(start.table()));
        if (start.index() != null) {
            keys.add(OperationLowCardinalityKeys.INDEX_NAME.withValue(start.index()));
        }
        keys.add(OperationLowCardinalityKeys.ACCESS_PATTERN.withValue(start.accessPattern()));
        keys.add(OperationLowCardinalityKeys.ITEM_TYPE.withValue(OperationNames.itemType(start.itemType())));
        keys.add(OperationLowCardinalityKeys.OUTCOME.withValue(outcome));
        if (errorType != null) {
            keys.add(OperationLowCardinalityKeys.ERROR_TYPE.withValue(errorType));
        }
        return KeyValues.of(keys);
    }

    /** What is kept of one shape of operation. Linked to the other shapes of the same access pattern's name. */
    static final class Shape {
        /** The keeper of this shape: a context's shape is used only by the convention that found it. */
        final OperationKeys owner;
        private final OperationKind kind;
        private final Class<?> type;
        private final String table;
        private final String index;
        private final Shape next;
        final String contextualName;
        final KeyValues running;
        final KeyValues success;
        final KeyValues conditionFailed;
        /** The last capacity written, as the observation's value: operations of a shape mostly consume the same. */
        private volatile CapacityText capacity;

        Shape(OperationKeys owner, OperationStart start, Shape next) {
            this.owner = owner;
            this.kind = start.kind();
            this.type = start.itemType();
            this.table = start.table();
            this.index = start.index();
            this.next = next;
            this.contextualName = contextualName(start);
            this.running = lowCardinality(start, OperationNames.RUNNING, null);
            this.success = lowCardinality(start, OperationNames.outcome(OperationReport.Outcome.SUCCESS), null);
            this.conditionFailed = lowCardinality(start,
                    OperationNames.outcome(OperationReport.Outcome.CONDITION_FAILED), null);
        }

        boolean matches(OperationStart start) {
            return kind == start.kind() && type == start.itemType() && table.equals(start.table())
                    && Objects.equals(index, start.index());
        }

        /** The {@code aws.dynamodb.consumed_capacity} key of this capacity, kept for the last capacity asked. */
        KeyValue capacity(OperationCapacity units) {
            CapacityText last = capacity;
            if (last != null && last.capacity.equals(units)) {
                return last.key;
            }
            CapacityText text = new CapacityText(units, capacityKey(table, units));
            capacity = text;
            return text.key;
        }
    }

    /** The {@code aws.dynamodb.consumed_capacity} key of an operation on {@code table} that consumed {@code units}. */
    static KeyValue capacityKey(String table, OperationCapacity units) {
        return OperationHighCardinalityKeys.CONSUMED_CAPACITY.withValue(ConventionValues.capacity(table, units));
    }

    /**
     * The key {@code key} with the value {@code count}: kept for the small counts most operations report (an item
     * read and returned, one request, no retry), built for others.
     */
    static KeyValue count(OperationHighCardinalityKeys key, long count) {
        KeyValue[] kept = COUNTS[key.ordinal()];
        return kept != null && count >= 0 && count < kept.length ? kept[(int) count]
                : key.withValue(OperationNames.count(count));
    }

    private record CapacityText(OperationCapacity capacity, KeyValue key) {
    }
}
