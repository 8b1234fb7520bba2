package dev.keypath.dynamodb.internal.schema;

import java.lang.annotation.Annotation;
import java.util.List;

/**
 * The instances of a repeatable annotation on a type, as {@link Class#getAnnotationsByType} gives them, asked of the
 * JDK only when the annotation or its container is present. Resolving a repeatable annotation's container parses
 * the annotation's own meta-annotations and builds a proxy class for each, which costs every table's start-up some
 * milliseconds per annotation even on the many types that carry none.
 */
final class RepeatedAnnotations {
    private RepeatedAnnotations() {
    }

    /** The {@code single} annotations on {@code type}, directly or through {@code container}, in order. */
    static <A extends Annotation> List<A> on(Class<?> type, Class<A> single, Class<? extends Annotation> container) {
        for (Annotation present : type.getAnnotations()) {
            Class<? extends Annotation> kind = present.annotationType();
            if (kind == single || kind == container) {
                return List.of(type.getAnnotationsByType(single));
            }
        }
        return List.of();
    }
}
