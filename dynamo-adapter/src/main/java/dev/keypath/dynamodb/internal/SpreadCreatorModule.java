package dev.keypath.dynamodb.internal;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import tools.jackson.core.Version;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.std.StdValueInstantiator;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Jackson module that swaps each standard value instantiator for a {@link SpreadCreatorInstantiator}, and the
 * per-mapper copy of a caller's mapper with the module added, which item schemas read with. The copy is
 * {@code mapper.rebuild()}: the caller's configuration, modules, annotations and (de)serializers, unchanged; only the
 * creator call is faster. Instantiators that other modules supply are left alone. Thread-safe.
 */
final class SpreadCreatorModule extends JacksonModule {
    private static final Map<JsonMapper, JsonMapper> READING_MAPPERS = Collections.synchronizedMap(new WeakHashMap<>());

    /** {@code mapper} with this module added, built once per mapper; {@code mapper} itself if it cannot be rebuilt. */
    static JsonMapper readingMapper(JsonMapper mapper) {
        return READING_MAPPERS.computeIfAbsent(mapper, m -> {
            try {
                return m.rebuild().addModule(new SpreadCreatorModule()).build();
            } catch (RuntimeException e) {
                return m;
            }
        });
    }

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
