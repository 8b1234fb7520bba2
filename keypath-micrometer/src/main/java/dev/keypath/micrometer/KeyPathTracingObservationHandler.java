package dev.keypath.micrometer;

import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationLowCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestLowCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.TypedKeyName;
import dev.keypath.micrometer.KeyPathObservationDocumentation.ValueType;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Micrometer Tracing's span handler for keypath's observations, which gives every key its type as OpenTelemetry's
 * conventions define it ({@link ValueType}): {@code aws.dynamodb.table_names} and
 * {@code aws.dynamodb.consumed_capacity} as string arrays, {@code aws.dynamodb.consistent_read} and
 * {@code scan_forward} as booleans, {@code aws.dynamodb.limit}, {@code segment}, {@code total_segments}, the counts as
 * integers. Micrometer hands observation keys to spans as text; register this handler before the default one (Spring
 * Boot does, where keypath's auto-configuration finds a {@link Tracer}) and it handles keypath's observations, the
 * default handler every other. A key of another convention, or not declared, stays text. The convention's conditional
 * keys ({@code aws.dynamodb.index_name}, {@code error.type}, {@code db.collection.name},
 * {@code aws.dynamodb.table_names}) are left out of a span where the observation says
 * {@value KeyPathObservationDocumentation#NONE}: observations carry every key so that meters keep one set of tags.
 * Thread-safe.
 */
public class KeyPathTracingObservationHandler extends DefaultTracingObservationHandler {
    private static final Map<String, ValueType> TYPES = new HashMap<>();
    /** The keys OpenTelemetry's conventions set only where they have a value. */
    private static final Set<String> CONDITIONAL = Set.of(OperationLowCardinalityKeys.INDEX_NAME.asString(),
            OperationLowCardinalityKeys.ERROR_TYPE.asString(), OperationLowCardinalityKeys.DB_COLLECTION_NAME.asString(),
            OperationLowCardinalityKeys.TABLE_NAMES.asString());

    static {
        Stream.of(OperationLowCardinalityKeys.values(), OperationHighCardinalityKeys.values(),
                RequestLowCardinalityKeys.values(), RequestHighCardinalityKeys.values())
                .flatMap(Stream::of).map(TypedKeyName.class::cast)
                .forEach(key -> TYPES.put(key.asString(), key.valueType()));
    }

    /** A handler that makes spans with {@code tracer}. */
    public KeyPathTracingObservationHandler(Tracer tracer) {
        super(tracer);
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
        return context instanceof KeyPathOperationContext || context instanceof KeyPathRequestContext;
    }

    @Override
    public void tagSpan(Observation.Context context, Span span) {
        for (KeyValue keyValue : context.getAllKeyValues()) {
            if (!leftOut(keyValue.getKey(), keyValue.getValue())) {
                tag(span, keyValue.getKey(), keyValue.getValue());
            }
        }
    }

    /** Whether a span leaves out {@code key}: a conditional key of the convention without a value. */
    static boolean leftOut(String key, String value) {
        return CONDITIONAL.contains(key) && KeyPathObservationDocumentation.NONE.equals(value);
    }

    /** Tags {@code span} with {@code value} as the declared type of {@code key}, text when it cannot be read so. */
    static void tag(Span span, String key, String value) {
        ValueType type = TYPES.getOrDefault(key, ValueType.STRING);
        switch (type) {
            case STRING_ARRAY -> {
                List<String> elements = ConventionValues.elements(value);
                span.tagOfStrings(key, elements);
            }
            case BOOLEAN -> {
                if (value.equals("true") || value.equals("false")) {
                    span.tag(key, Boolean.parseBoolean(value));
                } else {
                    span.tag(key, value);
                }
            }
            case LONG -> {
                try {
                    span.tag(key, Long.parseLong(value));
                } catch (NumberFormatException e) {
                    span.tag(key, value);
                }
            }
            default -> span.tag(key, value);
        }
    }
}
