package dev.keypath.dynamodb;

import java.io.Serializable;
import java.util.function.Function;

/**
 * A record component named by a method reference to its accessor, such as {@code Post::title}, so that an
 * update names an attribute in a way the compiler checks: renaming the component breaks the build instead of
 * missing the attribute. {@link AttributePath#of(ItemProperty)} resolves the reference (through the serialized
 * form the compiler gives every serializable method reference) to the component, and the table stores it under
 * the name Jackson gives that component. Only method references to record accessors are accepted; a lambda
 * such as {@code p -> p.title()} is refused, since its body cannot be inspected soundly.
 *
 * @param <T> the record type
 * @param <V> the component's type
 */
@FunctionalInterface
public interface ItemProperty<T, V> extends Function<T, V>, Serializable {
}
