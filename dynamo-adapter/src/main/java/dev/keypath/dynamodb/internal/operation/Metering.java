package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObserver;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What a table's operations ask DynamoDB to report of consumed capacity, and who follows them: the listener and
 * the observer, combined into one observer (null for none). One rule decides what a request asks. An operation
 * whose result carries its capacity (a page, an update's result, a subtree deletion, a snapshot) is always metered
 * and every request of it asks for the table's {@link #mode}. Every other operation (a get, a put, a delete, an id
 * generation, a batch, a transaction, a read-checked transaction and its reads, a read-modify-write, a count, a
 * page of a stream or a publisher, which hands over only its items) is metered only when something follows the
 * table ({@link #observed}), and every request it sends, its own and those it needs besides (sequence
 * allocations, alias reads, the removal of an expired item, a re-shard's moves, index hydration), asks for
 * {@link #askForObservers}: the mode when something follows, nothing when nothing does. So with nothing following
 * the table such an operation is neither wrapped nor copied and asks for nothing. Immutable and thread-safe.
 */
public final class Metering {
    /** The default: {@code INDEXES}, no listener, no observer. */
    public static final Metering DEFAULT = new Metering(ReturnConsumedCapacity.INDEXES, null);

    private final ReturnConsumedCapacity mode;
    private final OperationObserver observer;

    public Metering(ReturnConsumedCapacity mode, OperationListener listener) {
        this(mode, listener, null);
    }

    /** {@code listener} and {@code observer} may each be null. */
    public Metering(ReturnConsumedCapacity mode, OperationListener listener, OperationObserver observer) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.observer = Observers.combined(listener, observer);
    }

    /** What every request of an operation whose result carries its capacity asks for. */
    public ReturnConsumedCapacity mode() {
        return mode;
    }

    /** Whom operations report to, or null. */
    OperationObserver observer() {
        return observer;
    }

    /**
     * What every request of an operation whose result carries no capacity asks DynamoDB to report of its capacity,
     * since only an observer or a listener could read the figure: the table's mode when one follows the table
     * ({@link #observed}), nothing (null) when none does or the mode is {@code NONE} (DynamoDB's default). Asking
     * with no one to read the figure would cost the SDK the question in the request and the figure in the answer,
     * a few per cent of a small call's processing.
     */
    public ReturnConsumedCapacity askForObservers() {
        return observer == null || mode == ReturnConsumedCapacity.NONE ? null : mode;
    }

    /**
     * Whether an observer or listener follows the table: whether an operation whose result carries no capacity is
     * metered (its requests then ask for the mode already, {@link #askForObservers}).
     */
    boolean observed() {
        return observer != null;
    }
}
