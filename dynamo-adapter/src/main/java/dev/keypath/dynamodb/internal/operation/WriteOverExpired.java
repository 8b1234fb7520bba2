package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.internal.request.ExpiredItems;
import dev.keypath.dynamodb.internal.request.WriteAction;
import dev.keypath.dynamodb.internal.request.WriteAttempts;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A conditional write, one request or one transaction, as an {@link Operation} without I/O, for which an expired item
 * is absent: when its condition fails on items that have expired (by the write's own now; DynamoDB hands back each
 * item it found), each is deleted while it is still expired ({@link ExpiredItems#clear}; one rewritten meanwhile
 * stays) and the write is sent again, now meeting no item or the new one. Any other failure, or one after
 * {@link #MAX_ATTEMPTS} sends, goes to the send's own recovery: a single-item write settles it by what is stored
 * ({@link dev.keypath.dynamodb.internal.request.ConditionFailures}, with the {@link WriteAttempts} of that send), a transaction throws it translated.
 *
 * <p>Each send is a new request: a single-item write carries a fresh {@link WriteAttempts}, so the SDK's retries of
 * that send are noted (and, for an update that must not be applied twice, refused after a failure DynamoDB may have
 * applied) as for any write; a transaction carries a new idempotency token, which the SDK's retries of that send
 * keep. A write is sent again only after a failed condition or a cancellation, which DynamoDB did not apply.
 * Single use; not thread-safe.
 *
 * @param <Q> the write's request type
 * @param <R> its response type
 * @param <T> the result
 */
final class WriteOverExpired<Q, R, T> implements Operation<T> {
    /** Sends of the write before its failure is final. */
    static final int MAX_ATTEMPTS = 3;

    /**
     * One send of the write: its request, and what becomes of a failure that no expired item explains (the result
     * after all, or thrown).
     */
    record Send<Q, T>(Q request, Function<RuntimeException, T> recover) {
    }

    private final String table;
    private final DynamoApi<Q, R> api;
    private final Supplier<Send<Q, T>> sends;
    private final Function<R, T> result;
    private final Function<RuntimeException, List<WriteAction>> expiredIn;
    /** What the removal of an expired item asks DynamoDB to report of its capacity: as the write does; null: not. */
    private final ReturnConsumedCapacity clearAsk;
    private final Deque<WriteAction> clearing = new ArrayDeque<>();
    private Send<Q, T> current;
    private int attempts;
    private boolean done;
    private T value;

    /**
     * @param sends     makes each send: its request and its recovery
     * @param expiredIn the writes whose condition failed on an expired item, from a failure; empty for any other
     * @param clearAsk  what the removal of an expired item asks DynamoDB to report of its capacity; null: not asking
     */
    private WriteOverExpired(String table, DynamoApi<Q, R> api, Supplier<Send<Q, T>> sends, Function<R, T> result,
                             Function<RuntimeException, List<WriteAction>> expiredIn, ReturnConsumedCapacity clearAsk) {
        this.table = table;
        this.clearAsk = clearAsk;
        this.api = api;
        this.sends = sends;
        this.result = result;
        this.expiredIn = expiredIn;
    }

    /**
     * A single-item write ({@code PutItem}, {@code UpdateItem}, {@code DeleteItem}) of {@code action}. Each send
     * carries a new {@link WriteAttempts} from {@code attempts} (when the write has a condition to settle, or its
     * attempts refuse resends); {@code settle} turns a failure of that send, with its attempts, into the result
     * after all or throws. The removal of an expired item asks for capacity as {@code request} does.
     */
    static <Q extends AwsRequest, R, T> Operation<T> single(String table, WriteAction action, DynamoApi<Q, R> api,
                                                           Q request, Supplier<WriteAttempts> attempts,
                                                           Function<R, T> result,
                                                           BiFunction<RuntimeException, WriteAttempts, T> settle) {
        return new WriteOverExpired<>(table, api, () -> {
            WriteAttempts noted = attempts.get();
            boolean attach = !action.condition().isEmpty() || !noted.resendsAppliedFailures();
            return new Send<>(attach ? noted.attachTo(request) : request, e -> settle.apply(e, noted));
        }, result, e -> ExpiredItems.expiredIn(action, e), api.asked(request));
    }

    /**
     * A transaction of {@code actions}; {@code request} builds each send with a new idempotency token. A
     * cancellation is thrown as {@code translate} makes it, any other failure as {@code refused} makes it. The
     * removal of an expired item asks for {@code clearAsk} of capacity, as the transaction does (null: not asking).
     */
    static <T> Operation<T> transaction(String table, List<WriteAction> actions,
                                        Supplier<TransactWriteItemsRequest> request,
                                        Function<TransactWriteItemsResponse, T> result,
                                        Function<TransactionCanceledException, RuntimeException> translate,
                                        Function<RuntimeException, RuntimeException> refused,
                                        ReturnConsumedCapacity clearAsk) {
        return new WriteOverExpired<>(table, DynamoApi.TRANSACT_WRITE_ITEMS, () -> new Send<>(request.get(), e -> {
            throw e instanceof TransactionCanceledException c ? translate.apply(c) : refused.apply(e);
        }), result, e -> ExpiredItems.expiredIn(actions, e), clearAsk);
    }

    @Override
    public Step next() {
        if (done) {
            return Step.DONE;
        }
        if (!clearing.isEmpty()) {
            return new Step.Exchange<>(DynamoApi.DELETE_ITEM, ExpiredItems.clear(table, clearing.peek(), clearAsk),
                    r -> clearing.poll(), this::clearFailed);
        }
        attempts++;
        current = sends.get();
        return new Step.Exchange<>(api, current.request(), r -> {
            value = result.apply(r);
            done = true;
        }, this::failed);
    }

    @Override
    public T result() {
        return value;
    }

    private void failed(RuntimeException e) {
        List<WriteAction> expired = expiredIn.apply(e);
        if (expired.isEmpty() || attempts >= MAX_ATTEMPTS) {
            value = current.recover().apply(e);
            done = true;
            return;
        }
        clearing.addAll(expired);
    }

    /** The item is no longer expired (written again meanwhile), or gone: the write is sent again either way. */
    private void clearFailed(RuntimeException e) {
        if (!(e instanceof ConditionalCheckFailedException)) {
            throw e;
        }
        clearing.poll();
    }
}
