package dev.keypath.dynamodb.internal;

import tools.jackson.core.Version;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.std.StdValueInstantiator;

/**
 * A Jackson module that swaps each standard value instantiator for a {@link SpreadCreatorInstantiator}: only the
 * creator call is faster. Instantiators that other modules supply are left alone. Thread-safe.
 */
final class SpreadCreatorModule extends JacksonModule {
    @Override
    public String getModuleName() {
        return "keypath-spread-creators";
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public void setupModule(SetupContext context) {
        context.addValueInstantiators(new ValueInstantiators.Base() {
            @Override
            public ValueInstantiator modifyValueInstantiator(DeserializationConfig config,
                                                             BeanDescription.Supplier beanDesc,
                                                             ValueInstantiator defaultInstantiator) {
                return defaultInstantiator instanceof StdValueInstantiator std
                        ? SpreadCreatorInstantiator.of(std) : defaultInstantiator;
            }
        });
    }
}
