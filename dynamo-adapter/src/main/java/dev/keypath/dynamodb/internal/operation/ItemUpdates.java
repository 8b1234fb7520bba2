package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.NewerItemVersionException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import dev.keypath.dynamodb.internal.expression.UpdateEffects;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.request.ConditionFailures;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.UpdateActions;
import dev.keypath.dynamodb.internal.request.WriteAction;
import dev.keypath.dynamodb.internal.request.WriteAttempts;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The single-item update ({@code UpdateItem}): its request from {@link UpdateActions}, its response as an
 * {@link UpdateResult} by the update's {@link UpdateItem.Returning}, and its failures as typed exceptions: a
 * failed condition settled by {@link ConditionFailures} (a conflict, the update's own earlier attempt, or
 * {@code WriteOutcomeUnknownException}), a failure that may have applied an update that must not be resent
 * ({@link WriteAttempts#unappliedOnly()}) as {@code WriteOutcomeUnknownException}, DynamoDB's
 * {@code ValidationException} (a set change on a non-set, arithmetic on a non-number) as
 * {@link InvalidUpdateException} naming the type, the paths and the key path, and a failed condition on an item stored
 * at a newer version than the type's declared one as {@link NewerItemVersionException}. A refusal for a value that is
 * missing or {@code NULL} (a path through a missing map) is planned again by {@link ItemUpdate}.
 */
final class ItemUpdates {
    private ItemUpdates() {
    }

    /**
     * The update as an {@link ItemUpdate}: planned again over the stored values when DynamoDB refuses it for a
     * value it builds on that is missing or {@code NULL}.
     */
    public static <T> Operation<UpdateResult<T>> update(String table, DefaultItemSchema<T> schema, UpdateItem<T> update,
                                                        ValueConverter values, SchemaRegistry registry) {
        return new ItemUpdate<>(table, schema, update, values, registry);
    }

    /**
     * One {@code UpdateItem} of {@code planned}, its answers and failures as described above, except two that end
     * it with an {@link ItemUpdate.Refusal} for {@link ItemUpdate} to plan the update again: DynamoDB's
     * {@code ValidationException}, and, when {@code stale} is given, a failed condition whose stored item
     * {@code stale} finds changed from what the plan assumed (and that no earlier attempt of this one can explain).
     */
    static <T> Operation<UpdateResult<T>> attempt(String table, DefaultItemSchema<T> schema, UpdateItem<T> update,
                                                  UpdateActions.Planned planned, ValueConverter values,
                                                  SchemaRegistry registry,
                                                  Predicate<Map<String, AttributeValue>> stale) {
        WriteAction action = planned.action();
        UpdateItem.Returning returning = update.returning();
        // an update applied twice changes the item twice unless its changes or its expected version prevent it
        boolean resendable = planned.effects().idempotent() || action.versionChecked();
        String version = schema.versionAttribute().orElse(null);
        return WriteOverExpired.single(table, action, DynamoApi.UPDATE_ITEM,
                action.toUpdateItemRequest(table, returnValue(returning)),
                resendable ? WriteAttempts::recording : WriteAttempts::unappliedOnly,
                r -> result(r, schema, update, values, registry),
                (e, attempts) -> {
                    if (e instanceof ConditionalCheckFailedException c) {
                        Map<String, AttributeValue> stored = c.hasItem() ? c.item() : Map.of();
                        if (!attempts.earlierAttemptMayHaveApplied(c)) { // else the stored item may be its own work
                            NewerItemVersionException newer = ConditionFailures.newerVersion(schema.evolution(),
                                    schema.typeName(), stored, update.keyPath(), c);
                            if (newer != null) {
                                throw newer;
                            }
                        }
                        if (stale != null && !attempts.earlierAttemptMayHaveApplied(c) && stale.test(stored)) {
                            throw new ItemUpdate.Refusal(c, stored);
                        }
                        return ConditionFailures.settle(action, c, attempts,
                                item -> ConditionFailures.ofUpdate(action, planned.effects(), item, version), version,
                                () -> alreadyApplied(c.item(), planned.effects(), schema, update, values, registry));
                    }
                    if (!attempts.resendsAppliedFailures() && attempts.anyAttemptMayHaveApplied(e)) {
                        throw notResent(update, e);
                    }
                    if (isValidation(e)) {
                        throw new ItemUpdate.Refusal(e, null);
                    }
                    throw translate(e, planned.paths(), update);
                });
    }

    /** Whether {@code e} is DynamoDB's {@code ValidationException}: a refusal that applied nothing. */
    static boolean isValidation(RuntimeException e) {
        return e instanceof DynamoDbException d && d.awsErrorDetails() != null
                && "ValidationException".equals(d.awsErrorDetails().errorCode());
    }

    /**
     * The result of an update whose condition failed because an earlier attempt applied it: the item as stored
     * now ({@code NEW}), the attributes it writes as stored now ({@code UPDATED_NEW}), nothing ({@code NONE}); the
     * values before it are lost with the answer ({@code OLD}, {@code UPDATED_OLD}).
     */
    private static <T> UpdateResult<T> alreadyApplied(Map<String, AttributeValue> stored, UpdateEffects effects,
                                                      DefaultItemSchema<T> schema, UpdateItem<T> update,
                                                      ValueConverter values, SchemaRegistry registry) {
        Map<String, AttributeValue> returned = switch (update.returning()) {
            case NONE -> Map.of();
            case NEW -> stored;
            case UPDATED_NEW -> {
                Map<String, AttributeValue> written = new LinkedHashMap<>(stored);
                written.keySet().retainAll(effects.written());
                yield written;
            }
            case OLD, UPDATED_OLD -> throw new WriteOutcomeUnknownException("The update was applied by an earlier "
                    + "attempt whose answer was lost; the values before it, asked for with returning("
                    + update.returning() + "), were lost with that answer", update.keyPath(), null);
        };
        return result(UpdateItemResponse.builder().attributes(returned).build(), schema, update, values, registry);
    }

    /** A failure of an update that must not be applied twice, after an attempt DynamoDB may have applied. */
    private static WriteOutcomeUnknownException notResent(UpdateItem<?> update, RuntimeException e) {
        return new WriteOutcomeUnknownException("The update of " + update.type().getSimpleName() + " failed after "
                + "DynamoDB may have applied it (" + e.getMessage() + "), and it is not sent again: it changes values "
                + "by what is stored (an increment, an append, an ADD), so applying it twice would change them twice."
                + " Read the item to see whether it was applied, or give the update an expected version (and a "
                + "request token), which makes it safe to send again", update.keyPath(), e);
    }

    static ReturnValue returnValue(UpdateItem.Returning returning) {
        return switch (returning) {
            case NEW -> ReturnValue.ALL_NEW;
            case OLD -> ReturnValue.ALL_OLD;
            case UPDATED_NEW -> ReturnValue.UPDATED_NEW;
            case UPDATED_OLD -> ReturnValue.UPDATED_OLD;
            case NONE -> ReturnValue.NONE;
        };
    }

    static <T> UpdateResult<T> result(UpdateItemResponse r, DefaultItemSchema<T> schema, UpdateItem<T> update,
                                              ValueConverter values, SchemaRegistry registry) {
        Map<String, AttributeValue> attributes = r.hasAttributes() ? r.attributes() : Map.of();
        UpdateItem.Returning returning = update.returning();
        T item = null;
        Map<String, Object> plain = Map.of();
        if (returning == UpdateItem.Returning.NEW || returning == UpdateItem.Returning.OLD) {
            item = attributes.isEmpty() ? null : registry.readReturned(schema, attributes, update.keyPath());
        } else if (!attributes.isEmpty()) {
            Map<String, AttributeValue> visible = new LinkedHashMap<>(attributes);
            visible.keySet().removeIf(name -> name.equals(TableAttributes.PK) || name.equals(TableAttributes.SK)
                    || schema.reservedAttributes().contains(name));
            plain = ValueConverter.plain(visible);
        }
        return UpdateResult.of(returning, item, plain, values::convert);
    }

    static RuntimeException translate(RuntimeException e, String paths, UpdateItem<?> update) {
        if (e instanceof DynamoDbException d && d.awsErrorDetails() != null
                && "ValidationException".equals(d.awsErrorDetails().errorCode())) {
            String type = update.type().getSimpleName();
            String message = d.awsErrorDetails().errorMessage();
            return new InvalidUpdateException("DynamoDB refused the update of " + type + " (paths " + paths + "): "
                    + message + hint(update.spec(), message), type, paths, update.keyPath(), e);
        }
        return e;
    }

    /** What a refusal most likely means, given the changes. */
    private static String hint(UpdateSpec spec, String message) {
        boolean setChange = spec.changes().stream().anyMatch(c -> c.action() == UpdateSpec.Action.ADD_TO_SET
                || c.action() == UpdateSpec.Action.DELETE_FROM_SET);
        if (message != null && message.contains("Item size")) {
            return " (the item would exceed DynamoDB's 400 KB item limit)";
        }
        if (message != null && message.contains("incorrect data type") && setChange) {
            return " (set changes need a string, number or binary set of the elements' kind, or a Set field stored "
                    + "as a list of such values; numeric changes need a number)";
        }
        if (message != null && message.contains("incorrect data type")) {
            return " (arithmetic and ADD need a number, list changes need a list)";
        }
        return "";
    }
}
