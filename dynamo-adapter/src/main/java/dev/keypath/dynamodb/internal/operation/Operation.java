package dev.keypath.dynamodb.internal.operation;

/**
 * One table operation written once, without I/O: it says what to do {@linkplain #next() next} (send a DynamoDB
 * request, wait, or stop) and takes each response through the callbacks of the {@link Step.Exchange} it
 * returned. The sync driver ({@code internal.client.SyncDriver}) runs it with a loop on the caller's thread, the
 * async one ({@code AsyncDriver}) with a future chain that never blocks. So retries, backoff, paging, sequence-id
 * allocation and every error are the same for both tables.
 *
 * <p>A driver calls {@link #next()}, carries out the step, and calls {@link #next()} again until it returns
 * {@link Step#DONE}; then {@link #result()} holds the outcome. An exception thrown by {@code next()} or by a step's
 * callback ends the operation with that exception. Single use; not thread-safe (a driver touches it from one
 * thread or one future stage at a time).
 *
 * @param <T> the result
 */
public interface Operation<T> {
    /** What to do now; {@link Step#DONE} once {@link #result()} is known. */
    public Step next();

    /** The outcome, valid once {@link #next()} returned {@link Step#DONE}. */
    public T result();

    /**
     * The driver stops running this operation before its end, for {@code reason}, which the operation did not see
     * through a step's callback (an error thrown by the client itself, a future chain that failed). An operation
     * that follows its own end (a metered one) ends here if it has not yet; others ignore it. Drivers may call it
     * after an ordinary failure too: it must be idempotent.
     */
    public default void abandon(Throwable reason) {
    }
}
