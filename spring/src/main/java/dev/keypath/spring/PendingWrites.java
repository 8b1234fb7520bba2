package dev.keypath.spring;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.TransactionFailedException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The writes collected by one unit of work, bound to the current thread under the {@link KeyPathTable} as key
 * and committed as one {@code TransactWriteItems}, together with a check of every item the unit read by key
 * (unless the unit is read-only). Not thread-safe: it belongs to the thread that runs the unit.
 */
final class PendingWrites {
    /** DynamoDB's limit of actions per transaction. */
    static final int MAX_ACTIONS = 100;

    private final List<Consumer<Transaction>> actions = new ArrayList<>();
    private final List<String> descriptions = new ArrayList<>();
    private final BitSet createOnly = new BitSet();
    private final boolean checksReads;
    private ReadCheckedTransaction reads;
    private List<Object> stored = List.of();
    private boolean rollbackOnly;

    /** A unit that records its reads for the commit to check, or (read-only units) does not. */
    PendingWrites(boolean checksReads) {
        this.checksReads = checksReads;
    }

    /** The writes bound to the current thread for {@code table}, or null outside a unit of work. */
    static PendingWrites current(KeyPathTable table) {
        Object resource = TransactionSynchronizationManager.getResource(table);
        return resource instanceof PendingWrites writes ? writes : null;
    }

    /** Adds one action; {@code description} names it in errors, e.g. {@code "put /user-1/post-2"}. */
    void add(String description, boolean isCreateOnly, Consumer<Transaction> action) {
        if (actions.size() == MAX_ACTIONS) {
            throw new InvalidDataAccessApiUsageException("Cannot add write " + (MAX_ACTIONS + 1) + " (" + description
                    + ") to the unit of work: one DynamoDB transaction holds at most " + MAX_ACTIONS
                    + " writes (first write: " + descriptions.get(0) + "); split the work into several units");
        }
        if (isCreateOnly) {
            createOnly.set(actions.size());
        }
        actions.add(action);
        descriptions.add(description);
    }

    /**
     * Reads the item for the unit: recorded, so that the commit requires it unchanged, in a unit that checks its
     * reads; a plain read otherwise.
     */
    <T> Optional<T> read(KeyPathTable table, Class<T> type, KeyPath keyPath) {
        if (!checksReads) {
            return table.get(type, keyPath);
        }
        if (reads == null) {
            reads = table.readCheckedTransaction();
        }
        return reads.read(type, keyPath);
    }

    /** Number of collected writes. */
    int size() {
        return actions.size();
    }

    /** Descriptions of the collected writes, in order. */
    List<String> descriptions() {
        return List.copyOf(descriptions);
    }

    /** Marks the unit so that its outermost commit rolls back instead (a participant failed). */
    void markRollbackOnly() {
        rollbackOnly = true;
    }

    /** Whether {@link #markRollbackOnly()} was called. */
    boolean isRollbackOnly() {
        return rollbackOnly;
    }

    /** Drops every collected write (rollback). */
    void clear() {
        reads = null;
        actions.clear();
        descriptions.clear();
        createOnly.clear();
    }

    /**
     * Commits the collected writes as one transaction, with the check of every item read, and returns, per write,
     * the stored item for puts and {@code null} otherwise. A unit without writes sends nothing: its reads are not
     * checked, since it changes nothing they could have misled.
     */
    List<Object> commit(KeyPathTable table, KeyPathExceptionTranslator translator) {
        if (actions.isEmpty()) {
            return List.of();
        }
        try {
            if (reads != null) {
                ReadCheckedTransaction tx = reads;
                actions.forEach(a -> a.accept(tx));
                stored = tx.commit();
            } else {
                stored = table.transact(tx -> actions.forEach(a -> a.accept(tx)));
            }
            return stored;
        } catch (TransactionFailedException e) {
            throw translator.translateTransaction(e, createOnly::get);
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException("Transaction of " + descriptions + " rejected: "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            DataAccessException translated = translator.translate(e, false);
            throw translated != null ? translated : e;
        }
    }

    /** What the last successful {@link #commit} stored (empty before). */
    List<Object> stored() {
        return stored;
    }
}
