package dev.keypath.dynamodb;

/**
 * One started operation, as its {@link OperationObserver} follows it: told of each request before it is sent and
 * of the operation's end, exactly once. Called by one thread at a time (see {@link OperationObserver}).
 */
public interface OperationObservation {
    /** A handle that hears nothing. */
    OperationObservation NONE = report -> { };

    /**
     * The operation is about to send a request of the DynamoDB API {@code api} ({@code "GetItem"}, {@code "Query"},
     * {@code "BatchWriteItem"}, ...). The returned handle hears how it came back.
     */
    default RequestObservation request(String api) {
        return RequestObservation.NONE;
    }

    /** The operation ended; {@code report} says how and what it cost. Called exactly once. */
    void end(OperationReport report);
}
