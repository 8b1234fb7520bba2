package dev.keypath.benchmarks;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * A {@link DynamoDbClient} whose {@code getItem} and {@code putItem} return one prebuilt response each, as
 * {@link CannedQueryClient} does for queries: no network and no engine in the measurement.
 */
final class CannedItemClient implements DynamoDbClient {
    private final GetItemResponse get;
    private final PutItemResponse put;

    CannedItemClient(GetItemResponse get, PutItemResponse put) {
        this.get = get;
        this.put = put;
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return get;
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return put;
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
