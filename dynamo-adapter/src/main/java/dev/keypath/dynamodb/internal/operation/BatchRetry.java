package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * One batch call's way through its request chunks, as an {@link Operation}: sends each chunk, resends what
 * DynamoDB left unprocessed or refused with throttling after a {@link Backoff} pause, and gives up with
 * {@link BatchIncompleteException} (listing every key path not done) once the deadline has passed, or when the
 * synchronous caller's thread is interrupted during a pause. Single use; not thread-safe.
 *
 * @param <E> one element of a request: a write request or a key
 * @param <Q> the request of one call
 * @param <P> its response
 */
final class BatchRetry<E, Q, P> implements Operation<Void> {
    private final String operation;
    private final List<List<E>> chunks;
    private final Function<E, KeyPath> keyPathOf;
    private final BatchPolicy policy;
    private final Backoff backoff;
    private final DynamoApi<Q, P> api;
    private final Function<List<E>, Q> request;
    private final Function<P, List<E>> unprocessed;
    private int chunk;
    private List<E> pending;
    private boolean retryDue;
    private AwsServiceException lastThrottle;

    /**
     * @param operation   names the call in the deadline error, e.g. "Batch write"
     * @param keyPathOf   the key path of a request element, for that error
     * @param request     the request carrying some pending elements
     * @param unprocessed the elements a response left unprocessed
     */
    public BatchRetry(String operation, List<List<E>> chunks, Function<E, KeyPath> keyPathOf, BatchPolicy policy,
               DynamoApi<Q, P> api, Function<List<E>, Q> request, Function<P, List<E>> unprocessed) {
        this.operation = operation;
        this.chunks = chunks;
        this.keyPathOf = keyPathOf;
        this.policy = policy;
        this.backoff = new Backoff(policy);
        this.api = api;
        this.request = request;
        this.unprocessed = unprocessed;
        this.pending = chunks.isEmpty() ? List.of() : chunks.get(0);
    }

    /**
     * {@code elements} cut into consecutive chunks of at most {@code size} (25 puts or deletes, 100 keys), in order:
     * the requests of one batch call. Pure.
     */
    static <E> List<List<E>> chunks(List<E> elements, int size) {
        List<List<E>> chunks = new ArrayList<>((elements.size() + size - 1) / size);
        for (int from = 0; from < elements.size(); from += size) {
            chunks.add(elements.subList(from, Math.min(elements.size(), from + size)));
        }
        return chunks;
    }

    @Override
    public Step next() {
        if (pending.isEmpty()) {
            return Step.DONE;
        }
        if (retryDue) {
            retryDue = false;
            return new Step.Pause(nextDelayMillis(), this::incomplete);
        }
        return new Step.Exchange<>(api, request.apply(pending), r -> retryDue = answered(unprocessed.apply(r)),
                e -> retryDue = throttled(e));
    }

    @Override
    public Void result() {
        return null;
    }

    /** Records a response's unprocessed elements; true if they must be sent again after a wait. */
    private boolean answered(List<E> left) {
        if (!left.isEmpty()) {
            pending = left;
            return true;
        }
        chunk++;
        pending = chunk < chunks.size() ? chunks.get(chunk) : List.of();
        return false;
    }

    /** True for a throttling failure, to be retried after a wait; anything else is rethrown as it is. */
    private boolean throttled(RuntimeException error) {
        if (error instanceof AwsServiceException e && Backoff.isThrottling(e)) {
            lastThrottle = e;
            return true;
        }
        throw error;
    }

    /** The next wait; {@link BatchIncompleteException} once the deadline has passed. */
    private long nextDelayMillis() {
        long delay = backoff.nextDelayMillis();
        if (delay < 0) {
            throw incomplete();
        }
        return delay;
    }

    private BatchIncompleteException incomplete() {
        List<KeyPath> left = new ArrayList<>();
        pending.forEach(r -> left.add(keyPathOf.apply(r)));
        for (int rest = chunk + 1; rest < chunks.size(); rest++) {
            chunks.get(rest).forEach(r -> left.add(keyPathOf.apply(r)));
        }
        return new BatchIncompleteException(operation + " deadline of " + policy.deadline() + " passed after "
                + backoff.attempts() + " retries", left, lastThrottle);
    }
}
