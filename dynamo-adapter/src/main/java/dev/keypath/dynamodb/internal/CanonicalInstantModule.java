package dev.keypath.dynamodb.internal;

import tools.jackson.core.Version;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;
import tools.jackson.databind.ext.javatime.ser.InstantSerializer;
import tools.jackson.databind.ser.ValueSerializerModifier;

/**
 * A Jackson module that puts the {@link CanonicalInstants} fast path in front of Jackson's own default
 * {@code Instant} deserializer (a wrapper) and serializer (a subclass). It touches nothing else: a mapper that already resolves
 * {@code Instant} to another (de)serializer, from a module or an annotation, keeps it.
 */
final class CanonicalInstantModule extends JacksonModule {
    @Override
    public String getModuleName() {
        return "keypath-canonical-instants";
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public void setupModule(SetupContext context) {
        context.addDeserializerModifier(new Deserializers());
        context.addSerializerModifier(new Serializers());
    }

    /** Wraps Jackson's default {@code Instant} deserializer, and nothing else. */
    static final class Deserializers extends ValueDeserializerModifier {
        @Override
        public ValueDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription.Supplier beanDesc,
                                                       ValueDeserializer<?> deserializer) {
            return deserializer == InstantDeserializer.INSTANT
                    ? new CanonicalInstantDeserializer(deserializer) : deserializer;
        }
    }

    /** Replaces Jackson's default {@code Instant} serializer with its fast-path subclass, and nothing else. */
    static final class Serializers extends ValueSerializerModifier {
        @Override
        public ValueSerializer<?> modifySerializer(SerializationConfig config, BeanDescription.Supplier beanDesc,
                                                   ValueSerializer<?> serializer) {
            return serializer == InstantSerializer.INSTANCE
                    ? new CanonicalInstantSerializer() : serializer;
        }
    }
}
