package dev.keypath.dynamodb.internal.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Future plumbing of the asynchronous table: SDK futures whose failures arrive as the adapter's own exceptions
 * rather than wrapped in a {@link CompletionException}. {@link AsyncCall} sends every request through it. Never
 * blocks.
 */
final class Futures {
    private Futures() {
    }

    /**
     * The SDK call {@code call} with its failure (unwrapped) passed through {@code translate}; an exception the
     * SDK throws instead of returning a failed future is treated alike.
     */
    public static <R> CompletableFuture<R> sdk(Supplier<CompletableFuture<R>> call, Function<Throwable, Throwable> translate) {
        CompletableFuture<R> sdkFuture;
        try {
            sdkFuture = call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(translate.apply(e));
        }
        CompletableFuture<R> out = new CompletableFuture<>();
        sdkFuture.whenComplete((value, error) -> {
            if (error == null) {
                out.complete(value);
            } else {
                out.completeExceptionally(translate.apply(unwrap(error)));
            }
        });
        return out;
    }

    /** {@link #sdk(Supplier, Function)} without translation. */
    public static <R> CompletableFuture<R> sdk(Supplier<CompletableFuture<R>> call) {
        return sdk(call, Function.identity());
    }

    /** The future {@code call} returns, or a failed one if building its request threw (a null argument). */
    static <R> CompletableFuture<R> deferred(Supplier<CompletableFuture<R>> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * A future completing with {@code f} of {@code result}'s value, or failing with the same (unwrapped) exception
     * as {@code result}; cancelling it cancels {@code result}.
     */
    static <A, R> CompletableFuture<R> mapped(CompletableFuture<A> result, Function<A, R> f) {
        CompletableFuture<R> out = new CompletableFuture<>();
        result.whenComplete((value, error) -> {
            if (error != null) {
                out.completeExceptionally(unwrap(error));
                return;
            }
            try {
                out.complete(f.apply(value));
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
            }
        });
        out.whenComplete((value, error) -> {
            if (out.isCancelled()) {
                result.cancel(true);
            }
        });
        return out;
    }

    /** The cause inside {@link CompletionException} / {@link ExecutionException} layers. */
    public static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
