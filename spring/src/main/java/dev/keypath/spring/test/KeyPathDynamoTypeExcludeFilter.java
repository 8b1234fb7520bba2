package dev.keypath.spring.test;

import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.UnreadableItemHandler;
import dev.keypath.spring.auditing.EnableKeyPathAuditing;
import dev.keypath.spring.autoconfigure.KeyPathDynamoDbClientCustomizer;
import dev.keypath.spring.autoconfigure.KeyPathJsonMapperCustomizer;
import dev.keypath.spring.autoconfigure.KeyPathTableBuilderCustomizer;
import dev.keypath.spring.mapping.BeforeSaveCallback;
import java.util.Set;
import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.data.domain.AuditorAware;

/**
 * Keeps the application's components out of a {@link KeyPathDynamoTest}, except those its filters include and those
 * that shape what keypath stores: configuration classes with {@link EnableKeyPathAuditing} (with the auditor and
 * clock they declare), {@link AuditorAware} and {@link DateTimeProvider} components, save callbacks, item
 * extensions, unreadable-item handlers and keypath's customizers. The repositories come from keypath's
 * auto-configuration, not from component scanning.
 */
final class KeyPathDynamoTypeExcludeFilter extends StandardAnnotationCustomizableTypeExcludeFilter<KeyPathDynamoTest> {
    private static final Set<Class<?>> DEFAULT_INCLUDES = Set.of(EnableKeyPathAuditing.class, AuditorAware.class,
            DateTimeProvider.class, BeforeSaveCallback.class, ItemExtension.class, UnreadableItemHandler.class,
            KeyPathTableBuilderCustomizer.class, KeyPathJsonMapperCustomizer.class,
            KeyPathDynamoDbClientCustomizer.class);

    KeyPathDynamoTypeExcludeFilter(Class<?> testClass) {
        super(testClass);
    }

    @Override
    protected Set<Class<?>> getKnownIncludes() {
        return DEFAULT_INCLUDES;
    }
}
