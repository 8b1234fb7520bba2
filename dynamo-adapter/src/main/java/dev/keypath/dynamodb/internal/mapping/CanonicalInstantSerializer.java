package dev.keypath.dynamodb.internal.mapping;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.ext.javatime.ser.InstantSerializer;

/**
 * Jackson's {@code Instant} serializer with a fast path: where Jackson would write {@link Instant#toString()} (no
 * pattern, no timestamp, no truncation), this writes the same text through {@link CanonicalInstants}. Everything
 * else, including a year without four digits, is Jackson's own code. It is a subclass rather than a wrapper
 * because Jackson re-creates the serializer for each property it contextualizes; the copies stay this class.
 */
final class CanonicalInstantSerializer extends InstantSerializer {
    public CanonicalInstantSerializer() {
    }

    private CanonicalInstantSerializer(CanonicalInstantSerializer base, DateTimeFormatter formatter,
                                       Boolean useTimestamp, Boolean useNanoseconds, JsonFormat.Shape shape) {
        super(base, formatter, useTimestamp, useNanoseconds, shape);
    }

    @Override
    protected InstantSerializer withFormat(DateTimeFormatter formatter, Boolean useTimestamp,
                                           JsonFormat.Shape shape) {
        return new CanonicalInstantSerializer(this, formatter, useTimestamp, _useNanoseconds, shape);
    }

    @Override
    protected InstantSerializer withFeatures(Boolean writeZoneId, Boolean writeNanoseconds) {
        return new CanonicalInstantSerializer(this, _formatter, _useTimestamp, writeNanoseconds, _shape);
    }

    @Override
    public void serialize(Instant value, JsonGenerator gen, SerializationContext ctxt) {
        if (_formatter == null && !useTimestamp(ctxt) && !ctxt.isEnabled(DateTimeFeature.TRUNCATE_TO_MSECS_ON_WRITE)) {
            String text = CanonicalInstants.format(value);
            if (text != null) {
                gen.writeString(text);
                return;
            }
        }
        super.serialize(value, gen, ctxt);
    }
}
