package dev.keypath.dynamodb.internal;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mapper that item schemas and value conversions actually use for a caller's mapper: a
 * {@code mapper.rebuild()} copy, so the caller's configuration, modules, annotations and (de)serializers hold
 * unchanged, with modules added that make the common cases cheaper without changing a result:
 * {@link SpreadCreatorModule} (creator calls), {@link CanonicalInstantModule} ({@code Instant} text) and
 * {@link ItemKeyPropertiesModule} (key fields not serialized only to be dropped). One copy
 * per caller's mapper, kept as long as that mapper is reachable. Thread-safe.
 */
final class ItemMappers {
    private ItemMappers() {}

    private static final Map<JsonMapper, JsonMapper> COPIES = Collections.synchronizedMap(new WeakHashMap<>());

    /** The copy of {@code mapper} with keypath's modules; {@code mapper} itself if it cannot be rebuilt. */
    static JsonMapper of(JsonMapper mapper) {
        return COPIES.computeIfAbsent(mapper, m -> {
            try {
                return m.rebuild().addModule(new SpreadCreatorModule()).addModule(new CanonicalInstantModule())
                        .addModule(new ItemKeyPropertiesModule()).build();
            } catch (RuntimeException e) {
                return m;
            }
        });
    }
}
