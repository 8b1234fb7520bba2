package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
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
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Default {@link KeyPathAsyncTable}: composes the same operation classes as {@link DefaultKeyPathTable} over a
 * {@link DynamoDbAsyncClient}, chaining requests with futures and never blocking. Immutable after construction
 * and thread-safe.
 */
public final class DefaultKeyPathAsyncTable implements KeyPathAsyncTable {
    private static final ToLongFunction<KeyPath> NO_SEQUENCE = prefix -> {
        throw new IllegalStateException("no sequence value was allocated for " + prefix);
    };

    private final DynamoDbAsyncClient client;
    private final TableContext context;
    private final String table;
    private final SchemaRegistry registry;
    private final BatchPolicy batchPolicy;

    private DefaultKeyPathAsyncTable(BuilderImpl b) {
        this.client = Objects.requireNonNull(b.client, "client");
        this.context = b.context();
        this.table = context.table();
        this.registry = context.registry();
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
    public DynamoDbAsyncClient client() {
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
    public <T> CompletableFuture<T> withGeneratedIds(T item) {
        return AsyncCall.run(call -> {
            DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
            return sequence(call, schema, item).thenApply(s -> context.withGeneratedIds(schema, item, s));
        });
    }

    @Override
    public <T> CompletableFuture<Optional<T>> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency) {
        return AsyncCall.run(call -> {
            DefaultItemSchema<T> schema = registry.of(type);
            GetItemRequest request = GetItemOperation.request(table, keyPath, consistency);
            return call.sdk(() -> client.getItem(request))
                    .thenApply(r -> GetItemOperation.response(r, schema, keyPath, registry));
        });
    }

    @Override
    public <T> CompletableFuture<T> put(T item, PutMode mode) {
        return AsyncCall.run(call -> put(call, item, Objects.requireNonNull(mode, "mode"), Expr.NONE));
    }

    @Override
    public <T> CompletableFuture<T> put(T item, Condition condition) {
        return AsyncCall.run(call -> put(call, item, PutMode.REPLACE,
                context.values().toExpr(Objects.requireNonNull(condition, "condition"))));
    }

    private <T> CompletableFuture<T> put(AsyncCall call, T item, PutMode mode, Expr condition) {
        DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
        return sequence(call, schema, item).thenCompose(sequence -> {
            WriteAction action = context.preparePut(schema, item, mode, condition, true, sequence);
            return call.sdk(() -> client.putItem(action.toPutItemRequest(table)),
                            e -> ConditionFailures.translateAny(action, e))
                    .thenApply(r -> PutItemOperation.stored(schema, item, action));
        });
    }

    /** The sequence value an unset {@code SEQUENCE} id needs, allocated first (one {@code UpdateItem}). */
    private CompletableFuture<ToLongFunction<KeyPath>> sequence(AsyncCall call, DefaultItemSchema<?> schema,
                                                                 Object item) {
        if (!IdGenerator.needsSequence(schema, item)) {
            return CompletableFuture.completedFuture(NO_SEQUENCE);
        }
        return allocate(call, new SequenceAllocation(table, schema.sequencePrefix(item))).thenApply(value -> {
            long id = value;
            return prefix -> id;
        });
    }

    /** Drives {@link SequenceAllocation} with a future chain, one request at a time. */
    private CompletableFuture<Long> allocate(AsyncCall call, SequenceAllocation allocation) {
        SequenceAllocation.Step step = allocation.next();
        CompletableFuture<Void> sent;
        if (step instanceof SequenceAllocation.Done done) {
            return CompletableFuture.completedFuture(done.id());
        } else if (step instanceof SequenceAllocation.Take take) {
            sent = call.sdk(() -> client.updateItem(take.request())).thenAccept(allocation::accept);
        } else if (step instanceof SequenceAllocation.Probe probe) {
            sent = call.sdk(() -> client.getItem(probe.request())).thenAccept(allocation::accept);
        } else if (step instanceof SequenceAllocation.FindHighest find) {
            sent = call.sdk(() -> client.query(find.request())).thenAccept(allocation::accept);
        } else {
            UpdateItemRequest advance = ((SequenceAllocation.Advance) step).request();
            sent = call.sdk(() -> client.updateItem(advance)).<Void>thenApply(r -> null)
                    .exceptionallyCompose(e -> Futures.unwrap(e) instanceof ConditionalCheckFailedException
                            ? CompletableFuture.completedFuture(null) // another writer moved it further already
                            : CompletableFuture.failedFuture(Futures.unwrap(e)))
                    .thenRun(allocation::advanced);
        }
        return sent.thenCompose(v -> allocate(call, allocation));
    }

    @Override
    public CompletableFuture<Void> delete(Object item) {
        return AsyncCall.run(call -> {
            DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
            return execute(call, DeleteItemOperation.actionForItem(schema, item));
        });
    }

    @Override
    public CompletableFuture<Void> delete(Class<?> type, KeyPath keyPath, Condition condition) {
        return AsyncCall.run(call -> execute(call, DeleteItemOperation.action(registry.of(type), keyPath, -1,
                context.values().toExpr(condition))));
    }

    private CompletableFuture<Void> execute(AsyncCall call, WriteAction action) {
        return call.sdk(() -> client.deleteItem(action.toDeleteItemRequest(table)),
                e -> ConditionFailures.translateAny(action, e)).thenApply(r -> null);
    }

    @Override
    public <T> CompletableFuture<T> update(Class<T> type, KeyPath keyPath, UpdateSpec update) {
        return AsyncCall.run(call -> {
            DefaultItemSchema<T> schema = registry.of(type);
            WriteAction action = UpdateItemOperation.action(schema, keyPath, update, context.values());
            return call.sdk(() -> client.updateItem(action.toUpdateItemRequest(table)),
                            e -> ConditionFailures.translateAny(action, e))
                    .thenApply(r -> schema.fromItem(r.attributes()));
        });
    }

    @Override
    public CompletableFuture<List<Object>> transact(Consumer<Transaction> body) {
        return AsyncCall.run(call -> {
            TransactionActions tx = new TransactionActions(registry, context.values());
            body.accept(tx);
            return tx.actionsAsync(p -> sequence(call, p.schema(), p.item()).thenApply(sequence ->
                            context.preparePut(p.schema(), p.item(), p.mode(), p.condition(), true, sequence)))
                    .thenCompose(actions -> {
                        var request = TransactWriteOperation.request(table, actions, UUID.randomUUID().toString());
                        return call.sdk(() -> client.transactWriteItems(request),
                                        e -> e instanceof TransactionCanceledException c
                                                ? TransactWriteOperation.failure(actions, c) : e)
                                .thenApply(r -> tx.results(actions));
                    });
        });
    }

    @Override
    public CompletableFuture<List<Object>> batchGet(Collection<ItemKey> keys, ReadConsistency consistency) {
        return AsyncCall.run(call -> BatchGetOperation.runAsync(call, client, table, List.copyOf(keys), consistency,
                batchPolicy, registry));
    }

    @Override
    public CompletableFuture<List<Object>> batchWrite(WriteBatch batch) {
        return AsyncCall.run(call -> {
            List<Object> stored = new ArrayList<>();
            CompletableFuture<List<WriteAction>> puts = CompletableFuture.completedFuture(new ArrayList<>());
            for (Object item : batch.puts()) {
                DefaultItemSchema<?> schema = BatchWriteOperation.putSchema(registry, item);
                puts = puts.thenCompose(actions -> sequence(call, schema, item).thenApply(sequence -> {
                    WriteAction a = context.preparePut(schema, item, PutMode.REPLACE, Expr.NONE, false, sequence);
                    actions.add(a);
                    stored.add(PutItemOperation.stored(schema, item, a));
                    return actions;
                }));
            }
            List<WriteAction> deletes = BatchWriteOperation.deletes(registry, batch);
            return puts.thenCompose(actions -> {
                actions.addAll(deletes);
                return actions.isEmpty() ? CompletableFuture.<Void>completedFuture(null)
                        : BatchWriteOperation.runAsync(call, client, table, actions, batchPolicy);
            }).thenApply(done -> stored);
        });
    }

    @Override
    public CompletableFuture<Page<Object>> query(ItemQuery query) {
        return AsyncCall.run(call -> page(call, context.query(Objects.requireNonNull(query, "query"))));
    }

    @Override
    public <T> CompletableFuture<Page<T>> query(Class<T> type, ItemQuery query) {
        return AsyncCall.run(call -> page(call, context.query(query.toBuilder().types(type).build()))
                .thenApply(page -> page.ofType(type)));
    }

    /** Runs the pager's requests one after another until the page is complete. */
    private CompletableFuture<Page<Object>> page(AsyncCall call, QueryPager pager) {
        return call.sdk(() -> client.query(pager.nextRequest())).thenCompose(r -> pager.accept(r)
                ? page(call, pager) : CompletableFuture.completedFuture(pager.page()));
    }

    /** Builder; not thread-safe. */
    private static final class BuilderImpl extends TableBuilderBase<Builder> implements Builder {
        private DynamoDbAsyncClient client;

        @Override
        Builder self() {
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
