package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the static, parameterless method of an {@link ItemType} that returns the type's
 * {@link dev.keypath.dynamodb.ItemHistory}: how its stored form changed from version 1 to its
 * {@link ItemType#version()}. The method is called once, when the type is registered; a history that does not fit
 * the type is an {@link dev.keypath.dynamodb.InvalidItemHistoryException} then.
 *
 * <pre>{@code
 * @ItemType(keyPath = "/user-{id}", version = 2)
 * record User(UUID id, String fullName) {
 *     @SchemaHistory
 *     static ItemHistory history() {
 *         return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")));
 *     }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface SchemaHistory {
}
