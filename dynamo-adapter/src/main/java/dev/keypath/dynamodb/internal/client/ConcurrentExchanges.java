package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.internal.operation.Step;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Carries out a {@link Step.Concurrent} on the asynchronous client: at most {@code maxInFlight} requests at a time,
 * each next one sent as one before it is answered; once all are answered, each exchange's callback runs, in list
 * order, on the thread that took the last answer. Every request goes through the call's {@link AsyncCall}, so none
 * is sent once the caller's future is done. Stateless.
 */
final class ConcurrentExchanges {
    private ConcurrentExchanges() {
    }

    /** Sends the step's requests; the future completes when every callback has run (or one threw). */
    static CompletableFuture<Void> send(AsyncCall call, DynamoDbAsyncClient client, Step.Concurrent step) {
        List<Step.Exchange<?, ?>> exchanges = step.exchanges();
        Object[] responses = new Object[exchanges.size()];
        Throwable[] failures = new Throwable[exchanges.size()];
        AtomicInteger next = new AtomicInteger();
        int lanes = Math.min(step.maxInFlight(), exchanges.size());
        CompletableFuture<?>[] running = new CompletableFuture<?>[lanes];
        for (int lane = 0; lane < lanes; lane++) {
            running[lane] = lane(call, client, exchanges, responses, failures, next);
        }
        return CompletableFuture.allOf(running).thenRun(() -> {
            for (int i = 0; i < exchanges.size(); i++) {
                deliver(exchanges.get(i), responses[i], failures[i]);
            }
        });
    }

    /** One lane: sends the next unsent request, and on its answer the one after, until none is left. */
    private static CompletableFuture<Void> lane(AsyncCall call, DynamoDbAsyncClient client,
                                                List<Step.Exchange<?, ?>> exchanges, Object[] responses,
                                                Throwable[] failures, AtomicInteger next) {
        int i = next.getAndIncrement();
        if (i >= exchanges.size()) {
            return CompletableFuture.completedFuture(null);
        }
        return request(call, client, exchanges.get(i)).handle((response, error) -> {
            responses[i] = response;
            failures[i] = error;
            return null;
        }).thenCompose(ignored -> lane(call, client, exchanges, responses, failures, next));
    }

    private static <Q, R> CompletableFuture<Object> request(AsyncCall call, DynamoDbAsyncClient client,
                                                            Step.Exchange<Q, R> exchange) {
        return call.sdk(() -> exchange.api().call(client, exchange.request())).thenApply(r -> r);
    }

    @SuppressWarnings("unchecked")
    private static <Q, R> void deliver(Step.Exchange<Q, R> exchange, Object response, Throwable error) {
        if (error == null) {
            exchange.onResponse().accept((R) response);
            return;
        }
        Throwable cause = Futures.unwrap(error);
        if (cause instanceof RuntimeException e) {
            exchange.onFailure().accept(e);
        } else {
            throw new CompletionException(cause);
        }
    }
}
