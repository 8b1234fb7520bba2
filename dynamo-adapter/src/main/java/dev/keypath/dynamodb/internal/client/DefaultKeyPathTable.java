package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemSnapshot;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.ReadModifyWrite;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.WriteBatch;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * Default {@link KeyPathTable}: runs each {@link dev.keypath.dynamodb.internal.operation.TableOperations}
 * operation with a {@link SyncDriver} over a
 * synchronous {@link DynamoDbClient}, and owns the threads ({@link ConcurrentRounds}) that send the concurrent
 * requests of a sharded read. Immutable after construction and thread-safe.
 */
public final class DefaultKeyPathTable extends TableFront implements KeyPathTable {
    private final SyncDriver driver;
    private final ConcurrentRounds rounds;
    private final StreamViewType streams;

    private DefaultKeyPathTable(BuilderImpl b) {
        super(withClient(b));
        this.rounds = new ConcurrentRounds(operations.table());
        this.driver = new SyncDriver(b.client, rounds);
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
    public DynamoDbClient client() {
        return driver.client();
    }

    @Override
    public <T> T withGeneratedIds(T item) {
        return driver.run(operations.withGeneratedIds(item));
    }

    @Override
    public TableStatus bootstrap() {
        return driver.run(operations.bootstrap(streams));
    }

    @Override
    public <T> Optional<T> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency) {
        return driver.run(operations.get(type, keyPath, consistency));
    }

    @Override
    public <T> T put(PutItem<T> put) {
        return driver.run(operations.put(put));
    }

    @Override
    public <T> Optional<T> delete(DeleteItem<T> delete) {
        return driver.run(operations.delete(delete));
    }

    @Override
    public <T> T update(UpdateItem<T> update) {
        return driver.run(operations.update(update));
    }

    @Override
    public <T> UpdateResult<T> updateWithResult(UpdateItem<T> update) {
        return driver.run(operations.updateWithResult(Objects.requireNonNull(update, "update")));
    }

    @Override
    public Page<Object> query(ItemQuery query) {
        return driver.run(operations.query(query));
    }

    @Override
    public ItemSnapshot transactGet(Collection<? extends ItemKey<?>> keys) {
        return driver.run(operations.transactGet(keys));
    }

    @Override
    public SubtreeDeletion deleteSubtree(KeyPath prefix, long maxItems, String resumeToken) {
        return driver.run(operations.deleteSubtree(prefix, maxItems, resumeToken));
    }

    @Override
    public long count(ItemQuery query) {
        return driver.run(operations.count(query));
    }

    @Override
    public List<Object> batchGet(Collection<? extends ItemKey<?>> keys, ReadConsistency consistency) {
        return driver.run(operations.batchGet(keys, consistency));
    }

    @Override
    public <T> List<T> batchGet(Class<T> type, Collection<KeyPath> keyPaths) {
        List<ItemKey<?>> keys = keyPaths.stream().<ItemKey<?>>map(p -> new ItemKey<>(type, p)).toList();
        return batchGet(keys, readConsistency()).stream().map(type::cast).toList();
    }

    @Override
    public List<Object> batchWrite(WriteBatch batch) {
        return driver.run(operations.batchWrite(batch));
    }

    @Override
    public List<Object> batchWrite(Consumer<WriteBatch.Builder> batch) {
        WriteBatch.Builder b = WriteBatch.builder();
        batch.accept(b);
        return batchWrite(b.build());
    }

    @Override
    public void batchPutStored(Collection<Map<String, AttributeValue>> items) {
        driver.run(operations.batchPutStored(items));
    }

    @Override
    public List<Object> transact(Consumer<Transaction> body) {
        return driver.run(operations.transact(body));
    }

    @Override
    public Page<ItemKey<?>> queryKeys(ItemQuery query) {
        return driver.run(operations.queryKeys(query));
    }

    @Override
    public <T> Optional<T> getByAlias(Class<T> type, KeyPath alias) {
        return driver.run(operations.getByAlias(type, alias));
    }

    @Override
    public Page<Object> scan(ItemScan scan) {
        return driver.run(operations.scan(scan));
    }

    @Override
    public <P> Page<P> scan(Projection<P> projection, ItemScan scan) {
        return driver.run(operations.scan(projection, scan));
    }

    @Override
    public Stream<Object> stream(ItemQuery query) {
        Objects.requireNonNull(query, "query");
        return PageStreams.itemsOfPages(() -> driver.run(operations.queryItems(query)),
                token -> driver.run(operations.queryItems(query.toBuilder().pageToken(token).build())));
    }

    @Override
    public <T> Stream<T> stream(Class<T> type, ItemQuery query) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(query, "query");
        ItemQuery ofType = query.toBuilder().types(type).build();
        return PageStreams.itemsOfPages(() -> driver.run(operations.queryItems(ofType)).ofType(type),
                token -> driver.run(operations.queryItems(ofType.toBuilder().pageToken(token).build())).ofType(type));
    }

    @Override
    public Stream<Object> stream(ItemScan scan) {
        Objects.requireNonNull(scan, "scan");
        return PageStreams.itemsOfPages(() -> driver.run(operations.scanItems(scan)),
                token -> driver.run(operations.scanItems(scan.toBuilder().pageToken(token).build())));
    }

    @Override
    public <P> Stream<P> stream(Projection<P> projection, ItemQuery query) {
        Objects.requireNonNull(query, "query");
        return PageStreams.itemsOfPages(() -> driver.run(operations.queryItems(projection, query)),
                token -> driver.run(operations.queryItems(projection, query.toBuilder().pageToken(token).build())));
    }

    @Override
    public <P> Stream<P> stream(Projection<P> projection, ItemScan scan) {
        Objects.requireNonNull(scan, "scan");
        return PageStreams.itemsOfPages(() -> driver.run(operations.scanItems(projection, scan)),
                token -> driver.run(operations.scanItems(projection, scan.toBuilder().pageToken(token).build())));
    }

    @Override
    public Stream<Object> scanInParallel(ItemScan scan, int totalSegments) {
        return ParallelScan.stream(segment -> driver.run(operations.scanItems(segment)), scan, totalSegments);
    }

    @Override
    public <P> Optional<P> get(Projection<P> projection, KeyPath keyPath, ReadConsistency consistency) {
        return driver.run(operations.get(projection, keyPath, consistency));
    }

    @Override
    public <P> Page<P> query(Projection<P> projection, ItemQuery query) {
        return driver.run(operations.query(projection, query));
    }

    @Override
    public <P> List<P> batchGet(Projection<P> projection, Collection<KeyPath> keyPaths, ReadConsistency consistency) {
        return driver.run(operations.batchGet(projection, keyPaths, consistency));
    }

    @Override
    public ReadCheckedTransaction readCheckedTransaction() {
        return new SyncReadCheckedTransaction(operations.checkedUnit(), driver);
    }

    @Override
    public <R> R readModifyWrite(int maxAttempts, ReadModifyWrite<R> unit) {
        return ReadModifyWriteRuns.run(driver, operations, maxAttempts, unit);
    }

    @Override
    public void close() {
        rounds.close();
    }

    /** Builder; not thread-safe. */
    private static final class BuilderImpl extends TableBuilderBase<Builder> implements Builder {
        private DynamoDbClient client;

        @Override
        public Builder self() {
            return this;
        }

        @Override
        public Builder client(DynamoDbClient client) {
            this.client = client;
            return this;
        }

        @Override
        public KeyPathTable build() {
            return new DefaultKeyPathTable(this);
        }
    }
}
