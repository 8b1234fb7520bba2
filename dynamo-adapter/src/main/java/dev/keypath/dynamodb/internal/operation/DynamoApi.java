package dev.keypath.dynamodb.internal.operation;

import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
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
            new DynamoApi<>("GetItem", DynamoDbClient::getItem, DynamoDbAsyncClient::getItem,
                    new Capacity<>(false, GetItemRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            one(GetItemResponse::consumedCapacity), r -> r.hasItem() && !r.item().isEmpty() ? 1 : 0,
                            r -> 0));
    public static final DynamoApi<PutItemRequest, PutItemResponse> PUT_ITEM =
            new DynamoApi<>("PutItem", DynamoDbClient::putItem, DynamoDbAsyncClient::putItem,
                    new Capacity<>(true, PutItemRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            one(PutItemResponse::consumedCapacity), r -> 0, r -> 0));
    public static final DynamoApi<DeleteItemRequest, DeleteItemResponse> DELETE_ITEM =
            new DynamoApi<>("DeleteItem", DynamoDbClient::deleteItem, DynamoDbAsyncClient::deleteItem,
                    new Capacity<>(true, DeleteItemRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            one(DeleteItemResponse::consumedCapacity), r -> 0, r -> 0));
    public static final DynamoApi<UpdateItemRequest, UpdateItemResponse> UPDATE_ITEM =
            new DynamoApi<>("UpdateItem", DynamoDbClient::updateItem, DynamoDbAsyncClient::updateItem,
                    new Capacity<>(true, UpdateItemRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            one(UpdateItemResponse::consumedCapacity), r -> 0, r -> 0));
    public static final DynamoApi<QueryRequest, QueryResponse> QUERY =
            new DynamoApi<>("Query", DynamoDbClient::query, DynamoDbAsyncClient::query,
                    new Capacity<>(false, QueryRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            one(QueryResponse::consumedCapacity), r -> r.scannedCount() == null ? 0 : r.scannedCount(),
                            r -> 0));
    public static final DynamoApi<ScanRequest, ScanResponse> SCAN =
            new DynamoApi<>("Scan", DynamoDbClient::scan, DynamoDbAsyncClient::scan,
                    new Capacity<>(false, ScanRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            one(ScanResponse::consumedCapacity), r -> r.scannedCount() == null ? 0 : r.scannedCount(),
                            r -> 0));
    public static final DynamoApi<BatchGetItemRequest, BatchGetItemResponse> BATCH_GET_ITEM =
            new DynamoApi<>("BatchGetItem", DynamoDbClient::batchGetItem, DynamoDbAsyncClient::batchGetItem,
                    new Capacity<>(false, BatchGetItemRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            many(r -> r.hasConsumedCapacity() ? r.consumedCapacity() : List.of()),
                            r -> r.responses().values().stream().mapToInt(List::size).sum(),
                            r -> r.hasUnprocessedKeys() && !r.unprocessedKeys().isEmpty() ? 1 : 0));
    public static final DynamoApi<BatchWriteItemRequest, BatchWriteItemResponse> BATCH_WRITE_ITEM =
            new DynamoApi<>("BatchWriteItem", DynamoDbClient::batchWriteItem, DynamoDbAsyncClient::batchWriteItem,
                    new Capacity<>(true, BatchWriteItemRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            many(r -> r.hasConsumedCapacity() ? r.consumedCapacity() : List.of()), r -> 0,
                            r -> r.hasUnprocessedItems() && !r.unprocessedItems().isEmpty() ? 1 : 0));
    public static final DynamoApi<TransactWriteItemsRequest, TransactWriteItemsResponse> TRANSACT_WRITE_ITEMS =
            new DynamoApi<>("TransactWriteItems", DynamoDbClient::transactWriteItems,
                    DynamoDbAsyncClient::transactWriteItems,
                    new Capacity<>(true, TransactWriteItemsRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            many(r -> r.hasConsumedCapacity() ? r.consumedCapacity() : List.of()), r -> 0, r -> 0));

    public static final DynamoApi<TransactGetItemsRequest, TransactGetItemsResponse> TRANSACT_GET_ITEMS =
            new DynamoApi<>("TransactGetItems", DynamoDbClient::transactGetItems,
                    DynamoDbAsyncClient::transactGetItems,
                    new Capacity<>(false, TransactGetItemsRequest::returnConsumedCapacity,
                            (q, m) -> q.toBuilder().returnConsumedCapacity(m).build(),
                            many(r -> r.hasConsumedCapacity() ? r.consumedCapacity() : List.of()),
                            r -> (int) r.responses().stream().filter(i -> i.hasItem() && !i.item().isEmpty()).count(),
                            r -> 0));

    private final String name;
    private final BiFunction<DynamoDbClient, Q, R> sync;
    private final BiFunction<DynamoDbAsyncClient, Q, CompletableFuture<R>> async;
    /** How the call asks for and reports consumed capacity; null for a call that consumes none (table control). */
    private final Capacity<Q, R> capacity;

    DynamoApi(String name, BiFunction<DynamoDbClient, Q, R> sync,
                      BiFunction<DynamoDbAsyncClient, Q, CompletableFuture<R>> async) {
        this(name, sync, async, null);
    }

    private DynamoApi(String name, BiFunction<DynamoDbClient, Q, R> sync,
                      BiFunction<DynamoDbAsyncClient, Q, CompletableFuture<R>> async, Capacity<Q, R> capacity) {
        this.name = name;
        this.sync = sync;
        this.async = async;
        this.capacity = capacity;
    }

    /**
     * {@code request} asking for consumed capacity as {@code mode} says: the same request when it already does
     * (the request builders ask for {@code INDEXES}), else a copy; unchanged for a call that consumes no capacity.
     * {@code NONE} is asked by leaving the field out, as a request that does not ask already does.
     */
    Q asking(Q request, ReturnConsumedCapacity mode) {
        if (capacity == null) {
            return request;
        }
        ReturnConsumedCapacity asked = capacity.asked.apply(request);
        if (mode == ReturnConsumedCapacity.NONE) { // DynamoDB's default: the field is left out
            return asked == null || asked == mode ? request : capacity.ask.apply(request, null);
        }
        return asked == mode ? request : capacity.ask.apply(request, mode);
    }

    /** What {@code request} asks DynamoDB to report of its capacity: null when it leaves the field out. */
    ReturnConsumedCapacity asked(Q request) {
        return capacity == null ? null : capacity.asked.apply(request);
    }

    /** Whether the call consumes read or write capacity at all. */
    boolean consumesCapacity() {
        return capacity != null;
    }

    /** Whether the call's units are write units (else read units), when a response does not split them. */
    boolean writes() {
        return capacity != null && capacity.writes;
    }

    /**
     * The one consumed capacity {@code response} reports, for a call that reports at most one
     * ({@link #reportsOne()}): null when it reports none.
     */
    ConsumedCapacity consumedOne(R response) {
        return capacity.consumed.one.apply(response);
    }

    /** Whether the call's response reports at most one consumed capacity (a single-table call). */
    boolean reportsOne() {
        return capacity != null && capacity.consumed.one != null;
    }

    /** The consumed capacity {@code response} reports: empty when it reports none. */
    List<ConsumedCapacity> consumed(R response) {
        if (capacity == null) {
            return List.of();
        }
        if (capacity.consumed.one != null) {
            ConsumedCapacity one = capacity.consumed.one.apply(response);
            return one == null ? List.of() : List.of(one);
        }
        return capacity.consumed.many.apply(response);
    }

    /** The items DynamoDB read for {@code response}: the scanned count, or the items found. */
    int itemsRead(R response) {
        return capacity == null ? 0 : capacity.itemsRead.applyAsInt(response);
    }

    /** 1 when {@code response} left items unprocessed (a batch sends them again), else 0. */
    int unprocessed(R response) {
        return capacity == null ? 0 : capacity.unprocessed.applyAsInt(response);
    }

    private static <R> Consumed<R> one(Function<R, ConsumedCapacity> one) {
        return new Consumed<>(one, null);
    }

    private static <R> Consumed<R> many(Function<R, List<ConsumedCapacity>> many) {
        return new Consumed<>(null, many);
    }

    /**
     * Where a response reports its consumed capacity: in one field (a single-table call), read without a list, or
     * in a list (a batch or transaction); exactly one of the two is set.
     */
    private record Consumed<R>(Function<R, ConsumedCapacity> one, Function<R, List<ConsumedCapacity>> many) {
    }

    /** How one call asks for consumed capacity and where its response reports it. */
    private record Capacity<Q, R>(boolean writes, Function<Q, ReturnConsumedCapacity> asked,
                                  BiFunction<Q, ReturnConsumedCapacity, Q> ask,
                                  Consumed<R> consumed, ToIntFunction<R> itemsRead,
                                  ToIntFunction<R> unprocessed) {
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
