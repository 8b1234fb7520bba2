package dev.keypath.micrometer;

import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationLowCardinalityKeys;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.dynamodb.OperationStart;
import io.micrometer.common.KeyValues;

/**
 * Our names and keys of an operation's observation: named {@value KeyPathObservations#OPERATION}, contextual name
 * {@code "{db.operation.name} {table}"} ({@code "query posts"}); the low- and high-cardinality keys of
 * {@link KeyPathObservationDocumentation#OPERATION}. Extend it to add or change keys. Stateless.
 */
public class DefaultKeyPathObservationConvention implements KeyPathObservationConvention {
    /** The one instance a table uses when no other convention is given. */
    public static final DefaultKeyPathObservationConvention INSTANCE = new DefaultKeyPathObservationConvention();

    @Override
    public String getName() {
        return KeyPathObservations.OPERATION;
    }

    @Override
    public String getContextualName(KeyPathOperationContext context) {
        return OperationNames.operation(context.start().kind()) + " " + context.start().table();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(KeyPathOperationContext context) {
        OperationStart start = context.start();
        OperationReport report = context.report();
        return KeyValues.of(
                OperationLowCardinalityKeys.DB_SYSTEM_NAME.withValue(KeyPathObservations.DB_SYSTEM),
                OperationLowCardinalityKeys.DB_OPERATION_NAME.withValue(OperationNames.operation(start.kind())),
                OperationLowCardinalityKeys.TABLE_NAMES.withValue(start.table()),
                OperationLowCardinalityKeys.INDEX_NAME.withValue(OperationNames.orNone(start.index())),
                OperationLowCardinalityKeys.ACCESS_PATTERN.withValue(start.accessPattern()),
                OperationLowCardinalityKeys.ITEM_TYPE.withValue(OperationNames.itemType(start.itemType())),
                OperationLowCardinalityKeys.OUTCOME.withValue(report == null ? "unknown"
                        : OperationNames.outcome(report.outcome())),
                OperationLowCardinalityKeys.ERROR_TYPE.withValue(report == null
                        ? OperationNames.errorType(context.getError()) : OperationNames.errorType(report.error())));
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(KeyPathOperationContext context) {
        OperationReport report = context.report();
        KeyValues keys = report != null && report.keyPath() != null
                ? KeyValues.of(OperationHighCardinalityKeys.KEY_PATH.withValue(report.keyPath().toString()))
                : context.start().keyPath() != null
                ? KeyValues.of(OperationHighCardinalityKeys.KEY_PATH.withValue(context.start().keyPath().toString()))
                : KeyValues.empty();
        if (report == null) {
            return keys;
        }
        return keys.and(
                OperationHighCardinalityKeys.CONSUMED_CAPACITY.withValue(OperationNames.capacity(report.capacity())),
                OperationHighCardinalityKeys.SCANNED_COUNT.withValue(Long.toString(report.itemsRead())),
                OperationHighCardinalityKeys.COUNT.withValue(Long.toString(report.itemsReturned())),
                OperationHighCardinalityKeys.REQUESTS.withValue(Integer.toString(report.requests())),
                OperationHighCardinalityKeys.RETRIES.withValue(Integer.toString(report.retries())));
    }
}
