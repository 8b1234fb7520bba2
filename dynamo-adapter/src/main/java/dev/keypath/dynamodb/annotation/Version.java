package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the optimistic-locking version field ({@code long}, {@code int} or their boxes) of an item type.
 *
 * <p>A version of {@code null} or {@code 0} means "new item": the first put requires that the item does not
 * exist and stores version 1. Every later put, update and delete requires the stored version to equal the
 * object's version and (for writes) stores version + 1; a mismatch throws
 * {@link dev.keypath.dynamodb.VersionConflictException}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Version {
}
