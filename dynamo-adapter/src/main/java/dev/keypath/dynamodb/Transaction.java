package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * Collects the actions of one atomic transaction ({@code TransactWriteItems}, at most 100 actions, each on a
 * different item, with at most 4 MB of items in all). Either all actions apply or none does; on failure
 * {@link TransactionFailedException} says which action failed and why. Version checks of versioned types apply
 * as in single writes.
 *
 * <p>Obtained inside {@link KeyPathTable#transact} or {@link KeyPathAsyncTable#transact}; not thread-safe and only
 * valid during that call.
 */
public interface Transaction {
    /** Puts (replaces) an item; version-checked for versioned types. */
    default Transaction put(Object item) {
        return put(item, PutMode.REPLACE);
    }

    /** Puts an item with a mode. */
    Transaction put(Object item, PutMode mode);

    /** Puts an item that must satisfy {@code condition}. */
    Transaction put(Object item, Condition condition);

    /** Deletes an item; version-checked for versioned types. */
    Transaction delete(Object item);

    /** Deletes the item of {@code type} at {@code keyPath} (no version check). */
    Transaction delete(Class<?> type, KeyPath keyPath);

    /** Deletes an item if {@code condition} holds. */
    Transaction delete(Class<?> type, KeyPath keyPath, Condition condition);

    /** Updates non-key fields of an existing item. */
    Transaction update(Class<?> type, KeyPath keyPath, UpdateSpec update);

    /** Requires {@code condition} to hold for the item at {@code keyPath} without writing it. */
    Transaction conditionCheck(Class<?> type, KeyPath keyPath, Condition condition);
}
