package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a key field generated on put when it is unset ({@code null}, or {@code 0} for primitive numbers).
 *
 * <ul>
 *   <li>{@link Strategy#UUID_V4}: random UUID (field type {@link java.util.UUID}).</li>
 *   <li>{@link Strategy#UUID_V7}: time-ordered UUID (RFC 9562 version 7), so newer items sort later: the ids a
 *       table makes sort in the order it made them, also within one millisecond.</li>
 *   <li>{@link Strategy#SEQUENCE}: per-parent monotonic counter starting at 1 (field type {@code long} or
 *       {@code int}); only for the id of the last element of the key path. The counter lives in its own
 *       small item outside the parent's partition and is advanced with an atomic {@code UpdateItem ADD}.</li>
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface AutoId {
    /** How the id is generated. */
    Strategy value();

    /** Id generation strategies. */
    enum Strategy {
        /** Random version 4 UUID. */
        UUID_V4,
        /** Time-ordered version 7 UUID. */
        UUID_V7,
        /** Per-parent monotonic sequence (1, 2, 3, ...). */
        SEQUENCE
    }
}
