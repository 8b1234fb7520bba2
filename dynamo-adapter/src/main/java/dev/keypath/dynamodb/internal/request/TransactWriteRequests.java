package dev.keypath.dynamodb.internal.request;

import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.TransactionTooLargeException;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Builds {@code TransactWriteItems} requests, checking DynamoDB's limits first (100 actions, one action per
 * item, 4 MB of items), and maps cancellation reasons to actions. Pure.
 */
public final class TransactWriteRequests {
    private TransactWriteRequests() {
    }

    public static TransactWriteItemsRequest request(String table, List<WriteAction> actions, String idempotencyToken) {
        return request(table, actions, idempotencyToken, ReturnConsumedCapacity.INDEXES);
    }

    /** {@link #request(String, List, String)}, asking for {@code capacity} (null: not asking). */
    public static TransactWriteItemsRequest request(String table, List<WriteAction> actions, String idempotencyToken,
                                                    ReturnConsumedCapacity capacity) {
        if (actions.isEmpty()) {
            throw new IllegalArgumentException("a transaction needs at least one action");
        }
        if (actions.size() > TableAttributes.MAX_TRANSACTION_ACTIONS) {
            throw new IllegalArgumentException("a transaction allows at most " + TableAttributes.MAX_TRANSACTION_ACTIONS
                    + " actions, got " + actions.size());
        }
        Set<dev.keypath.KeyPath> seen = new HashSet<>();
        for (int i = 0; i < actions.size(); i++) {
            if (!seen.add(actions.get(i).keyPath())) {
                throw new IllegalArgumentException("transaction action " + i + " touches " + actions.get(i).keyPath()
                        + " again; each item may appear once");
            }
        }
        checkSize(actions);
        return TransactWriteItemsRequest.builder().returnConsumedCapacity(capacity)
                .transactItems(actions.stream().map(a -> a.toTransactWriteItem(table)).toList())
                .clientRequestToken(idempotencyToken).build();
    }

    /** Throws if the actions' items add up to more than DynamoDB's 4 MB, naming the action that crosses it. */
    public static void checkSize(List<WriteAction> actions) {
        long total = 0;
        int crossing = -1;
        for (int i = 0; i < actions.size(); i++) {
            total += actions.get(i).itemSize();
            if (crossing < 0 && total > TableAttributes.MAX_TRANSACTION_SIZE) {
                crossing = i;
            }
        }
        if (crossing >= 0) {
            WriteAction a = actions.get(crossing);
            throw new TransactionTooLargeException(a.keyPath(), crossing, a.kind().label, total,
                    TableAttributes.MAX_TRANSACTION_SIZE);
        }
    }

    public static TransactionFailedException failure(List<WriteAction> actions, TransactionCanceledException e) {
        return Cancellations.failure(e, actions, "transaction", (i, a, r) -> new TransactionFailedException.Failure(i,
                a.kind().label, a.keyPath(), r.code(), r.message(), a.versionChecked()));
    }
}
