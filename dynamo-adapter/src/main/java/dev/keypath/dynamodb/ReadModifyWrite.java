package dev.keypath.dynamodb;

/**
 * The work of one read-checked transaction: reads items through the transaction, declares writes, returns a
 * result. It may run more than once under {@link KeyPathTable#readModifyWrite(int, ReadModifyWrite)}, so it
 * should have no effect outside the transaction.
 *
 * @param <R> the result
 */
@FunctionalInterface
public interface ReadModifyWrite<R> {
    /** Reads through {@code tx} and declares writes on it; the table commits after it returns. */
    R run(ReadCheckedTransaction tx);
}
