package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.temporal.ChronoUnit;

/**
 * Marks the creation time of an item type: an {@link java.time.Instant}, or a {@code long}/{@code Long} of epoch
 * time in {@link #unit()}. The table sets it from its clock, without reading the stored item:
 * <ul>
 *   <li>a put (single, transactional or batch) stores the object's value when it is set (not null, and not 0 for
 *       a {@code long}) and the current time otherwise. A put of an object read from the table therefore keeps
 *       its creation time, and a put of a fresh object over an existing item starts a new one;</li>
 *   <li>an update stores {@code if_not_exists(createdAt, now)}: a stored creation time is kept.</li>
 * </ul>
 * The object a put returns carries the time stored. At most one field per type.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface CreatedAt {
    /** For {@code long} fields: {@link ChronoUnit#MILLIS} (the default) or {@link ChronoUnit#SECONDS}. */
    ChronoUnit unit() default ChronoUnit.MILLIS;
}
