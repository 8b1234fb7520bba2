package dev.keypath.spring.autoconfigure;

import tools.jackson.databind.json.JsonMapper;

/**
 * Callback to shape the JSON mapper that maps items to stored attributes, and only that mapper.
 *
 * <p>The stored layout must not change when the application changes how its HTTP API writes JSON, so keypath
 * does not store items with the application's {@link JsonMapper}. Its storage mapper starts from Jackson's
 * defaults and takes over only the modules registered on the application's mapper (serializers of the
 * application's own value types); {@code spring.jackson.*} settings such as a naming strategy, dates as
 * timestamps or default typing do not reach it. Implementations are beans, called once, in order, on the
 * startup thread:
 *
 * <pre>{@code
 * @Bean
 * KeyPathJsonMapperCustomizer storageNames() {
 *     return builder -> builder.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
 * }
 * }</pre>
 *
 * Changing the storage mapper changes how items already stored are read: do it before the first write.
 */
@FunctionalInterface
public interface KeyPathJsonMapperCustomizer {
    /** Adjusts {@code builder}, which already holds the application's modules. */
    void customize(JsonMapper.Builder builder);
}
