package dev.keypath.test.model;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The system under test: one table through {@link KeyPathTable} and through {@link KeyPathAsyncTable}. A command runs
 * on the one its {@code async} flag names; an async failure is unwrapped to the exception the sync table would
 * throw.
 *
 * @param table the sync table
 * @param async the async table on the same DynamoDB table
 */
record Sut(KeyPathTable table, KeyPathAsyncTable async) {
    /** Runs {@code sync} or {@code async}, and gives its result in the form {@code shape} makes, or its failure. */
    <T> Outcome call(boolean useAsync, Supplier<T> sync, Supplier<CompletableFuture<T>> asyncCall,
                     Function<? super T, Object> shape) {
        try {
            T value = useAsync ? join(asyncCall.get()) : sync.get();
            return Outcome.of(shape.apply(value));
        } catch (RuntimeException e) {
            return Outcome.failed(e);
        }
    }

    <T> Outcome call(boolean useAsync, Supplier<T> sync, Supplier<CompletableFuture<T>> asyncCall) {
        return call(useAsync, sync, asyncCall, v -> v);
    }

    static <T> T join(CompletableFuture<T> future) {
        try {
            return future.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw unwrapped(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("an async call took over 60 s", e);
        }
    }

    private static RuntimeException unwrapped(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t instanceof RuntimeException r ? r : new IllegalStateException(t);
    }
}
