package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.AsyncReadCheckedTransaction;
import dev.keypath.dynamodb.AsyncReadModifyWrite;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.ReadModifyWrite;
import dev.keypath.dynamodb.RetryBackoff;
import dev.keypath.dynamodb.TransactionFailedException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs read-modify-write units: reads and writes through a fresh read-checked transaction, then its commit; with
 * retries, the whole unit runs again after a capped exponential backoff with full jitter when an item read
 * changed ({@link ReadConflictException}) or DynamoDB cancelled the commit for a transaction in flight on one of
 * its items ({@code TransactionConflict}). Other failures end the run at once. Stateless.
 */
final class ReadModifyWriteRuns {
    /** The waits between runs: up to 5 ms before the first retry, doubled for each further one up to 200 ms. */
    static final RetryBackoff BACKOFF = new RetryBackoff(Duration.ofMillis(5), Duration.ofMillis(200));

    private ReadModifyWriteRuns() {
    }

    static <R> R run(Supplier<ReadCheckedTransaction> begin, int maxAttempts, ReadModifyWrite<R> unit) {
        checkAttempts(maxAttempts);
        Objects.requireNonNull(unit, "unit");
        for (int attempt = 1; ; attempt++) {
            try {
                ReadCheckedTransaction tx = begin.get();
                R result = unit.run(tx);
                tx.commit();
                return result;
            } catch (TransactionFailedException e) {
                if (attempt >= maxAttempts || !retryable(e)) {
                    throw e;
                }
                try {
                    Thread.sleep(backoffMillis(attempt));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    static <R> CompletableFuture<R> runAsync(Supplier<AsyncReadCheckedTransaction> begin, int maxAttempts,
                                             AsyncReadModifyWrite<R> unit) {
        try {
            checkAttempts(maxAttempts);
            Objects.requireNonNull(unit, "unit");
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return attempt(begin, maxAttempts, unit, 1);
    }

    private static <R> CompletableFuture<R> attempt(Supplier<AsyncReadCheckedTransaction> begin, int maxAttempts,
                                                    AsyncReadModifyWrite<R> unit, int attempt) {
        CompletableFuture<R> once;
        try {
            AsyncReadCheckedTransaction tx = begin.get();
            CompletableFuture<R> work = Objects.requireNonNull(unit.run(tx), "the unit returned no future");
            once = work.thenCompose(result -> tx.commit().thenApply(stored -> result));
        } catch (RuntimeException e) {
            once = CompletableFuture.failedFuture(e);
        }
        return once.handle((result, error) -> {
            if (error == null) {
                return CompletableFuture.completedFuture(result);
            }
            Throwable cause = Futures.unwrap(error);
            if (attempt >= maxAttempts || !(cause instanceof TransactionFailedException t) || !retryable(t)) {
                return CompletableFuture.<R>failedFuture(cause);
            }
            return CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(backoffMillis(attempt),
                    TimeUnit.MILLISECONDS)).thenCompose(ignored -> attempt(begin, maxAttempts, unit, attempt + 1));
        }).thenCompose(f -> f);
    }

    /** Whether running the unit again can succeed: an item read changed, or another transaction was in flight. */
    static boolean retryable(TransactionFailedException e) {
        return e instanceof ReadConflictException
                || e.failures().stream().anyMatch(f -> "TransactionConflict".equals(f.code()));
    }

    /** A random pause before retry {@code attempt} (from 1), in milliseconds. */
    static long backoffMillis(int attempt) {
        return BACKOFF.delay(attempt).toMillis();
    }

    private static void checkAttempts(int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
    }
}
