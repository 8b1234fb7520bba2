package dev.keypath.spring.repository;

import dev.keypath.dynamodb.InvalidProjectionException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Projection;
import java.lang.reflect.Modifier;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.QueryMethod;

/**
 * The projection a derived query method returns, decided and checked at startup: an interface of getters or a
 * class (a record, a DTO) whose properties are properties or key fields of the repository's type, or a
 * {@code KeyPath}. The query then reads only those attributes ({@code ProjectionExpression}). A return type that
 * is no such view, or names a property the type has not got, fails the repository's creation. Stateless.
 */
final class QueryProjections {
    private QueryProjections() {
    }

    /** The projection {@code method} returns under {@code plan}, or null when it returns whole items. */
    static Projection<?> of(QueryMethod method, QueryPlan plan, KeyPathTable table) {
        Class<?> returned = method.getReturnedObjectType();
        Class<?> domainType = plan.domainType();
        if (plan.mixed() || domainType.isAssignableFrom(returned) || plan.shape() == QueryPlan.Shape.COUNT
                || plan.shape() == QueryPlan.Shape.EXISTS || plan.shape() == QueryPlan.Shape.ITEM_COLLECTION
                || plan.shape() == QueryPlan.Shape.DELETE) {
            return null;
        }
        if (!isView(returned)) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": " + returned.getSimpleName()
                    + " is not a projection view; projections are interfaces of getters or classes whose properties"
                    + " are properties of " + domainType.getSimpleName() + "; return " + domainType.getSimpleName()
                    + ", such a view, or ItemCollection/List<Object> for every item under the prefix");
        }
        try {
            return table.schema(domainType).projection(returned);
        } catch (InvalidProjectionException e) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code type} can be a view: an interface, or a concrete class of the application's own. */
    private static boolean isView(Class<?> type) {
        if (type.isPrimitive() || type.isArray() || type.isEnum()) {
            return false;
        }
        String name = type.getName();
        if (name.startsWith("java.") || name.startsWith("javax.")) {
            return false;
        }
        return type.isInterface() || !Modifier.isAbstract(type.getModifiers());
    }
}
