package dev.keypath.dynamodb.internal.mapping;

import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;
import tools.jackson.databind.ext.javatime.ser.InstantSerializer;
import tools.jackson.databind.ser.ValueSerializerModifier;

/**
 * The modifiers that put the {@link CanonicalInstants} fast path in front of Jackson's own default {@code Instant}
 * deserializer (a wrapper) and serializer (a subclass). They touch nothing else: a mapper that already resolves
 * {@code Instant} to another (de)serializer, from a module or an annotation, keeps it.
 */
final class CanonicalInstantModifiers {
    private CanonicalInstantModifiers() {}

    /** Wraps Jackson's default {@code Instant} deserializer, and nothing else. */
    public static final class Deserializers extends ValueDeserializerModifier {
        @Override
        public ValueDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription.Supplier beanDesc,
                                                       ValueDeserializer<?> deserializer) {
            return deserializer == InstantDeserializer.INSTANT
                    ? new CanonicalInstantDeserializer(deserializer) : deserializer;
        }
    }

    /** Replaces Jackson's default {@code Instant} serializer with its fast-path subclass, and nothing else. */
    public static final class Serializers extends ValueSerializerModifier {
        @Override
        public ValueSerializer<?> modifySerializer(SerializationConfig config, BeanDescription.Supplier beanDesc,
                                                   ValueSerializer<?> serializer) {
            return serializer == InstantSerializer.INSTANCE
                    ? new CanonicalInstantSerializer() : serializer;
        }
    }
}
