package dev.keypath.micrometer;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationHighCardinalityKeys;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;

/**
 * Our names and keys of an operation's observation: named {@value KeyPathObservations#OPERATION}, contextual name
 * {@code "{db.operation.name} {table}"} ({@code "query posts"}); the low- and high-cardinality keys of
 * {@link KeyPathObservationDocumentation#OPERATION}. Extend it to add or change keys.
 *
 * <p>Micrometer asks a convention for the keys when the observation starts and again when it stops. The names and
 * low-cardinality keys of each shape of operation (access pattern, kind, item type, table and index) are built
 * once and kept, bounded like the meters; an operation's key path is rendered once for both. Thread-safe.
 */
public class DefaultKeyPathObservationConvention implements KeyPathObservationConvention {
    /** The one instance a table uses when no other convention is given. */
    public static final DefaultKeyPathObservationConvention INSTANCE = new DefaultKeyPathObservationConvention();

    private final OperationKeys keys = new OperationKeys();

    @Override
    public String getName() {
        return KeyPathObservations.OPERATION;
    }

    @Override
    public String getContextualName(KeyPathOperationContext context) {
        OperationKeys.Shape shape = shape(context);
        return shape != null ? shape.contextualName : OperationKeys.contextualName(context.start());
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(KeyPathOperationContext context) {
        OperationStart start = context.start();
        OperationReport report = context.report();
        OperationKeys.Shape shape = shape(context);
        if (shape != null) {
            if (report == null && context.getError() == null) {
                return shape.running;
            }
            if (report != null && report.error() == null) {
                switch (report.outcome()) {
                    case SUCCESS -> {
                        return shape.success;
                    }
                    case CONDITION_FAILED -> {
                        return shape.conditionFailed;
                    }
                    default -> {
                        // built below
                    }
                }
            }
        }
        return OperationKeys.lowCardinality(start,
                report == null ? OperationNames.RUNNING : OperationNames.outcome(report.outcome()),
                report == null ? OperationNames.errorType(context.getError())
                        : OperationNames.errorType(report.error()));
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(KeyPathOperationContext context) {
        OperationReport report = context.report();
        KeyPath path = report != null && report.keyPath() != null ? report.keyPath() : context.start().keyPath();
        KeyValue keyPath = path == null ? null : keyPath(context, path);
        if (report == null) {
            return keyPath == null ? KeyValues.empty() : KeyValues.of(keyPath);
        }
        OperationKeys.Shape shape = shape(context);
        KeyValue capacity = shape != null ? shape.capacity(report.capacity())
                : OperationKeys.capacityKey(report.table(), report.capacity());
        KeyValue scanned = OperationKeys.count(OperationHighCardinalityKeys.SCANNED_COUNT, report.itemsRead());
        KeyValue count = OperationKeys.count(OperationHighCardinalityKeys.COUNT, report.itemsReturned());
        KeyValue requests = OperationKeys.count(OperationHighCardinalityKeys.REQUESTS, report.requests());
        KeyValue retries = OperationKeys.count(OperationHighCardinalityKeys.RETRIES, report.retries());
        return keyPath == null ? KeyValues.of(capacity, scanned, count, requests, retries)
                : KeyValues.of(keyPath, capacity, scanned, count, requests, retries);
    }

    /** The kept shape of the context's operation (found once per operation), or null past the bound. */
    private OperationKeys.Shape shape(KeyPathOperationContext context) {
        OperationKeys.Shape shape = context.shape;
        if (shape != null && shape.owner == keys) {
            return shape;
        }
        shape = keys.shape(context.start());
        if (shape != null) {
            context.shape = shape;
        }
        return shape;
    }

    /** The key value of {@code path}, rendered once per operation when the start's and the end's are the same. */
    private static KeyValue keyPath(KeyPathOperationContext context, KeyPath path) {
        KeyPathOperationContext.RenderedKeyPath rendered = context.renderedKeyPath;
        if (rendered != null && rendered.keyPath() == path) {
            return rendered.keyValue();
        }
        KeyValue value = OperationHighCardinalityKeys.KEY_PATH.withValue(path.toString());
        context.renderedKeyPath = new KeyPathOperationContext.RenderedKeyPath(path, value);
        return value;
    }
}
