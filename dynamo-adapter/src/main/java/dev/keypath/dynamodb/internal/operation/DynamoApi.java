package dev.keypath.dynamodb.internal.operation;

import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * One DynamoDB API call as both SDK clients make it, so that an {@link Operation} names the call once and each
 * driver picks its client's method. Immutable.
 *
 * @param <Q> request type
 * @param <R> response type
 */
public final class DynamoApi<Q, R> {
    public static final DynamoApi<GetItemRequest, GetItemResponse> GET_ITEM =
            new DynamoApi<>("GetItem", DynamoDbClient::getItem, DynamoDbAsyncClient::getItem);
    public static final DynamoApi<PutItemRequest, PutItemResponse> PUT_ITEM =
            new DynamoApi<>("PutItem", DynamoDbClient::putItem, DynamoDbAsyncClient::putItem);
    public static final DynamoApi<DeleteItemRequest, DeleteItemResponse> DELETE_ITEM =
            new DynamoApi<>("DeleteItem", DynamoDbClient::deleteItem, DynamoDbAsyncClient::deleteItem);
    public static final DynamoApi<UpdateItemRequest, UpdateItemResponse> UPDATE_ITEM =
            new DynamoApi<>("UpdateItem", DynamoDbClient::updateItem, DynamoDbAsyncClient::updateItem);
    public static final DynamoApi<QueryRequest, QueryResponse> QUERY =
            new DynamoApi<>("Query", DynamoDbClient::query, DynamoDbAsyncClient::query);
    public static final DynamoApi<ScanRequest, ScanResponse> SCAN =
            new DynamoApi<>("Scan", DynamoDbClient::scan, DynamoDbAsyncClient::scan);
    public static final DynamoApi<BatchGetItemRequest, BatchGetItemResponse> BATCH_GET_ITEM =
            new DynamoApi<>("BatchGetItem", DynamoDbClient::batchGetItem, DynamoDbAsyncClient::batchGetItem);
    public static final DynamoApi<BatchWriteItemRequest, BatchWriteItemResponse> BATCH_WRITE_ITEM =
            new DynamoApi<>("BatchWriteItem", DynamoDbClient::batchWriteItem, DynamoDbAsyncClient::batchWriteItem);
    public static final DynamoApi<TransactWriteItemsRequest, TransactWriteItemsResponse> TRANSACT_WRITE_ITEMS =
            new DynamoApi<>("TransactWriteItems", DynamoDbClient::transactWriteItems,
                    DynamoDbAsyncClient::transactWriteItems);

    public static final DynamoApi<TransactGetItemsRequest, TransactGetItemsResponse> TRANSACT_GET_ITEMS =
            new DynamoApi<>("TransactGetItems", DynamoDbClient::transactGetItems,
                    DynamoDbAsyncClient::transactGetItems);

    private final String name;
    private final BiFunction<DynamoDbClient, Q, R> sync;
    private final BiFunction<DynamoDbAsyncClient, Q, CompletableFuture<R>> async;

    DynamoApi(String name, BiFunction<DynamoDbClient, Q, R> sync,
                      BiFunction<DynamoDbAsyncClient, Q, CompletableFuture<R>> async) {
        this.name = name;
        this.sync = sync;
        this.async = async;
    }

    /** Sends {@code request} and waits for the response. */
    public R call(DynamoDbClient client, Q request) {
        return sync.apply(client, request);
    }

    /** Sends {@code request}; the future completes with the response. */
    public CompletableFuture<R> call(DynamoDbAsyncClient client, Q request) {
        return async.apply(client, request);
    }

    @Override
    public String toString() {
        return name;
    }
}
