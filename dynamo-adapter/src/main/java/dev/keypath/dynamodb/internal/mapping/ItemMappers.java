package dev.keypath.dynamodb.internal.mapping;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mapper that item schemas and value conversions actually use for a caller's mapper: a
 * {@code mapper.rebuild()} copy, so the caller's configuration, modules, annotations and (de)serializers hold
 * unchanged, with {@link ItemMappingModule} added, which makes common cases cheaper without changing a result.
 * One copy per caller's mapper, kept as long as that mapper is reachable. Thread-safe.
 */
public final class ItemMappers {
    private ItemMappers() {}

    private static final Map<JsonMapper, JsonMapper> COPIES = Collections.synchronizedMap(new WeakHashMap<>());

    /** The copy of {@code mapper} with keypath's module; {@code mapper} itself if it cannot be rebuilt. */
    public static JsonMapper of(JsonMapper mapper) {
        return COPIES.computeIfAbsent(mapper, m -> {
            try {
                return m.rebuild().addModule(new ItemMappingModule()).build();
            } catch (RuntimeException e) {
                return m;
            }
        });
    }
}
