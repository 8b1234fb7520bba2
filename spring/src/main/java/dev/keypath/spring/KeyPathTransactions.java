package dev.keypath.spring;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.Assert;

/**
 * Callback API for one atomic unit of key-path writes: everything the callback writes through repositories or
 * {@link KeyPathDynamoOperations} is committed as one DynamoDB transaction when it returns, and dropped when it
 * throws.
 *
 * <pre>{@code
 * List<Object> stored = tx.run(ops -> {
 *     posts.save(post);
 *     comments.delete(spam);
 * });
 * }</pre>
 *
 * <p>Built on {@link KeyPathTransactionManager}, so it joins an enclosing {@code @Transactional} unit of the same
 * table (whose commit then sends the writes). See that class for what the unit does and does not do.
 *
 * <p>Thread-safe.
 */
public class KeyPathTransactions {
    private final KeyPathDynamoOperations operations;
    private final KeyPathTransactionManager manager;
    private final TransactionTemplate transactions;
    private final ConflictRetry retry;

    /** A unit runner committing through {@code transactionManager}; both arguments required and for the same table. */
    public KeyPathTransactions(KeyPathDynamoOperations operations, KeyPathTransactionManager transactionManager) {
        this(operations, transactionManager, ConflictRetry.NONE);
    }

    private KeyPathTransactions(KeyPathDynamoOperations operations, KeyPathTransactionManager transactionManager,
            ConflictRetry retry) {
        Assert.notNull(operations, "operations must not be null");
        Assert.notNull(transactionManager, "transactionManager must not be null");
        Assert.isTrue(operations.table() == transactionManager.table(),
                "operations and transactionManager must use the same KeyPathTable");
        this.operations = operations;
        this.manager = transactionManager;
        this.transactions = new TransactionTemplate(transactionManager);
        this.retry = retry;
    }

    /**
     * A runner like this one whose outermost units run again when DynamoDB cancels them for a conflict with
     * another transaction on the same items (see {@link ConflictRetry}). The callback must then be safe to run
     * more than once: it should only read and record writes. A unit that joins an enclosing one is not retried
     * (the enclosing one decides).
     *
     * <pre>{@code
     * KeyPathTransactions tx = transactions.withConflictRetry(ConflictRetry.attempts(8));
     * }</pre>
     */
    public KeyPathTransactions withConflictRetry(ConflictRetry retry) {
        Assert.notNull(retry, "retry must not be null");
        return new KeyPathTransactions(operations, manager, retry);
    }

    /**
     * Runs {@code callback} as one unit and returns its result after the commit.
     *
     * @param callback required; receives the operations to write with (repositories work too)
     * @throws org.springframework.dao.DataAccessException if the commit fails; nothing was written then
     */
    public <R> R execute(Function<KeyPathDynamoOperations, R> callback) {
        Assert.notNull(callback, "callback must not be null");
        return retrying(() -> transactions.execute(status -> callback.apply(operations)));
    }

    /**
     * Runs {@code callback} as one unit and returns, per write in order, the stored item for puts (with generated
     * ids and new versions) and {@code null} for deletes. When it joins an enclosing unit, nothing is committed
     * yet and the list is empty.
     *
     * @param callback required
     * @throws org.springframework.dao.DataAccessException if the commit fails; nothing was written then
     */
    public List<Object> run(Consumer<KeyPathDynamoOperations> callback) {
        Assert.notNull(callback, "callback must not be null");
        return retrying(() -> {
            AtomicReference<PendingWrites> unit = new AtomicReference<>();
            AtomicReference<Boolean> outermost = new AtomicReference<>(false);
            transactions.executeWithoutResult(status -> {
                unit.set(PendingWrites.current(operations.table()));
                outermost.set(status.isNewTransaction());
                callback.accept(operations);
            });
            return outermost.get() && unit.get() != null ? unit.get().stored() : List.of();
        });
    }

    /**
     * Runs {@code unit}, again after a backoff when an outermost unit was cancelled by a conflict or because an
     * item it read changed (the run reads it afresh).
     */
    private <R> R retrying(Supplier<R> unit) {
        boolean outermost = PendingWrites.current(operations.table()) == null;
        for (int attempt = 1; ; attempt++) {
            try {
                return unit.get();
            } catch (ConcurrencyFailureException e) {
                boolean rereads = e instanceof KeyPathReadConflictException;
                if (!outermost || attempt >= retry.maxAttempts()
                        || (e instanceof OptimisticLockingFailureException && !rereads)) {
                    throw e;
                }
                sleep(retry.backoff(attempt), e);
            }
        }
    }

    private static void sleep(Duration pause, RuntimeException cause) {
        try {
            Thread.sleep(pause.toMillis(), (int) (pause.toNanos() % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw cause;
        }
    }
}
