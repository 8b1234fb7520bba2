package dev.keypath.dynamodb;

/**
 * What a collection read (query of the table or an index, scan, parallel scan, batch get, the lazy streams) does
 * with a stored item it cannot read, its key bytes included: throw to fail
 * the read (the default, {@link #FAIL}), or return to leave the item out and go on, e.g. after counting or
 * logging it. Set with {@link TableBuilderSettings#onUnreadableItem}. A single-item {@code get} always fails
 * with {@link UnreadableItemException}: leaving the item out would answer "not found" for an item that exists.
 *
 * <pre>{@code
 * KeyPathTables.builder()…onUnreadableItem(e -> log.warn("skipped {}", e.keyPath().orElse(null), e))
 * }</pre>
 *
 * Called on the thread of the read (for the async table, a thread of the SDK's response executor); it must be
 * thread-safe when tables are shared.
 */
@FunctionalInterface
public interface UnreadableItemHandler {
    /** Fails the read with the problem: the default. */
    UnreadableItemHandler FAIL = problem -> {
        throw problem;
    };

    /** Called once per unreadable item; throw to fail the read, return to skip the item. */
    void onUnreadable(UnreadableItemException problem);
}
