package dev.keypath.dynamodb;

import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

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

    /**
     * The operation is about to send {@code request}, a request of the DynamoDB API {@code api}, as it will go out
     * (its {@code Limit}, {@code ProjectionExpression}, {@code ConsistentRead}, {@code Segment} and so on, for
     * attributes of the request's own); the returned handle hears how it came back. By default
     * {@link #request(String)}.
     */
    default RequestObservation request(String api, DynamoDbRequest request) {
        return request(api);
    }

    /** The operation ended; {@code report} says how and what it cost. Called exactly once. */
    void end(OperationReport report);
}
