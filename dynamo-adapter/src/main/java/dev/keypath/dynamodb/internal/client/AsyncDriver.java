package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.internal.operation.Operation;
import dev.keypath.dynamodb.internal.operation.Step;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Runs {@link Operation}s over a {@link DynamoDbAsyncClient} as a chain of futures: each request is sent when the
 * previous response has been taken, pauses wait on a delayed executor, and no thread is ever blocked. Every
 * request goes through {@link AsyncCall}, so cancelling the returned future cancels the request in flight and
 * sends nothing more. Immutable and thread-safe.
 */
public final class AsyncDriver {
    private final DynamoDbAsyncClient client;

    public AsyncDriver(DynamoDbAsyncClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    public DynamoDbAsyncClient client() {
        return client;
    }

    /**
     * Builds the operation and runs it; the future completes with its result or with its exception (unwrapped).
     * An exception thrown while building it (a check before any request) fails the future too.
     */
    public <T> CompletableFuture<T> run(Supplier<Operation<T>> operation) {
        return run(operation, null);
    }

    /**
     * Builds the operation and runs it, carrying out each {@link Step.RunUnit} with {@code unit} (one run of a
     * caller's unit, as a future); the future completes with its result or with its exception (unwrapped).
     */
    public <T> CompletableFuture<T> run(Supplier<Operation<T>> operation,
                                        Supplier<? extends CompletableFuture<?>> unit) {
        return AsyncCall.run(call -> {
            Operation<T> running = operation.get();
            return drive(call, running, unit).whenComplete((value, error) -> {
                if (error != null) { // ends a metered operation that this failure bypassed
                    running.abandon(Futures.unwrap(error));
                }
            });
        });
    }

    private <T> CompletableFuture<T> drive(AsyncCall call, Operation<T> operation,
                                           Supplier<? extends CompletableFuture<?>> unit) {
        Step step;
        try {
            step = operation.next();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (step == Step.DONE) {
            return CompletableFuture.completedFuture(operation.result());
        }
        CompletableFuture<Void> done;
        if (step instanceof Step.Exchange<?, ?> exchange) {
            done = send(call, exchange);
        } else if (step instanceof Step.Concurrent concurrent) {
            done = ConcurrentExchanges.send(call, client, concurrent);
        } else if (step instanceof Step.RunUnit run) {
            done = runUnit(call, run, unit);
        } else {
            done = CompletableFuture.runAsync(() -> { },
                    CompletableFuture.delayedExecutor(((Step.Pause) step).millis(), TimeUnit.MILLISECONDS));
        }
        return done.thenCompose(ignored -> drive(call, operation, unit));
    }

    private <Q, R> CompletableFuture<Void> send(AsyncCall call, Step.Exchange<Q, R> exchange) {
        return call.sdk(() -> exchange.api().call(client, exchange.request())).handle((response, error) -> {
            if (error == null) {
                exchange.onResponse().accept(response);
            } else if (error instanceof RuntimeException e) {
                exchange.onFailure().accept(e);
            } else {
                throw new CompletionException(error);
            }
            return null;
        });
    }

    /** One run of the unit, sent through the call like a request: nothing runs once the caller's future is done. */
    @SuppressWarnings("unchecked")
    private static CompletableFuture<Void> runUnit(AsyncCall call, Step.RunUnit run,
                                                   Supplier<? extends CompletableFuture<?>> unit) {
        Objects.requireNonNull(unit, "the operation runs a unit but none was given");
        return call.sdk(() -> (CompletableFuture<Object>) unit.get()).handle((result, error) -> {
            if (error == null) {
                run.onResult().accept(result);
            } else if (Futures.unwrap(error) instanceof RuntimeException e) {
                run.onFailure().accept(e);
            } else {
                throw new CompletionException(Futures.unwrap(error));
            }
            return null;
        });
    }
}
