package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Optional;

/**
 * An update cannot be expressed or applied as written: a malformed attribute path ({@code a..b},
 * {@code tags[x]}), an attribute the item type does not have, a key, type or version attribute, a value of the
 * wrong kind (an empty or mixed set), or an update DynamoDB refused for the stored item (a set {@code ADD} on an
 * attribute that is not a set, arithmetic on an attribute that is not a number, a path through a missing map).
 * The message names the problem, the attribute path and, where known, the item type and key path. Nothing is
 * written when it is thrown. Immutable and thread-safe.
 */
public class InvalidUpdateException extends ItemMappingException {
    private static final long serialVersionUID = 1L;
    private final String itemType;
    private final String path;

    /**
     * Creates the exception.
     *
     * @param message  what is wrong
     * @param itemType the item type's simple name, or null when not known yet
     * @param path     the attribute path concerned (or the paths, comma-separated), or null
     * @param keyPath  the item's key path, or null
     * @param cause    the underlying failure, or null
     */
    public InvalidUpdateException(String message, String itemType, String path, KeyPath keyPath, Throwable cause) {
        super(message, keyPath, cause);
        this.itemType = itemType;
        this.path = path;
    }

    /** The simple name of the item type the update was for, when known. */
    public Optional<String> itemType() {
        return Optional.ofNullable(itemType);
    }

    /** The attribute path (or comma-separated paths) concerned, when known. */
    public Optional<String> path() {
        return Optional.ofNullable(path);
    }
}
