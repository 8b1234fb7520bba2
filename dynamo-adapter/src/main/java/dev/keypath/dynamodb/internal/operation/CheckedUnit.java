package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.internal.request.ItemReads;
import dev.keypath.dynamodb.internal.request.ReadChecks;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.TransactionActions;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One read-checked transaction as operations: the reads it records and the writes it declares, and the commit
 * that sends both as one {@code TransactWriteItems}. The two tables wrap it with their driver. Reads may
 * complete on several threads at once (the asynchronous table); declaring writes and committing belong to
 * one thread at a time.
 */
public final class CheckedUnit implements Transaction {
    private final TableOperations operations;
    private final SchemaRegistry registry;
    private final String table;
    private final TransactionActions writes;
    private final Map<KeyPath, ReadChecks.Read> reads = new LinkedHashMap<>();
    private final Operation<?> enclosing;
    private boolean committed;

    /** {@code enclosing}: the read-modify-write that runs this unit, or null. */
    CheckedUnit(TableOperations operations, Operation<?> enclosing) {
        this.operations = operations;
        this.enclosing = enclosing;
        this.registry = operations.registry();
        this.table = operations.table();
        this.writes = new TransactionActions(registry, operations.values());
    }

    /**
     * A strongly consistent get that records what it read; an item already read is mapped again from what was
     * recorded, without a request.
     */
    public <T> Operation<Optional<T>> read(Class<T> type, KeyPath keyPath) {
        DefaultItemSchema<T> schema = registry.of(type, keyPath);
        ReadChecks.Read known;
        synchronized (reads) {
            checkOpen();
            known = reads.get(keyPath);
        }
        if (known != null) {
            return Operations.done(known.raw() == null ? Optional.empty()
                    : ItemReads.mapOne(known.raw(), schema, keyPath, registry));
        }
        // while a re-shard runs, the item is looked for in both layouts, as a get does; the check goes where it is
        return operations.checkedRead(type, Operations.map(ReshardReads.get(schema, keyPath, ItemReads.request(table,
                schema, keyPath, ReadConsistency.STRONG, operations.metering().askForObservers()),
                r -> r.hasItem() && !r.item().isEmpty() ? Optional.of(r.item()) : Optional.empty()), found -> {
            Map<String, AttributeValue> raw = found.orElse(null);
            ReadChecks.Read recorded;
            synchronized (reads) {
                recorded = reads.computeIfAbsent(keyPath, k -> new ReadChecks.Read(schema, keyPath, raw));
            }
            return recorded.raw() == null ? Optional.empty()
                    : ItemReads.mapOne(recorded.raw(), schema, keyPath, registry);
        }), enclosing);
    }

    /** The key paths read so far, in the order of their first read. */
    public List<KeyPath> readKeys() {
        synchronized (reads) {
            return List.copyOf(reads.keySet());
        }
    }

    /**
     * The commit: the declared writes, each read item's check merged in, sent as one transaction; nothing is sent
     * (an empty result) when nothing was read or written. Can be made once.
     */
    public Operation<List<Object>> commit() {
        List<ReadChecks.Read> checks;
        synchronized (reads) {
            checkOpen();
            committed = true;
            checks = new ArrayList<>(reads.values());
        }
        if (checks.isEmpty() && writes.declared().isEmpty()) {
            return Operations.done(List.of());
        }
        return operations.commit(writes, checks, enclosing);
    }

    private void checkOpen() {
        if (committed) {
            throw new IllegalStateException("this read-checked transaction was already committed; start a new one");
        }
    }

    @Override
    public Transaction put(PutItem<?> put) {
        checkOpen();
        writes.put(put);
        return this;
    }

    @Override
    public Transaction delete(DeleteItem<?> delete) {
        checkOpen();
        writes.delete(delete);
        return this;
    }

    @Override
    public Transaction update(UpdateItem<?> update) {
        checkOpen();
        writes.update(update);
        return this;
    }

    @Override
    public Transaction conditionCheck(Class<?> type, KeyPath keyPath, Condition condition) {
        checkOpen();
        writes.conditionCheck(type, keyPath, condition);
        return this;
    }
}
