package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Objects;

/**
 * The address of one stored item: its registered type and its key path. Typed by the item's class, so that what is
 * read with it comes back as that class ({@link ItemSnapshot#get(ItemKey)}). Immutable, thread-safe.
 *
 * @param type    a class registered with the table
 * @param keyPath the item's key path
 * @param <T>     the item's class
 */
public record ItemKey<T>(Class<T> type, KeyPath keyPath) {
    /** Validates that both parts are present. */
    public ItemKey {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(keyPath, "keyPath");
    }

    /** Shortcut for {@code new ItemKey<>(type, keyPath)}. */
    public static <T> ItemKey<T> of(Class<T> type, KeyPath keyPath) {
        return new ItemKey<>(type, keyPath);
    }
}
