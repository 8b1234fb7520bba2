package dev.keypath.benchmarks;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A {@link DynamoDbClient} whose {@code query} answers every request with one prebuilt response and which does
 * nothing else: it lets the page benchmark time each library's query path (request built, response turned into
 * typed objects) without a network or an engine in the measurement. Not a stand-in for DynamoDB: it ignores the
 * request entirely. Thread-safe.
 */
final class CannedQueryClient implements DynamoDbClient {
    private final QueryResponse response;

    CannedQueryClient(QueryResponse response) {
        this.response = response;
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return response;
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
