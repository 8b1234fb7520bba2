package dev.keypath.micrometer;

import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * SDK clients that answer every get (no item), put, update and query (an empty page) with the same prebuilt
 * response, each reporting capacity as DynamoDB does, without network or engine (the update is the table's record of
 * its layout, added before its first write): for runs of a million operations, where
 * only what keypath and Micrometer do per operation is under test (as the benchmarks' canned clients). A put whose
 * request carries a condition fails as a failed condition, so that runs have errors too.
 */
final class CannedClients {
    private static final GetItemResponse GET = GetItemResponse.builder()
            .consumedCapacity(ConsumedCapacity.builder().tableName("canned").capacityUnits(0.5).build()).build();
    private static final PutItemResponse PUT = PutItemResponse.builder()
            .consumedCapacity(ConsumedCapacity.builder().tableName("canned").capacityUnits(1.0).build()).build();
    private static final UpdateItemResponse UPDATE = UpdateItemResponse.builder()
            .consumedCapacity(ConsumedCapacity.builder().tableName("canned").capacityUnits(1.0).build()).build();
    private static final QueryResponse QUERY = QueryResponse.builder().count(0).scannedCount(3)
            .consumedCapacity(ConsumedCapacity.builder().tableName("canned").capacityUnits(0.5).build()).build();

    private CannedClients() {
    }

    private static PutItemResponse put(PutItemRequest request) {
        if (request.conditionExpression() != null && request.conditionExpression().contains("attribute_not_exists")) {
            throw ConditionalCheckFailedException.builder().message("canned: the item exists").build();
        }
        return PUT;
    }

    /** The synchronous client. */
    static DynamoDbClient sync() {
        return new DynamoDbClient() {
            @Override
            public GetItemResponse getItem(GetItemRequest request) {
                return GET;
            }

            @Override
            public PutItemResponse putItem(PutItemRequest request) {
                return put(request);
            }

            @Override
            public UpdateItemResponse updateItem(UpdateItemRequest request) {
                return UPDATE;
            }

            @Override
            public QueryResponse query(QueryRequest request) {
                return QUERY;
            }

            @Override
            public String serviceName() {
                return SERVICE_NAME;
            }

            @Override
            public void close() {
            }
        };
    }

    /** The asynchronous client: every future is already complete. */
    static DynamoDbAsyncClient async() {
        return new DynamoDbAsyncClient() {
            @Override
            public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
                return CompletableFuture.completedFuture(GET);
            }

            @Override
            public CompletableFuture<PutItemResponse> putItem(PutItemRequest request) {
                try {
                    return CompletableFuture.completedFuture(put(request));
                } catch (RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }

            @Override
            public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
                return CompletableFuture.completedFuture(UPDATE);
            }

            @Override
            public CompletableFuture<QueryResponse> query(QueryRequest request) {
                return CompletableFuture.completedFuture(QUERY);
            }

            @Override
            public String serviceName() {
                return SERVICE_NAME;
            }

            @Override
            public void close() {
            }
        };
    }
}
