package dev.keypath.dynamodb.internal.expression;

import java.util.Set;

/**
 * The values a put stores as no attribute when they are a field's: null, and an empty {@code Set} (DynamoDB has no
 * empty sets). An update that sets a field to one of them removes the attribute, so that the item is stored as a
 * put of the changed object would store it. Stateless.
 */
public final class StoredAsNothing {
    private StoredAsNothing() {
    }

    public static boolean is(Object value) {
        return value == null || value instanceof Set<?> set && set.isEmpty();
    }
}
