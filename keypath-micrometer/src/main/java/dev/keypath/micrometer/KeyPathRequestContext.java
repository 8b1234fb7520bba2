package dev.keypath.micrometer;

import dev.keypath.dynamodb.OperationStart;
import io.micrometer.observation.Observation;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The context of the observation of one DynamoDB request of an operation: the API called, the request as sent,
 * the operation it belongs to, and once answered, the capacity and items its response reported. Mutable, as every
 * observation context; written by the operation's thread.
 */
public final class KeyPathRequestContext extends Observation.Context {
    private final String api;
    private final DynamoDbRequest request;
    private final OperationStart operation;
    private volatile boolean answered;
    private volatile double readUnits;
    private volatile double writeUnits;
    private volatile long itemsRead;

    /** A context for a request of {@code api} ({@code "GetItem"}, ...) sent by the operation {@code operation}. */
    public KeyPathRequestContext(String api, OperationStart operation) {
        this(api, null, operation);
    }

    /**
     * A context for {@code request} (null when not known), of {@code api}, sent by the operation {@code operation}.
     */
    public KeyPathRequestContext(String api, DynamoDbRequest request, OperationStart operation) {
        this.api = Objects.requireNonNull(api, "api");
        this.request = request;
        this.operation = Objects.requireNonNull(operation, "operation");
    }

    /** The request as it was sent, when known. */
    public Optional<DynamoDbRequest> request() {
        return Optional.ofNullable(request);
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
