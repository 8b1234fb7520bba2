package dev.keypath.dynamodb;

import java.util.List;
import java.util.Optional;

/**
 * One page of query results, in key-path order (or reverse order for descending queries).
 *
 * <p>Immutable and thread-safe (the items themselves are whatever the mapped classes are).
 *
 * @param items         the mapped items of this page
 * @param nextPageToken opaque token for the next page, or null when there are no more results
 * @param <T>           item type ({@code Object} for heterogeneous queries)
 */
public record Page<T>(List<T> items, String nextPageToken) {
    /** Copies the item list. */
    public Page {
        items = List.copyOf(items);
    }

    /** True if {@link #nextPageToken()} is present. */
    public boolean hasMore() {
        return nextPageToken != null;
    }

    /** The next page token as an optional. */
    public Optional<String> next() {
        return Optional.ofNullable(nextPageToken);
    }

    /** The items of this page that are instances of {@code type}, in order. */
    public <U> List<U> itemsOf(Class<U> type) {
        return items.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
