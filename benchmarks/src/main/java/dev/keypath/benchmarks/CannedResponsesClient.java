package dev.keypath.benchmarks;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A {@link DynamoDbClient} whose {@code getItem}, {@code putItem}, {@code updateItem} (the table's record of its
 * layout, before its first write and once a refresh interval) and {@code query} return prebuilt responses, with
 * {@link CannedHttpClient#CAPACITY} in them when, and only when, the request asks for its consumed capacity: the
 * SDK left out, so what a build spends on a call is its own work alone.
 */
final class CannedResponsesClient implements DynamoDbClient {
    private final GetItemResponse get;
    private final GetItemResponse getAsked;
    private final PutItemResponse put;
    private final PutItemResponse putAsked;
    private final QueryResponse query;
    private final QueryResponse queryAsked;

    CannedResponsesClient(GetItemResponse get, PutItemResponse put, QueryResponse query) {
        this.get = get;
        this.put = put;
        this.query = query;
        ConsumedCapacity capacity = CannedHttpClient.CAPACITY;
        getAsked = get.toBuilder().consumedCapacity(capacity).build();
        putAsked = put.toBuilder().consumedCapacity(capacity).build();
        queryAsked = query.toBuilder().consumedCapacity(capacity).build();
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return asks(request.returnConsumedCapacity()) ? getAsked : get;
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return asks(request.returnConsumedCapacity()) ? putAsked : put;
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return UpdateItemResponse.builder().build();
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return asks(request.returnConsumedCapacity()) ? queryAsked : query;
    }

    private static boolean asks(ReturnConsumedCapacity mode) {
        return mode != null && mode != ReturnConsumedCapacity.NONE;
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
