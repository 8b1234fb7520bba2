package dev.keypath.dynamodb.internal.mapping;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.json.JsonMapper;

/**
 * The names under which Jackson writes and reads the properties of a class, by Java name: a naming strategy or
 * {@code @JsonProperty} renames a property, and keypath must find key, version and TTL fields under the name
 * Jackson uses, or key fields would be stored as attributes and never bound on reads.
 */
public final class JsonNames {
    private JsonNames() {
    }

    /** Java name → Jackson's name for every property Jackson sees on {@code type}. */
    public static Map<String, String> of(JsonMapper mapper, Class<?> type) {
        return of(mapper._serializationContext().introspectBeanDescription(mapper.constructType(type))
                .findProperties());
    }

    /** Java name → Jackson's name for {@code properties}. */
    public static Map<String, String> of(List<BeanPropertyDefinition> properties) {
        Map<String, String> names = new HashMap<>();
        for (BeanPropertyDefinition p : properties) {
            names.put(p.getInternalName(), p.getName());
        }
        return names;
    }
}
