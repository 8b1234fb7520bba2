package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Objects;

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
    /** Puts an item as {@code put} says (mode and condition together); version-checked for versioned types. */
    Transaction put(PutItem<?> put);

    /**
     * Deletes an item as {@code delete} says (by item or key path, expected version, condition); a delete that
     * asks for the deleted item is refused, since a transaction returns no items.
     */
    Transaction delete(DeleteItem<?> delete);

    /**
     * Updates non-key fields of an item as {@code update} says, creating it when its mode is
     * {@link UpdateItem.Mode#UPSERT}; a return value other than {@code NEW} (the default) or {@code NONE} is
     * refused, since a transaction returns no items.
     */
    Transaction update(UpdateItem<?> update);

    /** Requires {@code condition} to hold for the item at {@code keyPath} without writing it. */
    Transaction conditionCheck(Class<?> type, KeyPath keyPath, Condition condition);

    /** Puts (replaces) an item; version-checked for versioned types. */
    default Transaction put(Object item) {
        return put(PutItem.of(item));
    }

    /** Puts an item with a mode. */
    default Transaction put(Object item, PutMode mode) {
        return put(PutItem.builder(item).mode(mode).build());
    }

    /** Puts an item that must satisfy {@code condition}. */
    default Transaction put(Object item, Condition condition) {
        return put(PutItem.builder(item).condition(Objects.requireNonNull(condition, "condition")).build());
    }

    /** Deletes an item; version-checked for versioned types. */
    default Transaction delete(Object item) {
        return delete(DeleteItem.of(item));
    }

    /** Deletes the item of {@code type} at {@code keyPath} (no version check). */
    default Transaction delete(Class<?> type, KeyPath keyPath) {
        return delete(DeleteItem.of(type, keyPath));
    }

    /** Deletes an item if {@code condition} (nullable) holds. */
    default Transaction delete(Class<?> type, KeyPath keyPath, Condition condition) {
        return delete(DeleteItem.builder(type, keyPath).condition(condition).build());
    }

    /** Updates non-key fields of an existing item. */
    default Transaction update(Class<?> type, KeyPath keyPath, UpdateSpec update) {
        return update(UpdateItem.of(type, keyPath, update));
    }
}
