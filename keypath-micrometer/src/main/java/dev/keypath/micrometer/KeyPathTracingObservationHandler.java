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
import java.util.stream.Stream;

/**
 * Micrometer Tracing's span handler for keypath's observations, which gives every key its type as OpenTelemetry's
 * conventions define it ({@link ValueType}): {@code aws.dynamodb.table_names} and
 * {@code aws.dynamodb.consumed_capacity} as string arrays, {@code aws.dynamodb.consistent_read} and
 * {@code scan_forward} as booleans, {@code aws.dynamodb.limit}, {@code segment}, {@code total_segments}, the counts as
 * integers. Micrometer hands observation keys to spans as text; register this handler before the default one (Spring
 * Boot does, where keypath's auto-configuration finds a {@link Tracer}) and it handles keypath's observations, the
 * default handler every other. A key of another convention, or not declared, stays text. Thread-safe.
 */
public class KeyPathTracingObservationHandler extends DefaultTracingObservationHandler {
    private static final Map<String, ValueType> TYPES = new HashMap<>();

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
            tag(span, keyValue.getKey(), keyValue.getValue());
        }
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
