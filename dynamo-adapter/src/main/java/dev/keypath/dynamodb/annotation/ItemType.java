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
 * should be kept stable once data exists (a rename is declared in the type's history, see below).
 *
 * <p>{@link #version()} is the version of the type's stored form. Items written by a type at version 2 or later
 * carry it in the reserved attribute {@code _kp_v}; an item without it is at version 1. A type above version 1
 * declares how its stored form changed, version by version, in a static method marked {@link SchemaHistory}, and
 * reads items of every older version by upgrading them in memory.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ItemType {
    /** Key-path template of this type, e.g. {@code "/user-{userId}/post-{postId}"}. */
    String keyPath();

    /** Stored type name; empty means the simple class name. */
    String name() default "";

    /**
     * The version of this type's stored form, from 1 (the default). Above 1, the type declares its changes since
     * version 1 with a {@link SchemaHistory} method whose last version is this one.
     */
    int version() default 1;
}
