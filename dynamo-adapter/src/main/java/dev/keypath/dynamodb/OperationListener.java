package dev.keypath.dynamodb;

/**
 * Told of every logical operation of a table once it has ended, successfully or not: set one on the table builder
 * ({@link TableBuilderSettings#operationListener}). The report carries the operation's access pattern, outcome,
 * duration and the capacity of all its requests.
 *
 * <p>It is called on the thread that ends the operation: the caller's thread for a {@link KeyPathTable}, an SDK
 * or executor thread for a {@link KeyPathAsyncTable}, before the caller sees the result. It must be quick and
 * thread-safe, and must not block; an exception it throws is swallowed, so that a report can never change what an
 * operation did. Without a listener, no report is built.
 *
 * <p>An operation refused before any request (a key path its type cannot have, an invalid update) is not
 * reported. Every other operation is reported exactly once, including an asynchronous one its caller cancelled or
 * stopped waiting for (reported when it stops, with the {@link java.util.concurrent.CancellationException} or
 * whatever it ended with). To follow operations from their start, with each request, use an
 * {@link OperationObserver}.
 */
@FunctionalInterface
public interface OperationListener {
    /** Called once per operation. */
    void onOperation(OperationReport report);
}
