package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.internal.mapping.Property;
import java.lang.annotation.Annotation;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A {@link CreatedAt} or {@link UpdatedAt} field of an item type: where it is stored and in which form. Immutable.
 *
 * @param property  the field
 * @param attribute the attribute it is stored under (its name as Jackson writes it)
 * @param unit      for epoch fields, {@link ChronoUnit#MILLIS} or {@link ChronoUnit#SECONDS}; null for an Instant
 */
public record TimestampField(Property property, String attribute, ChronoUnit unit) {
    /** The field's stamp, or null when {@code p} has none; {@code at} is the annotation it is checked for. */
    static TimestampField of(Class<?> type, Property p, String attribute, Class<? extends Annotation> at) {
        Annotation a = p.annotation(at);
        if (a == null) {
            return null;
        }
        ChronoUnit unit = a instanceof CreatedAt c ? c.unit() : ((UpdatedAt) a).unit();
        Class<?> c = p.javaType();
        String where = type.getName() + "." + p.name() + ": @" + at.getSimpleName();
        if (c == Instant.class) {
            return new TimestampField(p, attribute, null);
        }
        if (c != long.class && c != Long.class) {
            throw new ItemMappingException(where + " needs an Instant or a long (epoch time) field");
        }
        if (unit != ChronoUnit.MILLIS && unit != ChronoUnit.SECONDS) {
            throw new ItemMappingException(where + " has unit " + unit.name() + "; epoch fields take MILLIS or SECONDS");
        }
        return new TimestampField(p, attribute, unit);
    }

    /** Whether {@code item} carries a value here (not null, and not 0 for an epoch field). */
    public boolean isSetOn(Object item) {
        Object v = property.get(item);
        return v != null && !(v instanceof Number n && n.longValue() == 0);
    }

    /** {@code now} as this field holds it: the Instant itself, or its epoch time as a Long. */
    public Object valueOf(Instant now) {
        if (unit == null) {
            return now;
        }
        return unit == ChronoUnit.SECONDS ? now.getEpochSecond() : now.toEpochMilli();
    }
}
