package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AsyncReadCheckedTransaction;
import dev.keypath.dynamodb.AsyncReadModifyWrite;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemSnapshot;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.internal.operation.Operation;
import dev.keypath.dynamodb.internal.operation.Operations;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * Default {@link KeyPathAsyncTable}: runs the same
 * {@link dev.keypath.dynamodb.internal.operation.TableOperations} operations as
 * {@link DefaultKeyPathTable}, with an {@link AsyncDriver} over a {@link DynamoDbAsyncClient}, never blocking.
 * Immutable after construction and thread-safe.
 */
public final class DefaultKeyPathAsyncTable extends TableFront implements KeyPathAsyncTable {
    private final AsyncDriver driver;
    private final StreamViewType streams;

    private DefaultKeyPathAsyncTable(BuilderImpl b) {
        super(withClient(b));
        this.driver = new AsyncDriver(b.client);
        this.streams = b.streams();
    }

    /** The builder, once its client is known to be set (checked before anything else). */
    private static BuilderImpl withClient(BuilderImpl b) {
        Objects.requireNonNull(b.client, "client");
        return b;
    }

    /** A new builder. */
    public static Builder builder() {
        return new BuilderImpl();
    }

    @Override
    public DynamoDbAsyncClient client() {
        return driver.client();
    }

    @Override
    public CompletableFuture<TableStatus> bootstrap() {
        return driver.run(() -> operations.bootstrap(streams));
    }

    @Override
    public <T> CompletableFuture<T> withGeneratedIds(T item) {
        return driver.run(() -> operations.withGeneratedIds(item));
    }

