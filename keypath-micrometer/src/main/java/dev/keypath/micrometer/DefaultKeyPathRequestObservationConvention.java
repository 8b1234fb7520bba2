package dev.keypath.micrometer;

import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestLowCardinalityKeys;
import io.micrometer.common.KeyValues;

/**
 * Our names and keys of a request's observation: named {@value KeyPathObservations#REQUEST}, contextual name
 * {@code "{db.operation.name} {table}"} ({@code "Query posts"}, as OpenTelemetry names database client spans); the
 * keys of {@link KeyPathObservationDocumentation#REQUEST}. Extend it to add or change keys. Stateless.
 */
public class DefaultKeyPathRequestObservationConvention implements KeyPathRequestObservationConvention {
    /** The one instance a table uses when no other convention is given. */
    public static final DefaultKeyPathRequestObservationConvention INSTANCE =
            new DefaultKeyPathRequestObservationConvention();

    @Override
    public String getName() {
        return KeyPathObservations.REQUEST;
    }

    @Override
    public String getContextualName(KeyPathRequestContext context) {
        return context.api() + " " + context.operation().table();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(KeyPathRequestContext context) {
        return KeyValues.of(
                RequestLowCardinalityKeys.DB_SYSTEM_NAME.withValue(KeyPathObservations.DB_SYSTEM),
                RequestLowCardinalityKeys.DB_OPERATION_NAME.withValue(context.api()),
                RequestLowCardinalityKeys.TABLE_NAMES.withValue(context.operation().table()),
                RequestLowCardinalityKeys.INDEX_NAME.withValue(OperationNames.orNone(context.operation().index())),
                RequestLowCardinalityKeys.ERROR_TYPE.withValue(OperationNames.errorType(context.getError())));
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(KeyPathRequestContext context) {
        if (!context.answered()) {
            return KeyValues.empty();
        }
        return KeyValues.of(
                RequestHighCardinalityKeys.CONSUMED_CAPACITY.withValue(
                        OperationNames.capacity(context.readUnits(), context.writeUnits())),
                RequestHighCardinalityKeys.SCANNED_COUNT.withValue(Long.toString(context.itemsRead())));
    }
}
