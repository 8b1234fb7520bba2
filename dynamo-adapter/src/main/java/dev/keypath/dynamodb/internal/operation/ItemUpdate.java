package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.mapping.DefaultItemSchema;
import dev.keypath.dynamodb.internal.mapping.SchemaRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * One single-item update as an {@link Operation}: the {@code UpdateItem} planned by {@link UpdateActions}; when
 * DynamoDB refuses it ({@code ValidationException}) because a value it builds on is missing or stored as
 * {@code NULL}, a consistent read of the attributes it changes and the update planned again over them
 * ({@link AbsentValues}), whose condition requires them to be still as read. A failed condition of that update is
 * read again: values changed in between plan it once more, values as read mean the caller's condition (or the
 * version, or the item's existence) failed, reported as for the first plan. Nothing is written twice: every
 * attempt is one conditional {@code UpdateItem} that either applies whole or not at all. Single use; not
 * thread-safe.
 *
 * @param <T> the item type
 */
final class ItemUpdate<T> implements Operation<UpdateResult<T>> {
    /** Updates sent at most: the first plan, then plans over what was read. */
    static final int MAX_ATTEMPTS = 4;

    private final String table;
    private final DefaultItemSchema<T> schema;
    private final UpdateItem<T> update;
    private final ValueConverter values;
    private final SchemaRegistry registry;
    private final UpdateActions.Planned first;
    private AbsentValues absent;
    /** The update to send next, or null when the next step is a read. */
    private UpdateActions.Planned pending;
    /** The rewrite the last update sent was planned as, or null for the first plan. */
    private AbsentValues.Rewrite sent;
    /** The failure of the last update sent, while the read after it runs. */
    private RuntimeException lastFailure;
    private int attempts;
    private UpdateResult<T> result;

    ItemUpdate(String table, DefaultItemSchema<T> schema, UpdateItem<T> update, ValueConverter values,
               SchemaRegistry registry) {
        this.table = table;
        this.schema = schema;
        this.update = update;
        this.values = values;
        this.registry = registry;
        this.first = UpdateActions.plan(schema, update, values, WriteKind.UPDATE, registry.extensions());
        this.pending = first;
    }

    @Override
    public Step next() {
        if (result != null) {
            return Step.DONE;
        }
        if (pending != null) {
            UpdateActions.Planned planned = pending;
            pending = null;
            attempts++;
            return new Step.Exchange<>(DynamoApi.UPDATE_ITEM, planned.action().toUpdateItemRequest(table,
                    ItemUpdates.returnValue(update.returning())),
                    (UpdateItemResponse r) -> result = ItemUpdates.result(r, schema, update, values, registry),
                    this::failed);
        }
        return Step.Exchange.of(DynamoApi.GET_ITEM, read(), this::reread);
    }

    @Override
    public UpdateResult<T> result() {
        return result;
    }

    /** The update just sent failed: read and plan again, or end with the failure as the first plan's. */
    private void failed(RuntimeException e) {
        boolean refused = isValidation(e);
        boolean conditionAfterRewrite = sent != null && e instanceof ConditionalCheckFailedException;
        if (attempts >= MAX_ATTEMPTS || !(refused || conditionAfterRewrite)) {
            throw ItemUpdates.translate(e, first.action(), first.paths(), update);
        }
        lastFailure = e;
        if (absent == null) {
            absent = new AbsentValues(schema, update.keyPath(), update.spec(), values);
        }
    }

    /** The consistent read of the attributes the update changes. */
    private GetItemRequest read() {
        Map<String, String> names = new LinkedHashMap<>();
        for (String a : absent.attributes()) {
            names.put("#kp_a" + names.size(), a);
        }
        return ItemReads.request(table, update.keyPath(), ReadConsistency.STRONG).toBuilder()
                .projectionExpression(String.join(", ", names.keySet())).expressionAttributeNames(names).build();
    }

    /** Plans the next update over what the read found, or ends with the last failure. */
    private void reread(GetItemResponse r) {
        Map<String, AttributeValue> stored = r.hasItem() ? r.item() : Map.of();
        if (sent != null && lastFailure instanceof ConditionalCheckFailedException && AbsentValues.holds(sent, stored)) {
            throw ItemUpdates.translate(lastFailure, first.action(), first.paths(), update); // the caller's condition
        }
        AbsentValues.Rewrite rewrite = absent.plan(stored);
        boolean again = isValidation(lastFailure) && (sent == null ? rewrite == null
                : rewrite != null && rewrite.spec().equals(sent.spec()));
        if (again) {
            // refused for another cause than an absent value: a value of the wrong kind, the item's size
            throw ItemUpdates.translate(lastFailure, first.action(), first.paths(), update);
        }
        sent = rewrite;
        pending = rewrite == null ? first : UpdateActions.plan(schema, UpdateItem.builder(update.type(),
                update.keyPath(), rewrite.spec()).returning(update.returning()).mode(update.mode()).build(), values,
                WriteKind.UPDATE, registry.extensions());
    }

    private static boolean isValidation(RuntimeException e) {
        return e instanceof DynamoDbException d && d.awsErrorDetails() != null
                && "ValidationException".equals(d.awsErrorDetails().errorCode());
    }
}
