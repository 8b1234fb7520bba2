package dev.keypath.dynamodb.internal.mapping;

import java.time.Instant;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.deser.std.DelegatingDeserializer;

/**
 * Jackson's own {@code Instant} deserializer with a fast path: a string in {@link Instant#toString()}'s form is read
 * by {@link CanonicalInstants}; every other token, and every string that fast path declines, goes to Jackson's
 * deserializer, so results and errors are Jackson's. Only wraps Jackson's default instance; a property whose
 * {@code @JsonFormat} or a mapper whose config override contextualizes it to something else gets that deserializer
 * unwrapped.
 */
final class CanonicalInstantDeserializer extends DelegatingDeserializer {
    public CanonicalInstantDeserializer(ValueDeserializer<?> jacksons) {
        super(jacksons);
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> contextualized) {
        return contextualized;
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) {
        if (p.hasToken(JsonToken.VALUE_STRING) && !ctxt.isEnabled(DateTimeFeature.TRUNCATE_TO_MSECS_ON_READ)) {
            Instant fast = CanonicalInstants.parse(p.getString());
            if (fast != null) {
                return fast;
            }
        }
        return _delegatee.deserialize(p, ctxt);
    }
}
