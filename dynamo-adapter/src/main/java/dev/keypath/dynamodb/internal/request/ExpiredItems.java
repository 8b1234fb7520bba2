package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The rule that an expired item (its {@code _ttl} at or before the table's now, not yet removed by DynamoDB's sweep)
 * is absent to writes as it is to reads, as pure functions. A write's condition, when it has one, also requires that
 * the stored item, if any, has not expired ({@link #live}); a put whose only condition is that no item exists
 * accepts an expired one instead ({@link #expired}), since it replaces the whole item. A write that fails on an
 * expired item (DynamoDB hands back the item it found, {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}) has that
 * item deleted, while it is still expired ({@link #clear}), and is sent again, now meeting no item
 * ({@link dev.keypath.dynamodb.internal.operation.WriteOverExpired}). The moment a write takes as now is carried in its condition's values
 * ({@link #NOW}), so that its failure is judged by the same clock reading.
 */
public final class ExpiredItems {
    /** The name placeholder of {@code _ttl} in the expiry checks. */
    static final String TTL = "#kp_exp";
    /** The value placeholder of now (epoch seconds) in the expiry checks. */
    static final String NOW = ":kp_exp_now";

    private ExpiredItems() {
    }

    /** The stored item, if any, has not expired: no {@code _ttl}, or one after {@code now}. */
    static Expr live(long now) {
        return Expr.of("attribute_not_exists(" + TTL + ") OR " + TTL + " > " + NOW, Map.of(TTL, TableAttributes.TTL),
                Map.of(NOW, AttributeValues.number(now)));
    }

    /** The stored item has expired: its {@code _ttl} is at or before {@code now}. */
    static Expr expired(long now) {
        return Expr.of(TTL + " <= " + NOW, Map.of(TTL, TableAttributes.TTL), Map.of(NOW, AttributeValues.number(now)));
    }

    /** {@code action} whose condition, if it has one, also requires the stored item not to have expired. */
    static WriteAction requireLive(WriteAction action, long now) {
        if (action.condition().isEmpty()) {
            return action;
        }
        return new WriteAction(action.kind(), action.keyPath(), action.key(), action.item(), action.update(),
                action.condition().and(live(now)), action.expectedVersion(), action.failureHint());
    }

    /** Whether {@code action}'s condition judges the stored item's expiry (an expired item then fails it). */
    public static boolean checksExpiry(WriteAction action) {
        return action.condition().values().containsKey(NOW);
    }

    /** Whether the stored {@code item}'s {@code _ttl} is at or before {@code now} (epoch seconds). */
    public static boolean isExpired(Map<String, AttributeValue> item, long now) {
        AttributeValue ttl = item == null ? null : item.get(TableAttributes.TTL);
        if (ttl == null || ttl.n() == null) {
            return false;
        }
        try {
            return Long.parseLong(ttl.n()) <= now;
        } catch (NumberFormatException e) {
            return false; // not a keypath TTL: the item does not expire
        }
    }

    /** Whether {@code item}, as DynamoDB handed it back when {@code action} failed, had expired by its now. */
    static boolean expiredFor(WriteAction action, Map<String, AttributeValue> item) {
        return checksExpiry(action) && isExpired(item, nowOf(action));
    }

    /** The now {@code action}'s expiry check was made with; only for an action that {@link #checksExpiry}. */
    public static long nowOf(WriteAction action) {
        return Long.parseLong(action.condition().values().get(NOW).n());
    }

    /** The write itself when its failure {@code e} was a failed condition on an expired item, else none. */
    public static List<WriteAction> expiredIn(WriteAction action, RuntimeException e) {
        return e instanceof ConditionalCheckFailedException c && c.hasItem() && expiredFor(action, c.item())
                ? List.of(action) : List.of();
    }

    /** The actions of a cancelled transaction whose condition failed on an expired item. */
    public static List<WriteAction> expiredIn(List<WriteAction> actions, RuntimeException e) {
        if (!(e instanceof TransactionCanceledException cancelled) || !cancelled.hasCancellationReasons()) {
            return List.of();
        }
        List<WriteAction> expired = new ArrayList<>();
        List<CancellationReason> reasons = cancelled.cancellationReasons();
        for (int i = 0; i < reasons.size() && i < actions.size(); i++) {
            CancellationReason r = reasons.get(i);
            if ("ConditionalCheckFailed".equals(r.code()) && r.hasItem() && expiredFor(actions.get(i), r.item())) {
                expired.add(actions.get(i));
            }
        }
        return expired;
    }

    /**
     * The delete of {@code action}'s item, only while it is still expired by the action's now, asking for
     * {@code capacity} (null: not asking).
     */
    public static DeleteItemRequest clear(String table, WriteAction action, ReturnConsumedCapacity capacity) {
        Expr condition = expired(nowOf(action));
        return DeleteItemRequest.builder().returnConsumedCapacity(capacity).tableName(table).key(action.key())
                .conditionExpression(condition.expression()).expressionAttributeNames(condition.names())
                .expressionAttributeValues(condition.values()).build();
    }
}
