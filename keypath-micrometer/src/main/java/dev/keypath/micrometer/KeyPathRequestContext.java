package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationStart;
import io.micrometer.observation.Observation;
import java.util.Objects;

/**
 * The context of the observation of one DynamoDB request of an operation: the API called, the operation it
 * belongs to, and once answered, the capacity and items its response reported. Mutable, as every observation
 * context; written by the operation's thread.
 */
public final class KeyPathRequestContext extends Observation.Context {
    private final String api;
    private final OperationStart operation;
    private volatile boolean answered;
    private volatile double readUnits;
    private volatile double writeUnits;
    private volatile long itemsRead;

    /** A context for a request of {@code api} ({@code "GetItem"}, ...) sent by the operation {@code operation}. */
    public KeyPathRequestContext(String api, OperationStart operation) {
        this.api = Objects.requireNonNull(api, "api");
        this.operation = Objects.requireNonNull(operation, "operation");
    }

    /** The DynamoDB API called. */
    public String api() {
        return api;
    }

    /** The operation that sent the request. */
    public OperationStart operation() {
        return operation;
    }

    /** Whether the response came back. */
    public boolean answered() {
        return answered;
    }

    /** The read units the response reported. */
    public double readUnits() {
        return readUnits;
    }

    /** The write units the response reported. */
    public double writeUnits() {
        return writeUnits;
    }

    /** The items DynamoDB read for the request. */
    public long itemsRead() {
        return itemsRead;
    }

    void answered(double readUnits, double writeUnits, long itemsRead) {
        this.readUnits = readUnits;
        this.writeUnits = writeUnits;
        this.itemsRead = itemsRead;
        this.answered = true;
    }
}
