package dev.keypath.dynamodb.internal;

import tools.jackson.core.Version;
import tools.jackson.databind.JacksonModule;

/**
 * The Jackson module keypath adds to its private copy of a caller's mapper ({@link ItemMappers}). It registers
 * modifiers that make common cases cheaper without changing a result: {@link SpreadCreatorInstantiators} (creator
 * calls), {@link CanonicalInstantModifiers} ({@code Instant} text) and {@link ItemKeyProperties} (key fields not
 * serialized only to be dropped).
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
    }
}
