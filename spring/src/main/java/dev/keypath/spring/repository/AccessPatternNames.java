package dev.keypath.spring.repository;

import java.lang.reflect.Method;

/**
 * The access pattern a repository query method's queries are named: its {@link AccessPattern}, else
 * {@code Repository.method}. Stateless.
 */
final class AccessPatternNames {
    private AccessPatternNames() {
    }

    /**
     * The name of {@code method}'s queries.
     *
     * @param repository the repository's simple name, e.g. {@code PostRepository}
     * @throws InvalidQueryMethodException when the annotation's name is blank
     */
    static String of(String repository, Method method) {
        AccessPattern declared = method.getAnnotation(AccessPattern.class);
        String methodName = repository + "." + method.getName();
        if (declared == null) {
            return methodName;
        }
        if (declared.value().isBlank()) {
            throw new InvalidQueryMethodException(methodName, "@AccessPattern needs a name, e.g. "
                    + "@AccessPattern(\"timeline\"); remove it to name the pattern " + methodName, null);
        }
        return declared.value();
    }

    /**
     * Refuses {@link AccessPattern} on a method that reads one item by a unique key path: that read is reported
     * under the name of its operation.
     */
    static void refuseOnSingleItemRead(String repository, Method method, String operationName) {
        if (method.isAnnotationPresent(AccessPattern.class)) {
            throw new InvalidQueryMethodException(repository + "." + method.getName(), "@AccessPattern names "
                    + "queries, but this method reads one item by its unique key path, reported as "
                    + operationName + "; remove the annotation", null);
        }
    }
}
