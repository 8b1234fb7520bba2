package dev.keypath.spring.test;

import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;

/**
 * Keeps the application's components out of a {@link KeyPathDynamoTest}, except those its filters include; the
 * repositories come from keypath's auto-configuration, not from component scanning.
 */
final class KeyPathDynamoTypeExcludeFilter extends StandardAnnotationCustomizableTypeExcludeFilter<KeyPathDynamoTest> {
    KeyPathDynamoTypeExcludeFilter(Class<?> testClass) {
        super(testClass);
    }
}
