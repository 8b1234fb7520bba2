package dev.keypath.dynamodb.internal.mapping;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import tools.jackson.core.Version;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.module.SimpleDeserializers;
import tools.jackson.databind.module.SimpleSerializers;

/**
 * The Jackson module keypath adds to its private copy of a caller's mapper ({@link ItemMappers}). It registers
 * modifiers that make common cases cheaper without changing a result: {@link SpreadCreatorInstantiators} (creator
 * calls), {@link CanonicalInstantModifiers} ({@code Instant} text) and {@link ItemKeyProperties} (key fields not
 * serialized only to be dropped), and reads and writes {@link KeyId} values as their canonical text
 * ({@link KeyIdJson}) and {@link KeyPath} values as their text ({@link KeyPathJson}).
 */
final class ItemMappingModule extends JacksonModule {
    @Override
    public String getModuleName() {
        return "keypath-item-mapping";
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public void setupModule(SetupContext context) {
        context.addValueInstantiators(new SpreadCreatorInstantiators());
        context.addDeserializerModifier(new CanonicalInstantModifiers.Deserializers());
        context.addSerializerModifier(new CanonicalInstantModifiers.Serializers());
        context.addSerializerModifier(new ItemKeyProperties());
        SimpleSerializers serializers = new SimpleSerializers();
        serializers.addSerializer(KeyId.class, new KeyIdJson.Serializer());
        serializers.addSerializer(KeyPath.class, new KeyPathJson.Serializer());
        context.addSerializers(serializers);
        SimpleDeserializers deserializers = new SimpleDeserializers();
        deserializers.addDeserializer(KeyId.class, new KeyIdJson.Deserializer());
        deserializers.addDeserializer(KeyPath.class, new KeyPathJson.Deserializer());
        context.addDeserializers(deserializers);
    }
}
