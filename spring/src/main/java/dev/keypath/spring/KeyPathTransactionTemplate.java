package dev.keypath.spring;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
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
public class KeyPathTransactionTemplate {
    private final KeyPathDynamoOperations operations;
    private final TransactionTemplate transactions;

    /** A template committing through {@code transactionManager}; both arguments required and for the same table. */
    public KeyPathTransactionTemplate(KeyPathDynamoOperations operations, KeyPathTransactionManager transactionManager) {
        Assert.notNull(operations, "operations must not be null");
        Assert.notNull(transactionManager, "transactionManager must not be null");
        Assert.isTrue(operations.table() == transactionManager.table(),
                "operations and transactionManager must use the same KeyPathTable");
        this.operations = operations;
        this.transactions = new TransactionTemplate(transactionManager);
    }

    /**
     * Runs {@code callback} as one unit and returns its result after the commit.
     *
     * @param callback required; receives the operations to write with (repositories work too)
     * @throws org.springframework.dao.DataAccessException if the commit fails; nothing was written then
     */
    public <R> R execute(Function<KeyPathDynamoOperations, R> callback) {
        Assert.notNull(callback, "callback must not be null");
        return transactions.execute(status -> callback.apply(operations));
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
        AtomicReference<PendingWrites> unit = new AtomicReference<>();
        AtomicReference<Boolean> outermost = new AtomicReference<>(false);
        transactions.executeWithoutResult(status -> {
            unit.set(PendingWrites.current(operations.table()));
            outermost.set(status.isNewTransaction());
            callback.accept(operations);
        });
        return outermost.get() && unit.get() != null ? unit.get().stored() : List.of();
    }
}
