package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationObserver;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What a table's operations ask DynamoDB to report of consumed capacity, and who follows them: the listener and
 * the observer, combined into one observer (null for none). The request builders ask for {@code INDEXES}, so that
 * with the default mode and neither listener nor observer an operation whose result carries no capacity runs
 * unmetered: nothing is wrapped, copied or allocated for it. An operation on one item that nothing follows (a get,
 * whole, projected or by alias, a put, a delete, an id generation) runs unmetered whatever the mode, and none of its
 * requests asks at all ({@link #singleItemAsk}). Immutable and thread-safe.
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

    /** What every request asks for. */
    public ReturnConsumedCapacity mode() {
        return mode;
    }

    /** Whom operations report to, or null. */
    OperationObserver observer() {
        return observer;
    }

    /**
     * What every request of an operation on one item whose result carries no capacity asks DynamoDB to report of its
     * capacity: a get (whole, projected or by alias), a put, a delete or an id generation, with the requests they
     * send besides the item's own (a sequence id's allocation, an alias's reads, an aliased item's read and
     * transaction, the removal of an expired item in the write's way, a re-shard's moves before it). The table's
     * mode when an observer or listener follows the table ({@link #observed}), nothing (null) when none does or the
     * mode is {@code NONE} (DynamoDB's default). With nothing following such an operation no one could read the
     * figure, and asking would cost the SDK the question in the request and the figure in the answer, a few per
     * cent of a small call's processing.
     */
    public ReturnConsumedCapacity singleItemAsk() {
        return observer == null || mode == ReturnConsumedCapacity.NONE ? null : mode;
    }

    /**
     * Whether an observer or listener follows the table: what decides whether an operation whose requests ask as
     * {@link #singleItemAsk} says is metered, whatever the mode.
     */
    boolean observed() {
        return observer != null;
    }

    /**
     * Whether an operation whose result carries no capacity must be metered: when an observer or listener follows
     * it, or when its requests must ask for other than what the builders ask.
     */
    boolean meters() {
        return observer != null || mode != ReturnConsumedCapacity.INDEXES;
    }
}
