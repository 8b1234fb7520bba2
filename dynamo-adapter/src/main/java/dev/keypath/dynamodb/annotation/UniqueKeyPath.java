package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares an alternate key path that at most one item of the table may hold, such as an e-mail address:
 * {@code @UniqueKeyPath("/email-{email}")}. The template's variables name fields of the type; an item whose
 * variables are {@code null} holds no such key path.
 *
 * <p>For every alternate key path an item holds, the table keeps a small alias item that points at the item's
 * key path, written in the same {@code TransactWriteItems} as the item: a put that would give a second item the
 * same key path fails with {@code UniqueKeyConflictException}, a put that changes the value moves the alias, and
 * a delete removes it. {@code KeyPathTable.getByAlias} reads an item by its alternate key path. Alternate key
 * paths are table-wide: two types declaring the same template share one space of values.
 *
 * <p>Puts and deletes of such a type read the stored item first (a consistent {@code GetItem}) to learn the
 * alias values it holds, and the transaction checks that they did not change in between. Batch writes,
 * transactions of several items and updates of a field that is part of an alternate key path are refused with
 * {@code UniqueKeyWriteException}, because they could not keep the aliases in step.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(UniqueKeyPaths.class)
public @interface UniqueKeyPath {
    /** Key-path template whose variables are fields of the annotated type, e.g. {@code "/email-{email}"}. */
    String value();
}
