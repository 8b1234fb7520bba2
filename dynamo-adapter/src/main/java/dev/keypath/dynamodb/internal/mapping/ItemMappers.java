package dev.keypath.dynamodb.internal.mapping;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mapper that item schemas and value conversions actually use for a caller's mapper: a
 * {@code mapper.rebuild()} copy, so the caller's configuration, modules, annotations and (de)serializers hold,
 * with {@link ItemMappingModule} added, which makes common cases cheaper without changing a result, and with null
 * properties left out ({@code JsonInclude.Include.NON_NULL} as the default property inclusion, unless the caller's
 * mapper already leaves out more): a null field is stored as no attribute, which reads back as null, instead of as
 * a DynamoDB {@code NULL} that update expressions cannot add to. Null map values and list elements are still
 * written (a map's key and a list's positions are data). One copy per caller's mapper, kept as long as that mapper
 * is reachable. Thread-safe.
 */
public final class ItemMappers {
    private ItemMappers() {}

    /** {@code inclusion} with null values left out, when it would include them. */
    private static JsonInclude.Value withoutNulls(JsonInclude.Value inclusion) {
        JsonInclude.Include values = inclusion.getValueInclusion();
        return values == JsonInclude.Include.ALWAYS || values == JsonInclude.Include.USE_DEFAULTS
                ? inclusion.withValueInclusion(JsonInclude.Include.NON_NULL) : inclusion;
    }

    private static final Map<JsonMapper, JsonMapper> COPIES = Collections.synchronizedMap(new WeakHashMap<>());

    /** The copy of {@code mapper} with keypath's module; {@code mapper} itself if it cannot be rebuilt. */
    public static JsonMapper of(JsonMapper mapper) {
        return COPIES.computeIfAbsent(mapper, m -> {
            try {
                return m.rebuild().addModule(new ItemMappingModule())
                        .changeDefaultPropertyInclusion(ItemMappers::withoutNulls).build();
            } catch (RuntimeException e) {
                return m;
            }
        });
    }
}
