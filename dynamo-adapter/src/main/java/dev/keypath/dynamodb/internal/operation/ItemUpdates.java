package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.mapping.DefaultItemSchema;
import dev.keypath.dynamodb.internal.mapping.SchemaRegistry;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The single-item update ({@code UpdateItem}): its request from {@link UpdateActions}, its response as an
 * {@link UpdateResult} by the update's {@link UpdateItem.Returning}, and its failures as typed exceptions: a
 * failed condition as {@code ConditionFailedException}/{@code VersionConflictException}, DynamoDB's
 * {@code ValidationException} (a set change on a non-set, arithmetic on a non-number, a path through a missing
 * map) as {@link InvalidUpdateException} naming the type, the paths and the key path.
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

    static RuntimeException translate(RuntimeException e, WriteAction action, String paths,
                                               UpdateItem<?> update) {
        if (e instanceof ConditionalCheckFailedException c) {
            return ConditionFailures.translate(action, c);
        }
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
            return " (set changes need a string, number or binary set; a Java set stored as a list (by a version of "
                    + "keypath before sets were stored as sets, or by another writer) cannot take them: put the item "
                    + "again, which stores it as a set; numeric changes need a number)";
        }
        if (message != null && message.contains("incorrect data type")) {
            return " (arithmetic and ADD need a number, list changes need a list)";
        }
        return "";
    }
}
