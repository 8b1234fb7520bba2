package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteBatch;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Default {@link KeyPathTable}: composes the operation classes over a synchronous {@link DynamoDbClient}.
 * Immutable after construction and thread-safe.
 */
public final class DefaultKeyPathTable implements KeyPathTable {
    private final DynamoDbClient client;
    private final TableContext context;
    private final String table;
    private final SchemaRegistry registry;
    private final ValueConverter values;
    private final BatchPolicy batchPolicy;

    private DefaultKeyPathTable(BuilderImpl b) {
        this.client = Objects.requireNonNull(b.client, "client");
        this.context = b.context();
        this.table = context.table();
        this.registry = context.registry();
        this.values = context.values();
        this.batchPolicy = b.batchPolicy();
    }

    /** A new builder. */
    public static Builder builder() {
        return new BuilderImpl();
    }

    @Override
    public String tableName() {
        return table;
    }

    @Override
    public DynamoDbClient client() {
        return client;
    }

    @Override
    public <T> ItemSchema<T> schema(Class<T> type) {
        return registry.of(type);
    }

    @Override
    public KeyPath keyPathOf(Object item) {
        return registry.ofItem(item).keyPathOf(item, Map.of());
    }

    @Override
    public <T> T withGeneratedIds(T item) {
        DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
        return context.withGeneratedIds(schema, item, this::nextSequence);
    }

    @Override
    public TableStatus bootstrap() {
        return new TableBootstrapper(client, table, registry.indexes()).bootstrap();
    }

    @Override
    public <T> Optional<T> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency) {
        DefaultItemSchema<T> schema = registry.of(type);
        return GetItemOperation.response(client.getItem(GetItemOperation.request(table, keyPath, consistency)),
                schema, keyPath, registry);
    }

    @Override
    public <T> T put(T item, PutMode mode) {
        return put(item, Objects.requireNonNull(mode, "mode"), Expr.NONE);
    }

    @Override
    public <T> T put(T item, Condition condition) {
        return put(item, PutMode.REPLACE, values.toExpr(Objects.requireNonNull(condition, "condition")));
    }

    private <T> T put(T item, PutMode mode, Expr condition) {
        DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
        WriteAction action = preparePut(schema, item, mode, condition, true);
        try {
            client.putItem(action.toPutItemRequest(table));
        } catch (ConditionalCheckFailedException e) {
            throw ConditionFailures.translate(action, e);
        }
        return PutItemOperation.stored(schema, item, action);
    }

    private WriteAction preparePut(DefaultItemSchema<?> schema, Object item, PutMode mode, Expr condition,
                                   boolean versioned) {
        return context.preparePut(schema, item, mode, condition, versioned, this::nextSequence);
    }

    /** A free sequence id under {@code collectionPrefix}: {@link SequenceAllocation} driven by a loop. */
    private long nextSequence(KeyPath collectionPrefix) {
        SequenceAllocation allocation = new SequenceAllocation(table, collectionPrefix);
        while (true) {
            SequenceAllocation.Step step = allocation.next();
            if (step instanceof SequenceAllocation.Done done) {
                return done.id();
            } else if (step instanceof SequenceAllocation.Take take) {
                allocation.accept(client.updateItem(take.request()));
            } else if (step instanceof SequenceAllocation.Probe probe) {
                allocation.accept(client.getItem(probe.request()));
            } else if (step instanceof SequenceAllocation.FindHighest find) {
                allocation.accept(client.query(find.request()));
            } else if (step instanceof SequenceAllocation.Advance advance) {
                try {
                    client.updateItem(advance.request());
                } catch (ConditionalCheckFailedException e) {
                    // another writer moved the counter further already
                }
                allocation.advanced();
            }
        }
    }

    @Override
    public void delete(Object item) {
        DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
        execute(DeleteItemOperation.actionForItem(schema, item));
    }

    @Override
    public void delete(Class<?> type, KeyPath keyPath, Condition condition) {
        DefaultItemSchema<?> schema = registry.of(type);
        execute(DeleteItemOperation.action(schema, keyPath, -1, values.toExpr(condition)));
    }

    private void execute(WriteAction action) {
        try {
            client.deleteItem(action.toDeleteItemRequest(table));
        } catch (ConditionalCheckFailedException e) {
            throw ConditionFailures.translate(action, e);
        }
    }

    @Override
    public <T> T update(Class<T> type, KeyPath keyPath, UpdateSpec update) {
        DefaultItemSchema<T> schema = registry.of(type);
        WriteAction action = UpdateItemOperation.action(schema, keyPath, update, values);
        Map<String, AttributeValue> after;
        try {
            after = client.updateItem(action.toUpdateItemRequest(table)).attributes();
        } catch (ConditionalCheckFailedException e) {
            throw ConditionFailures.translate(action, e);
        }
        return schema.fromItem(after);
    }

    @Override
    public Page<Object> query(ItemQuery q) {
        QueryPager pager = context.query(q);
        while (pager.accept(client.query(pager.nextRequest()))) {
            // next request of the same page
        }
        return pager.page();
    }

    @Override
    public List<Object> batchGet(Collection<ItemKey> keys, ReadConsistency consistency) {
        return BatchGetOperation.run(client, table, List.copyOf(keys), consistency, batchPolicy, registry);
    }

    @Override
    public List<Object> batchWrite(WriteBatch batch) {
        List<WriteAction> actions = new ArrayList<>();
        List<Object> stored = new ArrayList<>();
        for (Object item : batch.puts()) {
            DefaultItemSchema<?> schema = BatchWriteOperation.putSchema(registry, item);
            WriteAction a = preparePut(schema, item, PutMode.REPLACE, Expr.NONE, false);
            actions.add(a);
            stored.add(PutItemOperation.stored(schema, item, a));
        }
        actions.addAll(BatchWriteOperation.deletes(registry, batch));
        if (!actions.isEmpty()) {
            BatchWriteOperation.run(client, table, actions, batchPolicy);
        }
        return stored;
    }

    @Override
    public List<Object> transact(Consumer<Transaction> body) {
        TransactionActions tx = new TransactionActions(registry, values);
        body.accept(tx);
        List<WriteAction> actions = tx.actions(p -> preparePut(p.schema(), p.item(), p.mode(), p.condition(), true));
        var request = TransactWriteOperation.request(table, actions, UUID.randomUUID().toString());
        try {
            client.transactWriteItems(request);
        } catch (TransactionCanceledException e) {
            throw TransactWriteOperation.failure(actions, e);
        }
        return tx.results(actions);
    }

    /** Builder; not thread-safe. */
    private static final class BuilderImpl extends TableBuilderBase<Builder> implements Builder {
        private DynamoDbClient client;

        @Override
        Builder self() {
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
