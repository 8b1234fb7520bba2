package dev.keypath.spring;

import dev.keypath.dynamodb.KeyPathTable;
import org.springframework.transaction.InvalidIsolationLevelException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.SmartTransactionObject;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;

/**
 * A {@link org.springframework.transaction.PlatformTransactionManager} that makes {@code @Transactional} (and
 * {@link org.springframework.transaction.support.TransactionTemplate}) work with key-path repositories: writes
 * made through {@link KeyPathDynamoOperations} on the transaction's thread are collected and, on commit, sent as
 * one {@code TransactWriteItems} (all or nothing, at most 100 writes, each on a different item). On rollback
 * nothing is sent.
 *
 * <p>Isolation: the items a unit reads by key ({@code findById}, {@code findAllById}, {@code existsById}) are
 * read strongly consistent and recorded, and the commit requires each of them to be unchanged (its version, or
 * every attribute as read, or its absence), so a read-modify-write unit is optimistic and serializable over the
 * items it read: if one changed, nothing is written and the commit throws {@link KeyPathReadConflictException}.
 * Reads are not a snapshot (each sees the latest committed item) and do not see the unit's pending writes; query
 * results are not checked (no phantom protection); a unit that writes nothing sends nothing, and a read-only
 * unit ({@code @Transactional(readOnly = true)}) records no reads. A write returns its argument with any unset {@code @AutoId} fields generated when the write is
 * recorded (a sequence id is allocated then, and consumed if the unit rolls back: ids are monotonic, not
 * contiguous); new versions are assigned at commit.
 * Propagation {@code REQUIRED}, {@code REQUIRES_NEW} (suspending the outer unit), {@code SUPPORTS},
 * {@code NOT_SUPPORTED}, {@code MANDATORY} and {@code NEVER} work; {@code NESTED} is refused and isolation
 * levels other than the default are rejected. A failed commit throws a
 * {@link org.springframework.dao.DataAccessException} whose message names each failed write (its index, key
 * path and DynamoDB's reason).
 *
 * <p>Thread-safe: one instance serves all threads, each with its own unit of work.
 */
public class KeyPathTransactionManager extends AbstractPlatformTransactionManager {
    private static final long serialVersionUID = 1L;
    private final transient KeyPathTable table;
    private final transient KeyPathExceptionTranslator translator;

    /** A manager for {@code table} with the default translator. */
    public KeyPathTransactionManager(KeyPathTable table) {
        this(table, new KeyPathExceptionTranslator());
    }

    /** A manager for {@code table} using {@code translator} for commit failures; both required. */
    public KeyPathTransactionManager(KeyPathTable table, KeyPathExceptionTranslator translator) {
        Assert.notNull(table, "table must not be null");
        Assert.notNull(translator, "translator must not be null");
        this.table = table;
        this.translator = translator;
        setNestedTransactionAllowed(false);
    }

    /** The table whose writes this manager collects. */
    public KeyPathTable table() {
        return table;
    }

    /** The transaction object: the unit bound to the thread, if any. */
    static final class UnitHolder implements SmartTransactionObject {
        private PendingWrites writes;

        UnitHolder(PendingWrites writes) {
            this.writes = writes;
        }

        PendingWrites writes() {
            return writes;
        }

        @Override
        public boolean isRollbackOnly() {
            return writes != null && writes.isRollbackOnly();
        }

        @Override
        public void flush() {
            // Writes are sent only at commit.
        }
    }

    @Override
    protected Object doGetTransaction() {
        return new UnitHolder(PendingWrites.current(table));
    }

    @Override
    protected boolean isExistingTransaction(Object transaction) {
        return ((UnitHolder) transaction).writes() != null;
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        if (definition.getIsolationLevel() != TransactionDefinition.ISOLATION_DEFAULT) {
            throw new InvalidIsolationLevelException("DynamoDB transactions are serializable and take no isolation "
                    + "level; remove isolation from the transaction definition");
        }
        UnitHolder holder = (UnitHolder) transaction;
        holder.writes = new PendingWrites(!definition.isReadOnly());
        TransactionSynchronizationManager.bindResource(table, holder.writes);
    }

    @Override
    protected Object doSuspend(Object transaction) {
        ((UnitHolder) transaction).writes = null;
        return TransactionSynchronizationManager.unbindResource(table);
    }

    @Override
    protected void doResume(Object transaction, Object suspendedResources) {
        TransactionSynchronizationManager.bindResource(table, suspendedResources);
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        PendingWrites writes = ((UnitHolder) status.getTransaction()).writes();
        if (status.isDebug()) {
            logger.debug("Committing " + writes.size() + " key-path writes as one DynamoDB transaction");
        }
        writes.commit(table, translator);
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        ((UnitHolder) status.getTransaction()).writes().clear();
    }

    @Override
    protected void doSetRollbackOnly(DefaultTransactionStatus status) {
        ((UnitHolder) status.getTransaction()).writes().markRollbackOnly();
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        TransactionSynchronizationManager.unbindResourceIfPossible(table);
    }
}
