package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The actions of one transaction as the caller's body declares them, built with the operation classes of
 * single writes. Deletes, updates and condition checks become {@link WriteAction}s at once; puts wait as
 * {@link Put}s until the body has returned, because a put with an unset sequence id needs a counter value
 * first, which the synchronous table fetches by blocking and the asynchronous one by chaining futures.
 * Not thread-safe; one per {@code transact} call.
 */
final class TransactionActions implements Transaction {
    /** A put declared in the body; the table turns it into a {@link WriteAction} once the body is done. */
    record Put(DefaultItemSchema<?> schema, Object item, PutMode mode, Expr condition) {}

    private final SchemaRegistry registry;
    private final ValueConverter values;
    /** In declaration order, each a {@link WriteAction} or a {@link Put}. */
    private final List<Object> declared = new ArrayList<>();

    TransactionActions(SchemaRegistry registry, ValueConverter values) {
        this.registry = registry;
        this.values = values;
    }

    @Override
    public Transaction put(Object item, PutMode mode) {
        return declare(new Put(registry.ofItem(Objects.requireNonNull(item, "item")), item,
                Objects.requireNonNull(mode, "mode"), Expr.NONE));
    }

    @Override
    public Transaction put(Object item, Condition condition) {
        return declare(new Put(registry.ofItem(Objects.requireNonNull(item, "item")), item, PutMode.REPLACE,
                values.toExpr(Objects.requireNonNull(condition, "condition"))));
    }

    @Override
    public Transaction delete(Object item) {
        return declare(DeleteItemOperation.actionForItem(registry.ofItem(Objects.requireNonNull(item, "item")), item));
    }

    @Override
    public Transaction delete(Class<?> type, KeyPath keyPath) {
        return delete(type, keyPath, null);
    }

    @Override
    public Transaction delete(Class<?> type, KeyPath keyPath, Condition condition) {
        return declare(DeleteItemOperation.action(registry.of(type), keyPath, -1, values.toExpr(condition)));
    }

    @Override
    public Transaction update(Class<?> type, KeyPath keyPath, UpdateSpec update) {
        return declare(UpdateItemOperation.action(registry.of(type), keyPath, update, values));
    }

    @Override
    public Transaction conditionCheck(Class<?> type, KeyPath keyPath, Condition condition) {
        registry.of(type);
        return declare(ConditionCheckOperation.action(keyPath, values.toExpr(condition)));
    }

    private Transaction declare(Object action) {
        declared.add(action);
        return this;
    }

    /** The actions in order, each put prepared by {@code prepare} when its turn comes. */
    List<WriteAction> actions(Function<Put, WriteAction> prepare) {
        List<WriteAction> actions = new ArrayList<>(declared.size());
        for (Object d : declared) {
            actions.add(d instanceof Put put ? prepare.apply(put) : (WriteAction) d);
        }
        return actions;
    }

    /**
     * {@link #actions(Function)} for a {@code prepare} that completes later: the puts are prepared one after
     * another, in declaration order, so sequence ids are allocated in the order the body asked for them.
     */
    CompletableFuture<List<WriteAction>> actionsAsync(Function<Put, CompletableFuture<WriteAction>> prepare) {
        CompletableFuture<List<WriteAction>> chain = CompletableFuture.completedFuture(new ArrayList<>(declared.size()));
        for (Object d : declared) {
            chain = d instanceof Put put
                    ? chain.thenCompose(list -> prepare.apply(put).thenApply(a -> append(list, a)))
                    : chain.thenApply(list -> append(list, (WriteAction) d));
        }
        return chain;
    }

    private static List<WriteAction> append(List<WriteAction> list, WriteAction action) {
        list.add(action);
        return list;
    }

    /** Per action, the stored form of a put's item (with generated ids and version) or null. */
    List<Object> results(List<WriteAction> actions) {
        List<Object> results = new ArrayList<>(actions.size());
        for (int i = 0; i < actions.size(); i++) {
            results.add(declared.get(i) instanceof Put put
                    ? PutItemOperation.stored(put.schema(), put.item(), actions.get(i)) : null);
        }
        return results;
    }
}
