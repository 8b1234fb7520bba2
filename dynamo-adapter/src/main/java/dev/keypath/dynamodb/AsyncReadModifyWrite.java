package dev.keypath.dynamodb;

import java.util.concurrent.CompletableFuture;

/**
 * The work of one asynchronous read-checked transaction: chains reads of {@code tx}, declares writes, and
 * completes with a result; the table commits once the returned future has completed. It may run more than once
 * under {@link KeyPathAsyncTable#readModifyWrite(int, AsyncReadModifyWrite)}.
 *
 * @param <R> the result
 */
@FunctionalInterface
public interface AsyncReadModifyWrite<R> {
    /** Starts the unit's reads on {@code tx} and completes once its writes are declared. */
    CompletableFuture<R> run(AsyncReadCheckedTransaction tx);
}