    @Override
    public <T> CompletableFuture<Optional<T>> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency) {
        return driver.run(() -> operations.get(type, keyPath, consistency));
    }

    @Override
    public <T> CompletableFuture<T> put(PutItem<T> put) {
        return driver.run(() -> operations.put(Objects.requireNonNull(put, "put")));
    }

    @Override
    public <T> CompletableFuture<T> put(T item) {
        return Futures.deferred(() -> put(PutItem.of(item)));
    }

    @Override
    public <T> CompletableFuture<T> put(T item, PutMode mode) {
        return Futures.deferred(() -> put(PutItem.builder(item).mode(mode).build()));
    }

    @Override
    public <T> CompletableFuture<T> put(T item, Condition condition) {
        return Futures.deferred(() -> put(PutItem.builder(item)
                .condition(Objects.requireNonNull(condition, "condition")).build()));
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(DeleteItem<T> delete) {
        return driver.run(() -> operations.delete(Objects.requireNonNull(delete, "delete")));
    }

    @Override
    public CompletableFuture<Void> delete(Object item) {
        return driver.run(() -> Operations.map(operations.delete(DeleteItem.of(item)), gone -> null));
    }

    @Override
    public CompletableFuture<Void> delete(Class<?> type, KeyPath keyPath, Condition condition) {
        return driver.run(() -> Operations.map(
                operations.delete(DeleteItem.builder(type, keyPath).condition(condition).build()), gone -> null));
    }

    @Override
    public <T> CompletableFuture<T> update(UpdateItem<T> update) {
        return driver.run(() -> operations.update(Objects.requireNonNull(update, "update")));
    }

    @Override
    public <T> CompletableFuture<UpdateResult<T>> updateWithResult(UpdateItem<T> update) {
        return driver.run(() -> operations.updateWithResult(Objects.requireNonNull(update, "update")));
    }

    @Override
    public <T> CompletableFuture<T> update(Class<T> type, KeyPath keyPath, UpdateSpec update) {
        return Futures.deferred(() -> update(UpdateItem.of(type, keyPath, update)));
    }

    @Override
    public CompletableFuture<List<Object>> transact(Consumer<Transaction> body) {
        return driver.run(() -> operations.transact(body));
    }

    @Override
    public AsyncReadCheckedTransaction readCheckedTransaction() {
        return new AsyncReadCheckedTransactionImpl(operations.checkedUnit(), driver);
    }

    @Override
    public <R> CompletableFuture<R> readModifyWrite(int maxAttempts, AsyncReadModifyWrite<R> unit) {
        return ReadModifyWriteRuns.runAsync(driver, operations, maxAttempts, unit);
    }

    @Override
    public CompletableFuture<ItemSnapshot> transactGet(Collection<? extends ItemKey<?>> keys) {
        return driver.run(() -> operations.transactGet(keys));
    }

    @Override
    public CompletableFuture<SubtreeDeletion> deleteSubtree(KeyPath prefix, long maxItems, String resumeToken) {
        return driver.run(() -> operations.deleteSubtree(prefix, maxItems, resumeToken));
    }

    @Override
    public CompletableFuture<Long> count(ItemQuery query) {
        return driver.run(() -> operations.count(query));
    }

    @Override
    public CompletableFuture<List<Object>> batchGet(Collection<? extends ItemKey<?>> keys, ReadConsistency consistency) {
        return driver.run(() -> operations.batchGet(keys, consistency));
    }

    @Override
    public <T> CompletableFuture<List<T>> batchGet(Class<T> type, Collection<KeyPath> keyPaths) {
        return Futures.deferred(() -> {
            List<ItemKey<?>> keys = keyPaths.stream().<ItemKey<?>>map(p -> new ItemKey<>(type, p)).toList();
            return Futures.mapped(batchGet(keys, readConsistency()),
                    items -> items.stream().map(type::cast).toList());
        });
    }

    @Override
    public CompletableFuture<List<Object>> batchWrite(WriteBatch batch) {
        return driver.run(() -> operations.batchWrite(batch));
    }

    @Override
    public CompletableFuture<List<Object>> batchWrite(Consumer<WriteBatch.Builder> batch) {
        return Futures.deferred(() -> {
            WriteBatch.Builder builder = WriteBatch.builder();
            batch.accept(builder);
            return batchWrite(builder.build());
        });
    }

    @Override
    public CompletableFuture<Void> batchPutStored(Collection<Map<String, AttributeValue>> items) {
        return driver.run(() -> operations.batchPutStored(items));
    }

    @Override
    public CompletableFuture<Page<Object>> query(ItemQuery query) {
        return driver.run(() -> operations.query(query));
    }

    @Override
    public CompletableFuture<Page<Object>> query(Consumer<ItemQuery.Builder> query) {
        return Futures.deferred(() -> query(ItemQuery.of(query)));
    }

    @Override
    public <T> CompletableFuture<Page<T>> query(Class<T> type, ItemQuery query) {
        return driver.run(() -> typed(type, query, operations::query));
    }

    @Override
    public CompletableFuture<Page<ItemKey<?>>> queryKeys(ItemQuery query) {
        return driver.run(() -> operations.queryKeys(query));
    }

    @Override
    public <T> CompletableFuture<Optional<T>> getByAlias(Class<T> type, KeyPath alias) {
        return driver.run(() -> operations.getByAlias(type, alias));
    }

    @Override
    public CompletableFuture<Page<Object>> scan(ItemScan scan) {
        return driver.run(() -> operations.scan(scan));
    }

    @Override
    public CompletableFuture<Long> scanInParallel(ItemScan scan, int totalSegments,
                                                  Consumer<? super Page<Object>> onPage) {
        return ParallelScan.run(this::scan, scan, totalSegments, onPage);
    }

    @Override
    public <P> CompletableFuture<Page<P>> scan(Projection<P> projection, ItemScan scan) {
        return driver.run(() -> operations.scan(projection, scan));
    }

    @Override
    public <P> CompletableFuture<Optional<P>> get(Projection<P> projection, KeyPath keyPath,
                                                  ReadConsistency consistency) {
        return driver.run(() -> operations.get(projection, keyPath, consistency));
    }

    @Override
    public <P> CompletableFuture<Page<P>> query(Projection<P> projection, ItemQuery query) {
        return driver.run(() -> operations.query(projection, query));
    }

    @Override
    public <P> CompletableFuture<List<P>> batchGet(Projection<P> projection, Collection<KeyPath> keyPaths,
                                                   ReadConsistency consistency) {
        return driver.run(() -> operations.batchGet(projection, keyPaths, consistency));
    }

    @Override
    public Flow.Publisher<Object> publish(ItemQuery query) {
        return new PagePublisher<>(driver, () -> operations.queryItems(query),
                token -> operations.queryItems(query.toBuilder().pageToken(token).build()));
    }

    @Override
    public <T> Flow.Publisher<T> publish(Class<T> type, ItemQuery query) {
        return new PagePublisher<>(driver, () -> typed(type, query, operations::queryItems),
                token -> typed(type, query.toBuilder().pageToken(token).build(), operations::queryItems));
    }

    @Override
    public <P> Flow.Publisher<P> publish(Projection<P> projection, ItemQuery query) {
        return new PagePublisher<>(driver, () -> operations.queryItems(projection, query),
                token -> operations.queryItems(projection, query.toBuilder().pageToken(token).build()));
    }

    @Override
    public Flow.Publisher<Object> publish(ItemScan scan) {
        return new PagePublisher<>(driver, () -> operations.scanItems(scan),
                token -> operations.scanItems(scan.toBuilder().pageToken(token).build()));
    }

    @Override
    public <P> Flow.Publisher<P> publish(Projection<P> projection, ItemScan scan) {
        return new PagePublisher<>(driver, () -> operations.scanItems(projection, scan),
                token -> operations.scanItems(projection, scan.toBuilder().pageToken(token).build()));
    }

    /** One page of {@code query} restricted to {@code type}, read by {@code pages}. */
    private <T> Operation<Page<T>> typed(Class<T> type, ItemQuery query,
                                         Function<ItemQuery, Operation<Page<Object>>> pages) {
        Objects.requireNonNull(type, "type");
        return Operations.map(pages.apply(Objects.requireNonNull(query, "query").toBuilder().types(type).build()),
                page -> page.ofType(type));
    }

    /** Builder; not thread-safe. */
    private static final class BuilderImpl extends TableBuilderBase<Builder> implements Builder {
        private DynamoDbAsyncClient client;

        @Override
        public Builder self() {
            return this;
        }

        @Override
        public Builder client(DynamoDbAsyncClient client) {
            this.client = client;
            return this;
        }

        @Override
        public KeyPathAsyncTable build() {
            return new DefaultKeyPathAsyncTable(this);
        }
    }
}
