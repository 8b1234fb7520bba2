package dev.keypath.migrate;

import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.migrate.TransitionHistory.Instance;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The items of a transition history as one declaration of their type reads and writes them, through a synchronous
 * or an asynchronous table: each item lists the writes applied to it, counts them in its version and sums their
 * amounts. A call returns or throws what the table's call did, out of the future's wrapping.
 */
interface TransitionItems {
    /**
     * One item as read.
     *
     * @param id      the item's id
     * @param ops     the writes applied to it, in order
     * @param version its version
     * @param balance the sum of the applied writes' amounts
     */
    record Snapshot(long id, List<String> ops, Long version, long balance) {
    }

    /** The declaration. */
    Instance instance();

    /** Whether through the asynchronous table. */
    boolean async();

    /** A strongly consistent get of item {@code id}. */
    Optional<Snapshot> get(long id);

    /** A strongly consistent query of every item. */
    List<Snapshot> query();

    /** Puts {@code read}'s next state: {@code op} appended, {@code amount} added, under the version read. */
    void put(Snapshot read, String op, long amount);

    /** Appends {@code op} and adds {@code amount} with one update, under the version read. */
    void update(Snapshot read, String op, long amount);

    /**
     * Whether a read ended by {@code e} is one this declaration cannot make (an item stored at a newer version
     * than it knows); such a read is counted, not judged.
     */
    default boolean cannotRead(Throwable e) {
        return false;
    }

    /** Pages that ended short of their limit with a next-page token, which the table's Javadoc says do not occur. */
    AtomicLong SHORT_PAGES = new AtomicLong();

    /** Every item of {@code query} through the asynchronous {@code table}, page after page. */
    static <T> List<T> allPages(KeyPathAsyncTable table, Class<T> type, ItemQuery query) {
        List<T> items = new ArrayList<>();
        ItemQuery next = query;
        while (next != null) {
            ItemQuery asked = next;
            Page<Object> page = call(true, null, () -> table.query(asked));
            items.addAll(page.itemsOf(type));
            if (page.next().isPresent() && page.items().size() < asked.limit()) {
                SHORT_PAGES.incrementAndGet();
            }
            next = page.next().map(token -> asked.toBuilder().pageToken(token).build()).orElse(null);
        }
        return items;
    }

    /** {@code viaSync} or, through the asynchronous table, {@code viaAsync}'s result. */
    @SuppressWarnings("unchecked")
    static <T> T call(boolean async, Supplier<T> viaSync, Supplier<? extends CompletableFuture<?>> viaAsync) {
        if (!async) {
            return viaSync.get();
        }
        try {
            return (T) viaAsync.get().get();
        } catch (ExecutionException e) {
            Throwable cause = TransitionHistory.unwrap(e);
            throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
