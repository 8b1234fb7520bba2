package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the expiry field of an item type: a {@link java.time.Instant} or a {@code long} of epoch seconds.
 *
 * <p>The value is also written to the table's TTL attribute (epoch seconds, type N). Because DynamoDB deletes
 * expired items late, an item whose expiry is at or before the table's clock is absent to this library until then,
 * to writes as to reads: every read drops it, and every write condition (create-only, replace-existing, an
 * update's, a version's, the caller's) is judged as on no item; a write that meets one deletes it (only while it is
 * still expired) and is sent again. A {@code null} value means the item never expires.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface TimeToLive {
}
