package dev.keypath.spring.mapping;

import org.springframework.data.mapping.callback.EntityCallback;

/**
 * Called with each item that {@link dev.keypath.spring.KeyPathDynamoOperations} (and so every repository) is about
 * to save or insert, before its ids are generated and it is written; returns the item to write instead, which may
 * be a new object (records are immutable). Declare implementations as beans; Spring Data's entity callback
 * machinery calls those whose type argument matches the item, in {@link org.springframework.core.Ordered} order.
 * Auditing ({@link dev.keypath.spring.auditing.EnableKeyPathAuditing}) is one.
 *
 * @param <T> the item types the callback handles
 */
@FunctionalInterface
public interface BeforeSaveCallback<T> extends EntityCallback<T> {
    /** The item to write in place of {@code item} (never null). */
    T onBeforeSave(T item);
}
