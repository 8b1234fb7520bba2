package dev.keypath.dynamodb;

/**
 * Observes each logical operation of a table from its start to its end: set one on the table builder
 * ({@link TableBuilderSettings#operationObserver}). Where an {@link OperationListener} hears only the end, an
 * observer is told before the operation's first request ({@link #start}) and returns a handle that hears each
 * request the operation sends ({@link OperationObservation#request}) and its end, so that a tracing or metrics
 * library can open a span around the operation and one under it per DynamoDB request.
 *
 * <p>Every operation that was started ends exactly once ({@link OperationObservation#end}): when it succeeds, when
 * it fails, when the caller of an asynchronous table cancels it or stops waiting for it, and when a synchronous
 * caller's thread is interrupted during a wait. An operation refused before any step (a key path its type cannot
 * have, an invalid update) is never started.
 *
 * <p>{@code start} and the handle's methods are called on the thread that runs the operation at that moment: the
 * caller's thread for a {@link KeyPathTable}; for a {@link KeyPathAsyncTable}, the caller's thread up to the first
 * request and an SDK or executor thread afterwards. One operation's calls never overlap. An observer must be quick,
 * thread-safe and must not block; an exception it throws is swallowed, so that observing never changes what an
 * operation does. Without an observer (and without a listener), nothing is started and no handle is allocated.
 */
@FunctionalInterface
public interface OperationObserver {
    /**
     * Called once per operation, before its first request.
     *
     * @return the handle that hears the operation's requests and its end; {@link OperationObservation#NONE} to
     *         hear nothing more
     */
    OperationObservation start(OperationStart start);
}
