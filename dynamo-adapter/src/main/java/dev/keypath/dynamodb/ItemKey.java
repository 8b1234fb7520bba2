package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Objects;

/**
 * The address of one stored item: its registered type and its key path. Immutable, thread-safe.
 *
 * @param type    a class registered with the table
 * @param keyPath the item's key path
 */
public record ItemKey(Class<?> type, KeyPath keyPath) {
    /** Validates that both parts are present. */
    public ItemKey {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(keyPath, "keyPath");
    }

    /** Shortcut for {@code new ItemKey(type, keyPath)}. */
    public static ItemKey of(Class<?> type, KeyPath keyPath) {
        return new ItemKey(type, keyPath);
    }
}
