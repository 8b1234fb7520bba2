package dev.keypath.dynamodb.internal.operation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * A conditional write, one request or one transaction, as an {@link Operation} without I/O, for which an expired item
 * is absent: when its condition fails on items that have expired (by the write's own now; DynamoDB hands back each
 * item it found), each is deleted while it is still expired ({@link ExpiredItems#clear}; one rewritten meanwhile
 * stays) and the write is sent again, now meeting no item or the new one. After {@link #MAX_ATTEMPTS} sends, or a
 * failure with no expired item, the failure is translated and thrown. Single use; not thread-safe.
 *
 * @param <Q> the write's request type
 * @param <R> its response type
 * @param <T> the result
 */
final class WriteOverExpired<Q, R, T> implements Operation<T> {
    /** Sends of the write before its failure is final. */
    static final int MAX_ATTEMPTS = 3;

    private final String table;
    private final DynamoApi<Q, R> api;
    private final Supplier<Q> request;
    private final Function<R, T> result;
    private final Function<RuntimeException, List<WriteAction>> expiredIn;
    private final Function<RuntimeException, RuntimeException> translate;
    private final Deque<WriteAction> clearing = new ArrayDeque<>();
    private int attempts;
    private boolean done;
    private T value;

    /**
     * @param request   builds the request of each send (a transaction takes a new idempotency token each time)
     * @param expiredIn the writes whose condition failed on an expired item, from a failure; empty for any other
     * @param translate the failure as the write's typed exception
     */
    WriteOverExpired(String table, DynamoApi<Q, R> api, Supplier<Q> request, Function<R, T> result,
                     Function<RuntimeException, List<WriteAction>> expiredIn,
                     Function<RuntimeException, RuntimeException> translate) {
        this.table = table;
        this.api = api;
        this.request = request;
        this.result = result;
        this.expiredIn = expiredIn;
        this.translate = translate;
    }

    /** A single-item write ({@code PutItem}, {@code UpdateItem}, {@code DeleteItem}) of {@code action}. */
    static <Q, R, T> Operation<T> single(String table, WriteAction action, DynamoApi<Q, R> api, Q request,
                                         Function<R, T> result, Function<RuntimeException, RuntimeException> translate) {
        if (!ExpiredItems.checksExpiry(action)) {
            return Operations.single(api, request, result, translate);
        }
        return new WriteOverExpired<>(table, api, () -> request, result, e -> ExpiredItems.expiredIn(action, e),
                translate);
    }

    @Override
    public Step next() {
        if (done) {
            return Step.DONE;
        }
        if (!clearing.isEmpty()) {
            return new Step.Exchange<>(DynamoApi.DELETE_ITEM, ExpiredItems.clear(table, clearing.peek()),
                    r -> clearing.poll(), this::clearFailed);
        }
        attempts++;
        return new Step.Exchange<>(api, request.get(), r -> {
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
            throw translate.apply(e);
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
