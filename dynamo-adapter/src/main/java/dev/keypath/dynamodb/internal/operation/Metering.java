package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.OperationListener;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What a table's operations ask DynamoDB to report of consumed capacity, and the listener they report to (null
 * for none). The request builders ask for {@code INDEXES}, so that with the default mode and no listener an
 * operation whose result carries no capacity runs unmetered: nothing is wrapped, copied or allocated for it.
 * Immutable and thread-safe.
 */
public final class Metering {
    /** The default: {@code INDEXES}, no listener. */
    public static final Metering DEFAULT = new Metering(ReturnConsumedCapacity.INDEXES, null);

    private final ReturnConsumedCapacity mode;
    private final OperationListener listener;

    public Metering(ReturnConsumedCapacity mode, OperationListener listener) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.listener = listener;
    }

    /** What every request asks for. */
    public ReturnConsumedCapacity mode() {
        return mode;
    }

    /** The listener, or null. */
    OperationListener listener() {
        return listener;
    }

    /**
     * Whether an operation whose result carries no capacity must be metered: when a listener waits for its report,
     * or when its requests must ask for other than what the builders ask.
     */
    boolean meters() {
        return listener != null || mode != ReturnConsumedCapacity.INDEXES;
    }
}
