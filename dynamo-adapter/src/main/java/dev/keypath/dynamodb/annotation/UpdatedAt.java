package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.temporal.ChronoUnit;

/**
 * Marks the last-write time of an item type: an {@link java.time.Instant}, or a {@code long}/{@code Long} of epoch
 * time in {@link #unit()}. Every put (single, transactional or batch) and every update stores the current time of
 * the table's clock, whatever the object holds; an update that sets this attribute itself keeps its own value. The
 * object a put or an update returns carries the time stored. At most one field per type.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface UpdatedAt {
    /** For {@code long} fields: {@link ChronoUnit#MILLIS} (the default) or {@link ChronoUnit#SECONDS}. */
    ChronoUnit unit() default ChronoUnit.MILLIS;
}
