package dev.keypath.dynamodb;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of query results, in key-path order (or reverse order for descending queries).
 *
 * <p>Immutable and thread-safe (the items themselves are whatever the mapped classes are).
 *
 * @param items         the mapped items of this page
 * @param nextPageToken opaque token for the next page, or null when there are no more results; a page that ends
 *                      exactly where its range does may still carry one (DynamoDB stopped at its limit without
 *                      knowing what follows), whose page is then empty
 * @param scannedCount  how many items DynamoDB read (and billed) for this page: DynamoDB's {@code ScannedCount}
 *                      summed over the page's requests. More than {@code items().size()} when a filter, other
 *                      item types, expired items or key-range bounds that admit other paths (ids of another type
 *                      at the same position, see FORMAT.md §9) dropped some: the page's read amplification
 * @param capacity      the capacity the read of this page consumed, over all its requests (a keys-only index's
 *                      batch get of the items included); {@link OperationCapacity#NONE} on a page built by hand.
 *                      It is what this read cost, not part of the page's value: {@link #equals} leaves it out
 * @param <T>           item type ({@code Object} for heterogeneous queries)
 */
public record Page<T>(List<T> items, String nextPageToken, int scannedCount, OperationCapacity capacity) {
    /** Copies the item list. */
    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(capacity, "capacity");
    }

    /** A page with no capacity recorded ({@link OperationCapacity#NONE}). */
    public Page(List<T> items, String nextPageToken, int scannedCount) {
        this(items, nextPageToken, scannedCount, OperationCapacity.NONE);
    }

    /** A page whose items are all that was read. */
    public Page(List<T> items, String nextPageToken) {
        this(items, nextPageToken, items.size());
    }

    /**
     * This page's items of {@code type}, with the same token, scanned count and capacity: this page itself when all
     * its items are of {@code type} (a query of that type alone), so that nothing is copied.
     */
    @SuppressWarnings("unchecked") // every item is an instance of U

    public <U> Page<U> ofType(Class<U> type) {
        for (T item : items) {
            if (!type.isInstance(item)) {
                return new Page<>(itemsOf(type), nextPageToken, scannedCount, capacity);
            }
        }
        return (Page<U>) this;
    }

    /** This page with {@code capacity} as the capacity its read consumed. */
    public Page<T> withCapacity(OperationCapacity capacity) {
        return new Page<>(items, nextPageToken, scannedCount, capacity);
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

    /** Pages are equal when their items, token and scanned count are; the capacity is left out. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Page<?> p && items.equals(p.items) && Objects.equals(nextPageToken, p.nextPageToken)
                && scannedCount == p.scannedCount;
    }

    @Override
    public int hashCode() {
        return Objects.hash(items, nextPageToken, scannedCount);
    }
}
