package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The actions of one transaction as the caller's body declares them, built with the operation classes of
 * single writes. Deletes, updates and condition checks become {@link WriteAction}s at once; puts wait as
 * {@link Put}s until the body has returned, because a put with an unset sequence id needs a counter value
 * first, which the transaction's {@link dev.keypath.dynamodb.internal.operation.Operation} allocates before it sends the transaction.
 * Not thread-safe; one per {@code transact} call.
 */
public final class TransactionActions implements Transaction {
    /** A put declared in the body; the table turns it into a {@link WriteAction} once the body is done. */
    public record Put(DefaultItemSchema<?> schema, Object item, PutMode mode, Expr condition) {}

    private final SchemaRegistry registry;
    private final ValueConverter values;
    /** In declaration order, each a {@link WriteAction} or a {@link Put}. */
    private final List<Object> declared = new ArrayList<>();
    /** Each update declared, as its type, key path and paths, for a refusal's message. */
    private final List<String> updates = new ArrayList<>();
    /** Each declaration, to declare again over another registry ({@link #on}). */
    private final List<Consumer<Transaction>> calls = new ArrayList<>();
    /** The registered classes the declarations write. */
    private final Set<Class<?>> types = new LinkedHashSet<>();

    public TransactionActions(SchemaRegistry registry, ValueConverter values) {
        this.registry = registry;
        this.values = values;
    }

    /**
     * These declarations over {@code other} (the types writing their former layouts while their re-shards have not
     * switched), declared again: this when it is this one's registry.
     */
    public TransactionActions on(SchemaRegistry other) {
        if (other == registry) {
            return this;
        }
        TransactionActions again = new TransactionActions(other, values);
        calls.forEach(c -> c.accept(again));
        return again;
    }

    /** The registered classes the declarations write. */
    public Set<Class<?>> types() {
        return types;
    }

    @Override
    public Transaction put(PutItem<?> put) {
        calls.add(t -> t.put(put));
        types.add(registry.ofItem(put.item()).type());
        Object item = put.item();
        Aliases.refuse(registry.ofItem(item), "A transaction", null);
        return declare(new Put(registry.ofItem(item), item, put.mode(), values.toExpr(put.condition().orElse(null))));
    }

    @Override
    public Transaction delete(DeleteItem<?> delete) {
        if (delete.returnsDeleted()) {
            throw new IllegalArgumentException("a transaction returns no items; returnDeleted() cannot be used in "
                    + "one: " + delete);
        }
        calls.add(t -> t.delete(delete));
        types.add((delete.item().isPresent() ? registry.ofItem(delete.item().get()) : registry.of(delete.type()))
                .type());
        WriteAction action = DeleteActions.action(registry, values, delete);
        Aliases.refuse(delete.item().isPresent() ? registry.ofItem(delete.item().get()) : registry.of(delete.type()),
                "A transaction", action.keyPath());
        return declare(action);
    }

    @Override
    public Transaction update(UpdateItem<?> update) {
        if (update.returning() != UpdateItem.Returning.NEW && update.returning() != UpdateItem.Returning.NONE) {
            throw new IllegalArgumentException("a transaction returns no items; returning(" + update.returning()
                    + ") cannot be used in one: " + update);
        }
        calls.add(t -> t.update(update));
        types.add(registry.of(update.type()).type());
        Aliases.checkUpdate(registry.of(update.type()), update.keyPath(), update.spec());
        UpdateActions.Planned planned = UpdateActions.plan(registry.of(update.type()), update, values,
                WriteKind.TRANSACT_UPDATE, registry.extensions());
        updates.add(update.type().getSimpleName() + " " + update.keyPath() + " (paths " + planned.paths() + ")");
        return declare(planned.action());
    }

    /**
     * DynamoDB's refusal of the whole transaction ({@code ValidationException}: a change below a missing or NULL
     * map, arithmetic or a list or set change on a value of another kind or NULL) as an
     * {@link InvalidUpdateException} naming the updates and the remedy; any other failure unchanged.
     */
    public RuntimeException refused(RuntimeException e) {
        if (updates.isEmpty() || !(e instanceof DynamoDbException d) || d.awsErrorDetails() == null
                || !"ValidationException".equals(d.awsErrorDetails().errorCode())) {
            return e;
        }
        return new InvalidUpdateException("DynamoDB refused the transaction's updates of " + String.join(", ", updates)
                + ": " + d.awsErrorDetails().errorMessage() + " (a change below a nested record or map that is null, "
                + "or arithmetic, a list or a set change on a field stored as NULL, works in a single update, which "
                + "creates the value; in a transaction, set the whole nested value instead)", null,
                String.join(", ", updates), null, e);
    }

    @Override
    public Transaction conditionCheck(Class<?> type, KeyPath keyPath, Condition condition) {
        calls.add(t -> t.conditionCheck(type, keyPath, condition));
        types.add(registry.of(type).type());
        DefaultItemSchema<?> checked = registry.of(type, keyPath);
        Expr checkedCondition = values.toExpr(condition);
        ExpressionChecks.condition(registry.extensions().codecs(), checked, checkedCondition);
        return declare(ConditionCheckActions.action(checked, keyPath, checkedCondition,
                registry.epochSecondNow()));
    }

    private Transaction declare(Object action) {
        declared.add(action);
        return this;
    }

    /** What the body declared, in order: each a {@link WriteAction} or a {@link Put}. */
    public List<Object> declared() {
        return declared;
    }

    /** Per action, the stored form of a put's item (with generated ids and version) or null. */
    public List<Object> results(List<WriteAction> actions) {
        List<Object> results = new ArrayList<>(actions.size());
        for (int i = 0; i < actions.size(); i++) {
            results.add(declared.get(i) instanceof Put put
                    ? PutActions.stored(put.schema(), put.item(), actions.get(i), registry.extensions()) : null);
        }
        return results;
    }
}
