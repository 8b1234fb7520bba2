package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The non-blocking form of {@link ReadCheckedTransaction}: reads complete futures, writes are declared at once
 * (they are sent by {@link #commit}), and the commit checks every item read exactly as the synchronous form does.
 * Obtained from {@link KeyPathAsyncTable#readCheckedTransaction()} or inside
 * {@link KeyPathAsyncTable#readModifyWrite}. Not thread-safe: declare writes and start reads from one chain of
 * callbacks; commit once, after every read has completed.
 */
public interface AsyncReadCheckedTransaction extends Transaction {
    /** Reads and records the item, as {@link ReadCheckedTransaction#read}; completes with it or empty. */
    <T> CompletableFuture<Optional<T>> read(Class<T> type, KeyPath keyPath);

    /**
     * Sends the writes and read checks as one transaction, as {@link ReadCheckedTransaction#commit}; completes
     * exceptionally with {@link ReadConflictException} when an item read changed.
     */
    CompletableFuture<List<Object>> commit();
}
