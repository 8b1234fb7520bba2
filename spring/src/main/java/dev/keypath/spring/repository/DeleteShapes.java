package dev.keypath.spring.repository;

import java.lang.reflect.Method;
import java.util.Set;

/** The return types a delete query may declare: nothing, or the number of items deleted. Stateless. */
final class DeleteShapes {
    private static final Set<Class<?>> ACCEPTED = Set.of(void.class, Void.class, long.class, Long.class, int.class,
            Integer.class);

    private DeleteShapes() {
    }

    /** {@link QueryPlan.Shape#DELETE} if {@code method} returns an accepted type; else a startup failure. */
    static QueryPlan.Shape check(Method method, String name) {
        if (!ACCEPTED.contains(method.getReturnType())) {
            throw new InvalidQueryMethodException(name, "a delete query returns the number of items it "
                    + "deleted (long or int) or nothing (void), not " + method.getGenericReturnType().getTypeName(), null);
        }
        return QueryPlan.Shape.DELETE;
    }
}
