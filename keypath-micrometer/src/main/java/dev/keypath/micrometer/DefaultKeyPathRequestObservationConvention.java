package dev.keypath.micrometer;

import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestLowCardinalityKeys;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import java.util.ArrayList;
import java.util.List;

/**
 * Our names and keys of a request's observation: named {@value KeyPathObservations#REQUEST}, contextual name
 * {@code "{db.operation.name} {table}"} ({@code "Query posts"}, as OpenTelemetry names database client spans); the
 * keys of {@link KeyPathObservationDocumentation#REQUEST}, as OpenTelemetry's DynamoDB conventions set them: the
 * tables, index and read settings the request itself names, the capacity and scanned count its response reported,
 * and only those that apply. Extend it to add or change keys. Stateless.
 */
public class DefaultKeyPathRequestObservationConvention implements KeyPathRequestObservationConvention {
    /** The one instance a table uses when no other convention is given. */
    public static final DefaultKeyPathRequestObservationConvention INSTANCE =
            new DefaultKeyPathRequestObservationConvention();
    /** {@code rpc.system} of every AWS SDK call. */
    static final String RPC_SYSTEM = "aws-api";
    /** {@code rpc.service} of DynamoDB. */
    static final String RPC_SERVICE = "DynamoDB";

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
        RequestFields fields = fields(context);
        List<KeyValue> keys = new ArrayList<>(9);
        keys.add(RequestLowCardinalityKeys.DB_SYSTEM_NAME.withValue(KeyPathObservations.DB_SYSTEM));
        keys.add(RequestLowCardinalityKeys.DB_OPERATION_NAME.withValue(context.api()));
        keys.add(RequestLowCardinalityKeys.RPC_SYSTEM.withValue(RPC_SYSTEM));
        keys.add(RequestLowCardinalityKeys.RPC_SERVICE.withValue(RPC_SERVICE));
        keys.add(RequestLowCardinalityKeys.RPC_METHOD.withValue(context.api()));
        if (!fields.tables().isEmpty()) {
            keys.add(RequestLowCardinalityKeys.TABLE_NAMES.withValue(ConventionValues.names(fields.tables())));
        }
        if (fields.tables().size() == 1) {
            keys.add(RequestLowCardinalityKeys.DB_COLLECTION_NAME.withValue(fields.tables().get(0)));
        }
        if (fields.index() != null) {
            keys.add(RequestLowCardinalityKeys.INDEX_NAME.withValue(fields.index()));
        }
        if (context.getError() != null) {
            keys.add(RequestLowCardinalityKeys.ERROR_TYPE.withValue(context.getError().getClass().getName()));
        }
        return KeyValues.of(keys);
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(KeyPathRequestContext context) {
        RequestFields fields = fields(context);
        List<KeyValue> keys = new ArrayList<>(9);
        if (fields.consistentRead() != null) {
            keys.add(RequestHighCardinalityKeys.CONSISTENT_READ.withValue(fields.consistentRead().toString()));
        }
        if (fields.limit() != null) {
            keys.add(RequestHighCardinalityKeys.LIMIT.withValue(fields.limit().toString()));
        }
        if (fields.projection() != null) {
            keys.add(RequestHighCardinalityKeys.PROJECTION.withValue(fields.projection()));
        }
        if (fields.scanForward() != null) {
            keys.add(RequestHighCardinalityKeys.SCAN_FORWARD.withValue(fields.scanForward().toString()));
        }
        if (fields.select() != null) {
            keys.add(RequestHighCardinalityKeys.SELECT.withValue(fields.select()));
        }
        if (fields.segment() != null) {
            keys.add(RequestHighCardinalityKeys.SEGMENT.withValue(fields.segment().toString()));
        }
        if (fields.totalSegments() != null) {
            keys.add(RequestHighCardinalityKeys.TOTAL_SEGMENTS.withValue(fields.totalSegments().toString()));
        }
        if (context.answered()) {
            if (context.readUnits() + context.writeUnits() > 0) {
                String table = fields.tables().size() == 1 ? fields.tables().get(0) : context.operation().table();
                keys.add(RequestHighCardinalityKeys.CONSUMED_CAPACITY.withValue(
                        ConventionValues.capacity(table, context.readUnits(), context.writeUnits())));
            }
            if (fields.readsItems()) {
                keys.add(RequestHighCardinalityKeys.SCANNED_COUNT.withValue(OperationNames.count(context.itemsRead())));
            }
        }
        return KeyValues.of(keys);
    }

    private static RequestFields fields(KeyPathRequestContext context) {
        return RequestFields.of(context.request().orElse(null), context.operation().table());
    }
}
