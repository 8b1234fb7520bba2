package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.ReadModifyWrite;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.WriteBatch;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Default {@link KeyPathTable}: runs each {@link TableOperations} operation with a {@link SyncDriver} over a
 * synchronous {@link DynamoDbClient}. Immutable after construction and thread-safe.
 */
public final class DefaultKeyPathTable extends TableFront implements KeyPathTable {
    private final SyncDriver driver;

    private DefaultKeyPathTable(BuilderImpl b) {
        super(withClient(b));
        this.driver = new SyncDriver(b.client);
    }

    /** The builder, once its client is known to be set (checked before anything else, as it always was). */
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
        return new TableBootstrapper(driver.client(), tableName(), registry.indexes()).bootstrap();
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
    public Page<Object> query(ItemQuery query) {
        return driver.run(operations.query(query));
    }

    @Override
    public List<Object> transactGet(Collection<ItemKey> keys) {
        return driver.run(operations.transactGet(keys));
    }

    @Override
    public SubtreeDeletion deleteSubtree(KeyPath prefix, long maxItems) {
        return driver.run(operations.deleteSubtree(prefix, maxItems));
    }

    @Override
    public long count(ItemQuery query) {
        return driver.run(operations.count(query));
    }

    @Override
    public List<Object> batchGet(Collection<ItemKey> keys, ReadConsistency consistency) {
        return driver.run(operations.batchGet(keys, consistency));
    }

    @Override
    public List<Object> batchWrite(WriteBatch batch) {
        return driver.run(operations.batchWrite(batch));
    }

    @Override
    public List<Object> transact(Consumer<Transaction> body) {
        return driver.run(operations.transact(body));
    }

    @Override
    public ReadCheckedTransaction readCheckedTransaction() {
        return new SyncReadCheckedTransaction(operations.checkedUnit(), driver);
    }

    @Override
    public <R> R readModifyWrite(int maxAttempts, ReadModifyWrite<R> unit) {
        return ReadModifyWriteRuns.run(this::readCheckedTransaction, maxAttempts, unit);
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
