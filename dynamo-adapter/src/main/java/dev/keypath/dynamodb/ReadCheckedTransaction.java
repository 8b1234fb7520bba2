package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.List;
import java.util.Optional;

/**
 * A transaction whose commit also checks that every item it read is still as read: a safe read-modify-write
 * over several items. {@link #read} reads an item (strongly consistent) and records it; {@link #commit} sends the
 * declared writes as one {@code TransactWriteItems} that also requires each item read to be unchanged (its
 * version for a {@link dev.keypath.dynamodb.annotation.Version versioned} type, otherwise every attribute as read;
 * absence for an item read as absent). A written item that was read carries the check in its own condition; an
 * item only read gets a {@code ConditionCheck}. If any item read changed, nothing is written and the commit
 * throws {@link ReadConflictException} naming it.
 *
 * <p>Every attribute as read means every attribute the item had: one another writer adds later goes unnoticed
 * (keypath writes every field, null ones included, so its own writes are always seen). An unversioned item of more
 * than 100 attributes cannot be compared in one condition; its commit is refused, asking for a {@code @Version}.
 *
 * <p>What a unit gives: reads are not a snapshot (each read sees the latest committed item), reads do not see the
 * unit's own writes, and the commit is atomic and serializable over the items read. Queries are not part of it.
 * Read items and writes together count against the 100 actions of one transaction.
 *
 * <p>Obtained from {@link KeyPathTable#readCheckedTransaction()} or inside {@link KeyPathTable#readModifyWrite};
 * not thread-safe; commit once.
 */
public interface ReadCheckedTransaction extends Transaction {
    /**
     * Reads the item of {@code type} at {@code keyPath} with a strongly consistent get and records what was read
     * (present or absent), so that the commit checks it. Reading the same key path again returns what the first
     * read saw, without a request.
     */
    <T> Optional<T> read(Class<T> type, KeyPath keyPath);

    /**
     * Sends the declared writes and the checks of the items read as one transaction. Returns, per declared write
     * in order, the stored item for puts and null otherwise. Sends nothing when nothing was read or written.
     *
     * @throws ReadConflictException if an item read changed since; nothing was written
     * @throws TransactionFailedException if another action failed; nothing was written
     */
    List<Object> commit();
}
