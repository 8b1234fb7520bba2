package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.expression.AbsentValues;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.request.ConditionFailures;
import dev.keypath.dynamodb.internal.request.ItemReads;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.StoredUpgrades;
import dev.keypath.dynamodb.internal.request.UpdateActions;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * One single-item update as an {@link Operation}: an {@link ItemUpdates#attempt} of the {@code UpdateItem}
 * {@link UpdateActions} plans. When DynamoDB refuses it ({@code ValidationException}) because a value it builds on
 * is missing or stored as {@code NULL}, a consistent read of the attributes it changes, and an attempt of the update
 * planned again over them ({@link AbsentValues}), whose condition requires them to be still as read. If that
 * condition fails because they changed in between (the failure carries the stored item), the update is planned once
 * more from it; any other failure of the condition is the caller's condition, the version or the item's existence,
 * settled as for any update. Every attempt is one conditional {@code UpdateItem} that applies whole or not at all,
 * and a refusal applies nothing, so nothing is written twice.
 *
 * <p>When the table upgrades the type's older items on write, the first plan applies only to an item at the current
 * version. An older item fails it and comes back with the failure; the update is then planned over it as one
 * {@code UpdateItem} that also upgrades it ({@link UpdateActions#planUpgrading}), on condition that what the upgrade
 * rewrites is still as read. If that fails because the item changed, it is planned again over what it holds now (an
 * upgrade again, or the plain update if another writer upgraded it). An update that builds on a value the upgrade
 * rewrites sends the upgrade alone first ({@link StoredUpgrades}), then the update. Single use; not thread-safe.
 *
 * @param <T> the item type
 */
final class ItemUpdate<T> implements Operation<UpdateResult<T>> {
    /** Updates sent at most: the first plan, then plans over what was read. */
    static final int MAX_ATTEMPTS = 4;

    /**
     * How an attempt ends for a new plan: DynamoDB's refusal, or a failed condition whose stored item no longer is
     * as the plan assumed ({@code stored}, null after a refusal).
     */
    static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Map<String, AttributeValue> stored;

        Refusal(RuntimeException cause, Map<String, AttributeValue> stored) {
            super(cause.getMessage(), cause, false, false);
            this.stored = stored;
        }

        RuntimeException failure() {
            return (RuntimeException) getCause();
        }
    }

    private final String table;
    private final DefaultItemSchema<T> schema;
    private final UpdateItem<T> update;
    private final ValueConverter values;
    private final SchemaRegistry registry;
    private final UpdateActions.Planned first;
    private AbsentValues absent;
    /** The attempt in flight, or null while the attributes are read. */
    private Operation<UpdateResult<T>> current;
    /** The rewrite the attempt in flight was planned as, or null for the first plan. */
    private AbsentValues.Rewrite sent;
    /** The refusal that made the last plan end, while the item is read. */
    private RuntimeException refused;
    private int attempts = 1;
    /** The update the attempt in flight was planned from: {@link #update}, or a rewrite of it. */
    private UpdateItem<T> attempted;
    private UpdateResult<T> result;
    /** Whether the table upgrades older items of the type on write. */
    private final boolean upgrades;
    /** The upgrade to send alone before the update, or null. */
    private UpdateItemRequest upgradeAlone;

    ItemUpdate(String table, DefaultItemSchema<T> schema, UpdateItem<T> update, ValueConverter values,
               SchemaRegistry registry) {
        this.table = table;
        this.schema = schema;
        this.update = update;
        this.values = values;
        this.registry = registry;
        this.upgrades = registry.upgradesOnWrite(schema);
        this.attempted = update;
        this.first = UpdateActions.plan(schema, update, values, WriteKind.UPDATE, registry.extensions(), upgrades);
        this.current = ItemUpdates.attempt(table, schema, update, first, values, registry,
                upgrades ? this::older : null);
    }

    @Override
    public Step next() {
        if (result != null) {
            return Step.DONE;
        }
        if (current == null && upgradeAlone != null) {
            UpdateItemRequest request = upgradeAlone;
            upgradeAlone = null;
            return new Step.Exchange<>(DynamoApi.UPDATE_ITEM, request, (UpdateItemResponse r) -> planPlain(),
                    this::upgradeFailed);
        }
        if (current == null) {
            return Step.Exchange.of(DynamoApi.GET_ITEM, read(), (GetItemResponse r) ->
                    planOver(r.hasItem() ? r.item() : Map.of(), refused));
        }
        Step step = current.next();
        if (step == Step.DONE) {
            result = current.result();
            return Step.DONE;
        }
        return step instanceof Step.Exchange<?, ?> exchange ? guarded(exchange) : step;
    }

    @Override
    public UpdateResult<T> result() {
        return result;
    }

    /** {@code exchange} with a {@link Refusal} from its callbacks taken as the end of the attempt. */
    private <Q, R> Step.Exchange<Q, R> guarded(Step.Exchange<Q, R> exchange) {
        return new Step.Exchange<>(exchange.api(), exchange.request(), guard(exchange.onResponse()),
                guard(exchange.onFailure()));
    }

    private <X> Consumer<X> guard(Consumer<X> callback) {
        return x -> {
            try {
                callback.accept(x);
            } catch (Refusal r) {
                refusedBy(r);
            }
        };
    }

    /** The attempt ended for a new plan: read first after a refusal, plan from the stored item after a condition. */
    private void refusedBy(Refusal r) {
        if (attempts >= MAX_ATTEMPTS) {
            throw r.failure() instanceof ConditionalCheckFailedException c
                    ? ConditionFailures.translate(first.action(), c)
                    : ItemUpdates.translate(r.failure(), first.paths(), update);
        }
        if (upgrades && r.stored != null && older(r.stored)) {
            upgradeOver(r.stored);
            return;
        }
        if (absent == null) {
            absent = new AbsentValues(schema, update.keyPath(), update.spec(), values);
        }
        if (r.stored == null) {
            refused = r.failure();
            current = null;
        } else {
            planOver(r.stored, null);
        }
    }

    /** The consistent read of the attributes the update changes. */
    private GetItemRequest read() {
        Map<String, String> names = new LinkedHashMap<>();
        for (String a : absent.attributes()) {
            names.put("#kp_a" + names.size(), a);
        }
        return ItemReads.request(table, schema, update.keyPath(), ReadConsistency.STRONG).toBuilder()
                .projectionExpression(String.join(", ", names.keySet())).expressionAttributeNames(names).build();
    }

    /**
     * The next attempt, planned over {@code stored}; after DynamoDB's {@code refusal}, the refusal itself when the
     * new plan would be the one just refused (refused for another cause than an absent value).
     */
    private void planOver(Map<String, AttributeValue> stored, RuntimeException refusal) {
        AbsentValues.Rewrite rewrite = absent.plan(stored);
        if (refusal != null && (sent == null ? rewrite == null
                : rewrite != null && rewrite.spec().equals(sent.spec()))) {
            throw ItemUpdates.translate(refusal, first.paths(), update);
        }
        sent = rewrite;
        attempts++;
        if (rewrite == null) {
            attempted = update;
            current = ItemUpdates.attempt(table, schema, update, UpdateActions.plan(schema, update, values,
                    WriteKind.UPDATE, registry.extensions(), upgrades), values, registry, upgrades ? this::older : null);
            return;
        }
        UpdateItem<T> planned = UpdateItem.builder(update.type(), update.keyPath(), rewrite.spec())
                .returning(update.returning()).mode(update.mode()).build();
        attempted = planned;
        current = ItemUpdates.attempt(table, schema, planned, UpdateActions.plan(schema, planned, values,
                WriteKind.UPDATE, registry.extensions(), upgrades), values, registry,
                item -> !AbsentValues.holds(rewrite, item) || upgrades && older(item));
    }

    /** Whether {@code stored}, returned with a failed condition, is an item of the type at an older version. */
    private boolean older(Map<String, AttributeValue> stored) {
        AttributeValue type = stored.get(TableAttributes.TYPE);
        if (type == null || type.s() == null || !schema.evolution().isTypeName(type.s())) {
            return false;
        }
        try {
            return schema.evolution().versionOf(stored, update.keyPath()) < schema.evolution().current();
        } catch (UnreadableItemException e) {
            return false;
        }
    }

    /**
     * The next attempt: the update planned over {@code stored}, an older item, as one write that also upgrades it;
     * or, when the update builds on a value the upgrade rewrites, the upgrade alone first.
     */
    private void upgradeOver(Map<String, AttributeValue> stored) {
        attempts++;
        UpdateActions.Planned planned = UpdateActions.planUpgrading(schema, attempted, values, WriteKind.UPDATE,
                registry.extensions(), stored);
        if (planned == null) {
            current = null;
            upgradeAlone = StoredUpgrades.of(schema, update.keyPath(), stored).request(table);
            return;
        }
        current = ItemUpdates.attempt(table, schema, attempted, planned, values, registry,
                item -> !item.equals(stored));
    }

    /** After the upgrade alone: the update as first planned, now that the item is at the current version. */
    private void planPlain() {
        attempts++;
        attempted = update;
        current = ItemUpdates.attempt(table, schema, update, UpdateActions.plan(schema, update, values,
                WriteKind.UPDATE, registry.extensions(), upgrades), values, registry, this::older);
    }

    /** The upgrade alone failed: upgrade what the item holds now, or update it if another writer upgraded it. */
    private void upgradeFailed(RuntimeException e) {
        if (!(e instanceof ConditionalCheckFailedException c)) {
            throw e;
        }
        if (attempts >= MAX_ATTEMPTS) {
            throw ConditionFailures.translate(first.action(), c);
        }
        Map<String, AttributeValue> stored = c.hasItem() ? c.item() : Map.of();
        if (older(stored)) {
            upgradeOver(stored);
        } else {
            planPlain();
        }
    }
}
