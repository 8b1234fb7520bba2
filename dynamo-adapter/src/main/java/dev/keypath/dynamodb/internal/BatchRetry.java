package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * One batch call's way through its request chunks: sends each chunk, resends what DynamoDB left unprocessed or
 * refused with throttling after a {@link Backoff} wait, and gives up with {@link BatchIncompleteException}
 * (listing every key path not done) once the deadline has passed. The synchronous table drives it with
 * {@link #run}, blocking and sleeping; the asynchronous one with {@link #runAsync}, chaining futures and waiting
 * on a delayed executor. Both see the same chunking, retries and errors. Single use; not thread-safe (the async
 * driver touches it from one stage at a time).
 *
 * @param <R> one element of a request: a write request or a key
 */
final class BatchRetry<R> {
    private final String operation;
    private final List<List<R>> chunks;
    private final Function<R, KeyPath> keyPathOf;
    private final BatchPolicy policy;
    private final Backoff backoff;
    private int chunk;
    private List<R> pending;
    private AwsServiceException lastThrottle;

    /**
     * @param operation  names the call in the deadline error, e.g. "Batch write"
     * @param keyPathOf  the key path of a request element, for that error
     */
    BatchRetry(String operation, List<List<R>> chunks, Function<R, KeyPath> keyPathOf, BatchPolicy policy) {
        this.operation = operation;
        this.chunks = chunks;
        this.keyPathOf = keyPathOf;
        this.policy = policy;
        this.backoff = new Backoff(policy);
        this.pending = chunks.isEmpty() ? List.of() : chunks.get(0);
    }

    /**
     * Sends every chunk on the calling thread. {@code send} makes one call of the pending elements; {@code accept}
     * takes its response and returns the elements DynamoDB left unprocessed.
     */
    <P> void run(Function<List<R>, P> send, Function<P, List<R>> accept) {
        while (!pending.isEmpty()) {
            boolean retry;
            try {
                retry = answered(accept.apply(send.apply(pending)));
            } catch (AwsServiceException e) {
                retry = throttled(e);
            }
            if (retry) {
                sleep(nextDelayMillis());
            }
        }
    }

    /**
     * {@link #run} without blocking: {@code send} returns the request's future from {@link AsyncCall#sdk}, which
     * never throws, unwraps failures and sends nothing once the call is cancelled; waits run on a delayed executor.
     */
    <P> CompletableFuture<Void> runAsync(Function<List<R>, CompletableFuture<P>> send, Function<P, List<R>> accept) {
        if (pending.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return send.apply(pending).handle((response, error) -> {
            boolean retry = error == null ? answered(accept.apply(response)) : throttled(error);
            return retry ? nextDelayMillis() : 0L;
        }).thenCompose(delay -> delay > 0
                ? CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS))
                        .thenCompose(ignored -> runAsync(send, accept))
                : runAsync(send, accept));
    }

    /** Records a response's unprocessed elements; true if they must be sent again after a wait. */
    private boolean answered(List<R> unprocessed) {
        if (!unprocessed.isEmpty()) {
            pending = unprocessed;
            return true;
        }
        chunk++;
        pending = chunk < chunks.size() ? chunks.get(chunk) : List.of();
        return false;
    }

    /** True for a throttling failure, to be retried after a wait; anything else is rethrown as it is. */
    private boolean throttled(Throwable error) {
        if (error instanceof AwsServiceException e && Backoff.isThrottling(e)) {
            lastThrottle = e;
            return true;
        }
        if (error instanceof RuntimeException e) {
            throw e;
        }
        if (error instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(error);
    }

    /** The next wait; {@link BatchIncompleteException} once the deadline has passed. */
    private long nextDelayMillis() {
        long delay = backoff.nextDelayMillis();
        if (delay < 0) {
            throw incomplete();
        }
        return delay;
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw incomplete();
        }
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
