package dev.keypath.dynamodb.internal.client;

import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One call of the asynchronous table: the future its caller holds, and the SDK requests in flight for it (one, or
 * the requests of a concurrent round). Every request of the call goes through {@link #sdk}, which sends nothing
 * once the caller's future is done, and cancelling that future cancels every request in flight. So a cancelled query reads no further page, a cancelled
 * batch sends no further chunk or retry, and a cancelled put whose sequence id is being allocated writes nothing.
 * Thread-safe.
 */
final class AsyncCall {
    private final CompletableFuture<?> result;
    /** The requests sent and not yet answered. */
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();

    private AsyncCall(CompletableFuture<?> result) {
        this.result = result;
    }

    /**
     * Runs {@code body} as one call and returns the caller's future: it completes like the body's future, with a
     * failure unwrapped from {@link java.util.concurrent.CompletionException}; an exception thrown by the body
     * itself (a check before any request) completes it exceptionally too. Never blocks.
     */
    public static <T> CompletableFuture<T> run(Function<AsyncCall, CompletableFuture<T>> body) {
        CompletableFuture<T> result = new CompletableFuture<>();
        AsyncCall call = new AsyncCall(result);
        CompletableFuture<T> work;
        try {
            work = body.apply(call);
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return result;
        }
        work.whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(Futures.unwrap(error));
            }
        });
        result.whenComplete((value, error) -> {
            if (result.isCancelled()) {
                call.cancelInFlight();
            }
        });
        return result;
    }

    /**
     * Sends one SDK request of this call, unless the caller's future is already done (then the returned future
     * fails with {@link CancellationException} and nothing is sent); its failure, unwrapped, goes through
     * {@code translate}.
     */
    public <R> CompletableFuture<R> sdk(Supplier<CompletableFuture<R>> request, Function<Throwable, Throwable> translate) {
        if (result.isDone()) {
            return CompletableFuture.failedFuture(new CancellationException("the call was cancelled"));
        }
        return Futures.sdk(() -> {
            CompletableFuture<R> sent = request.get();
            inFlight.add(sent);
            sent.whenComplete((response, error) -> inFlight.remove(sent));
            if (result.isCancelled()) {
                sent.cancel(true); // cancelled while the request was being sent
            }
            return sent;
        }, translate);
    }

    /** {@link #sdk(Supplier, Function)} without translation. */
    public <R> CompletableFuture<R> sdk(Supplier<CompletableFuture<R>> request) {
        return sdk(request, Function.identity());
    }

    private void cancelInFlight() {
        for (CompletableFuture<?> sent : inFlight) {
            sent.cancel(true);
        }
    }
}
