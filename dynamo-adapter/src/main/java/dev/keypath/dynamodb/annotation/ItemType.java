package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a record or class as an item stored in a key-path table.
 *
 * <p>{@link #keyPath()} is a {@link dev.keypath.KeyPathTemplate} such as {@code "/user-{userId}/post-{postId}"};
 * every variable names a field (or record component) of the type whose value becomes that element's id.
 * Key fields are not stored as attributes: they are read back from the item's {@code pk}/{@code sk}.
 * Supported key field types: {@link java.util.UUID}, {@code long}/{@code int}/{@code short}/{@code byte} and
 * their boxes, {@link java.math.BigInteger}, {@link String}, {@code byte[]}, enums (stored by name) and
 * {@link dev.keypath.KeyId}.
 *
 * <p>{@link #name()} is the value of the stored item type attribute; it defaults to the simple class name and
 * should be kept stable once data exists.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ItemType {
    /** Key-path template of this type, e.g. {@code "/user-{userId}/post-{postId}"}. */
    String keyPath();

    /** Stored type name; empty means the simple class name. */
    String name() default "";
}
