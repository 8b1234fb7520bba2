package dev.keypath.spring.autoconfigure;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/** Finds {@link ItemType} classes (records, classes, nested ones) in packages. Used once at startup. */
final class ItemTypeScanner {
    private final ClassLoader classLoader;

    ItemTypeScanner(ClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    Set<Class<?>> scan(List<String> packages) {
        ClassPathScanningCandidateComponentProvider provider = new ClassPathScanningCandidateComponentProvider(false) {
            @Override
            protected boolean isCandidateComponent(
                    org.springframework.beans.factory.annotation.AnnotatedBeanDefinition definition) {
                return definition.getMetadata().isIndependent() && !definition.getMetadata().isAnnotation();
            }
        };
        provider.addIncludeFilter(new AnnotationTypeFilter(ItemType.class));
        Set<Class<?>> types = new LinkedHashSet<>();
        for (String pkg : packages) {
            for (BeanDefinition candidate : provider.findCandidateComponents(pkg)) {
                types.add(ClassUtils.resolveClassName(candidate.getBeanClassName(), classLoader));
            }
        }
        return types;
    }
}
