package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.mapping.DefaultItemSchema;
import dev.keypath.dynamodb.internal.mapping.SchemaRegistry;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Every operation of a table, each written once as an {@link Operation} that both the synchronous and the
 * asynchronous table run with their driver. Building an operation checks its input and may throw; requests are
 * built and responses mapped as the driver runs it. Immutable and thread-safe.
 */
public final class TableOperations {
    private static final ToLongFunction<KeyPath> NO_SEQUENCE = prefix -> {
        throw new IllegalStateException("no sequence value was allocated for " + prefix);
    };

    private final TableContext context;
    private final String table;
    private final SchemaRegistry registry;
    private final ValueConverter values;
    private final BatchPolicy batchPolicy;

    public TableOperations(TableContext context, BatchPolicy batchPolicy) {
        this.context = context;
        this.table = context.table();
        this.registry = context.registry();
        this.values = context.values();
        this.batchPolicy = Objects.requireNonNull(batchPolicy, "batchPolicy");
    }

    public TableContext context() {
        return context;
    }

    /** {@code GetItem} of one item, mapped to {@code type}. */
    public <T> Operation<Optional<T>> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency) {
        DefaultItemSchema<T> schema = registry.of(type);
        return Operations.single(DynamoApi.GET_ITEM, ItemReads.request(table, keyPath, consistency),
                r -> ItemReads.response(r, schema, keyPath, registry));
    }

    /** A put: allocates a sequence id first when the item needs one, then {@code PutItem}. */
    public <T> Operation<T> put(PutItem<T> put) {
        T item = put.item();
        DefaultItemSchema<?> schema = registry.ofItem(item);
        Expr condition = values.toExpr(put.condition().orElse(null));
        return Operations.then(sequence(schema, item), sequence -> {
            WriteAction action = context.preparePut(schema, item, put.mode(), condition, WriteKind.PUT, sequence);
            return Operations.single(DynamoApi.PUT_ITEM, action.toPutItemRequest(table),
                    r -> PutActions.stored(schema, item, action, registry.extensions()), e -> translate(action, e));
        });
    }

    /** A delete ({@code DeleteItem}); its result is the deleted item when the request asks for it. */
    public <T> Operation<Optional<T>> delete(DeleteItem<T> delete) {
        WriteAction action = DeleteActions.action(registry, values, delete);
        if (!delete.returnsDeleted()) {
            return Operations.single(DynamoApi.DELETE_ITEM, action.toDeleteItemRequest(table, ReturnValue.NONE),
                    r -> Optional.empty(), e -> translate(action, e));
        }
        DefaultItemSchema<T> schema = registry.of(delete.type());
        return Operations.single(DynamoApi.DELETE_ITEM, action.toDeleteItemRequest(table, ReturnValue.ALL_OLD),
                r -> r.hasAttributes() && !r.attributes().isEmpty()
                        ? Optional.of(registry.readReturned(schema, r.attributes(), action.keyPath()))
                        : Optional.empty(),
                e -> translate(action, e));
    }

    /** An update ({@code UpdateItem}) of an existing item; its result is the item after or before it. */
    public <T> Operation<T> update(UpdateItem<T> update) {
        DefaultItemSchema<T> schema = registry.of(update.type());
        WriteAction action = UpdateActions.action(schema, update.keyPath(), update.spec(), values, WriteKind.UPDATE,
                registry.extensions());
        ReturnValue returned = update.returning() == UpdateItem.Returning.OLD ? ReturnValue.ALL_OLD
                : ReturnValue.ALL_NEW;
        return Operations.single(DynamoApi.UPDATE_ITEM, action.toUpdateItemRequest(table, returned),
                r -> registry.readReturned(schema, r.attributes(), update.keyPath()), e -> translate(action, e));
    }

    /** One page of a query. */
    public Operation<Page<Object>> query(ItemQuery query) {
        return context.query(Objects.requireNonNull(query, "query"));
    }

    /** The number of items {@code query} selects, counted by DynamoDB. */
    public Operation<Long> count(ItemQuery query) {
        return context.count(Objects.requireNonNull(query, "query"));
    }

    /**
     * A consistent snapshot of up to 100 items ({@code TransactGetItems}): per key in order, the item mapped to
     * its type, or null when absent or expired.
     */
    public Operation<List<Object>> transactGet(Collection<ItemKey> keys) {
        List<ItemKey> ordered = List.copyOf(keys);
        return Operations.single(DynamoApi.TRANSACT_GET_ITEMS, TransactGetRequests.request(table, ordered, registry),
                r -> TransactGetRequests.items(r, ordered, registry),
                e -> e instanceof TransactionCanceledException c ? TransactGetRequests.failure(ordered, c) : e);
    }

    /** Deletes everything under {@code prefix}, at most {@code maxItems} items (0: no limit). */
    public Operation<SubtreeDeletion> deleteSubtree(KeyPath prefix, long maxItems) {
        return new SubtreeDelete(table, Objects.requireNonNull(prefix, "prefix"), maxItems, batchPolicy);
    }

    /** Batch get with retries; found items in request order. */
    public Operation<List<Object>> batchGet(Collection<ItemKey> keys, ReadConsistency consistency) {
        return BatchGets.read(table, List.copyOf(keys), consistency, batchPolicy, registry);
    }

    /**
     * Batch write with retries; sequence ids of the puts are allocated first, one after another in the batch's
     * order. The result is the stored form of each put.
     */
    public Operation<List<Object>> batchWrite(WriteBatch batch) {
        List<DefaultItemSchema<?>> schemas = new ArrayList<>(batch.puts().size());
        for (Object item : batch.puts()) {
            schemas.add(BatchWrites.putSchema(registry, item));
        }
        List<WriteAction> deletes = BatchWrites.deletes(registry, batch);
        List<Integer> positions = new ArrayList<>(schemas.size());
        for (int i = 0; i < schemas.size(); i++) {
            positions.add(i);
        }
        return Operations.then(Operations.inOrder(positions, i -> {
            DefaultItemSchema<?> schema = schemas.get(i);
            Object item = batch.puts().get(i);
            return Operations.map(sequence(schema, item), sequence ->
                    context.preparePut(schema, item, PutMode.REPLACE, Expr.NONE, WriteKind.BATCH_PUT, sequence));
        }), puts -> {
            List<Object> stored = new ArrayList<>(puts.size());
            for (int i = 0; i < puts.size(); i++) {
                stored.add(PutActions.stored(schemas.get(i), batch.puts().get(i), puts.get(i), registry.extensions()));
            }
            List<WriteAction> all = new ArrayList<>(puts);
            all.addAll(deletes);
            return all.isEmpty() ? Operations.done(stored)
                    : Operations.map(BatchWrites.write(table, all, batchPolicy), done -> stored);
        });
    }

    /**
     * A transaction: runs {@code body} to collect the actions, allocates the puts' sequence ids in declaration
     * order, then {@code TransactWriteItems}. The result holds, per action, the stored item of a put or null.
     */
    public Operation<List<Object>> transact(Consumer<Transaction> body) {
        TransactionActions tx = new TransactionActions(registry, values);
        body.accept(tx);
        return Operations.then(Operations.inOrder(tx.declared(), declared -> {
            if (!(declared instanceof TransactionActions.Put put)) {
                return Operations.done((WriteAction) declared);
            }
            return Operations.map(sequence(put.schema(), put.item()), sequence ->
                    context.preparePut(put.schema(), put.item(), put.mode(), put.condition(), WriteKind.TRANSACT_PUT,
                            sequence));
        }), actions -> {
            var request = TransactWriteRequests.request(table, actions, UUID.randomUUID().toString());
            return Operations.single(DynamoApi.TRANSACT_WRITE_ITEMS, request, r -> tx.results(actions),
                    e -> e instanceof TransactionCanceledException c ? TransactWriteRequests.failure(actions, c) : e);
        });
    }

    /** {@code item} with its unset auto ids generated (a sequence id allocated when one is needed). */
    public <T> Operation<T> withGeneratedIds(T item) {
        DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
        return Operations.map(sequence(schema, item), sequence -> context.withGeneratedIds(schema, item, sequence));
    }

    /**
     * The sequence value an unset {@code SEQUENCE} id of {@code item} needs, allocated first (after the counter's
     * key is checked), or a function that refuses to be called when the item needs none.
     */
    private Operation<ToLongFunction<KeyPath>> sequence(DefaultItemSchema<?> schema, Object item) {
        IdGenerator.checkCounterKey(schema, item);
        if (!IdGenerator.needsSequence(schema, item)) {
            return Operations.done(NO_SEQUENCE);
        }
        return Operations.map(new SequenceAllocation(table, schema.sequencePrefix(item)), value -> {
            long id = value;
            return prefix -> id;
        });
    }

    /** A write's failed condition as the adapter's typed exception; other failures unchanged. */
    private static RuntimeException translate(WriteAction action, RuntimeException e) {
        return e instanceof ConditionalCheckFailedException c ? ConditionFailures.translate(action, c) : e;
    }
}
