package dev.keypath.spring;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * The items of several types found under one key-path prefix, in key-path order; for example a user, their
 * posts and the posts' comments read by one {@code Query} under {@code /user-<id>}. Returned by
 * {@link KeyPathDynamoOperations#findSubtree} and by repository query methods declared to return it.
 *
 * <p>Immutable and thread-safe (as far as the items themselves are).
 *
 * @param items the items, each an instance of its registered class
 */
public record ItemCollection(List<Object> items) implements Iterable<Object> {
    /** Copies the list. */
    public ItemCollection {
        items = List.copyOf(items);
    }

    /** The items that are instances of {@code type}, in key-path order. */
    public <T> List<T> itemsOf(Class<T> type) {
        return items.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The first item of {@code type}, if any. */
    public <T> Optional<T> first(Class<T> type) {
        return items.stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** Number of items. */
    public int size() {
        return items.size();
    }

    /** True when nothing was found. */
    public boolean isEmpty() {
        return items.isEmpty();
    }

    @Override
    public Iterator<Object> iterator() {
        return items.iterator();
    }
}
