package dev.keypath.dynamodb.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a second key path for an item type, stored in a global secondary index.
 *
 * <p>Example: {@code @SecondaryKeyPath(index = "gsi1", keyPath = "/tag-{tag}/post-{postId}")}. The template's
 * variables name fields of the type (key fields or ordinary ones). The index's key attributes are
 * {@code <index>_pk} and {@code <index>_sk}, both binary; the table bootstrapper creates the index with
 * projection ALL. An item whose secondary key variables are {@code null} is simply not in the index.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(SecondaryKeyPaths.class)
public @interface SecondaryKeyPath {
    /** GSI name, e.g. {@code "gsi1"}; letters, digits and {@code _ - .}, 3 to 200 characters. */
    String index();

    /** Key-path template whose variables are fields of the annotated type. */
    String keyPath();
}
