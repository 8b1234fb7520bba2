package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.RetryBackoff;
import dev.keypath.dynamodb.TransactionFailedException;

/**
 * A read-modify-write unit run until it commits, as an {@link Operation}: each attempt is a {@link Step.RunUnit}
 * (the driver runs the caller's unit: reads and writes through a fresh read-checked transaction, then its commit);
 * when an item read changed ({@link ReadConflictException}) or DynamoDB cancelled the commit for a transaction in
 * flight on one of its items ({@code TransactionConflict}), the unit runs again after a {@link RetryBackoff}
 * pause, up to {@code maxAttempts} runs in all. Any other failure ends it at once, as does an interrupt during a
 * pause (with the conflict that caused it). Single use; not thread-safe.
 *
 * @param <R> the unit's result
 */
public final class UnitAttempts<R> implements Operation<R> {
    private final int maxAttempts;
    private final RetryBackoff backoff;
    private int attempt;
    private boolean committed;
    private R result;
    private TransactionFailedException conflict;

    /** @throws IllegalArgumentException when {@code maxAttempts < 1} */
    public UnitAttempts(int maxAttempts, RetryBackoff backoff) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
        this.backoff = backoff;
    }

    @Override
    public Step next() {
        if (committed) {
            return Step.DONE;
        }
        if (conflict != null) {
            TransactionFailedException waitingOn = conflict;
            conflict = null;
            return new Step.Pause(backoff.delay(attempt).toMillis(), () -> waitingOn);
        }
        attempt++;
        return new Step.RunUnit(this::committed, this::failed);
    }

    @Override
    public R result() {
        return result;
    }

    @SuppressWarnings("unchecked")
    private void committed(Object value) {
        result = (R) value;
        committed = true;
    }

    /** Keeps a conflict to retry after a pause; anything else, or the last attempt's conflict, ends the unit. */
    private void failed(RuntimeException error) {
        if (attempt >= maxAttempts || !(error instanceof TransactionFailedException t) || !retryable(t)) {
            throw error;
        }
        conflict = t;
    }

    /** Whether running the unit again can succeed: an item read changed, or another transaction was in flight. */
    static boolean retryable(TransactionFailedException e) {
        return e instanceof ReadConflictException
                || e.failures().stream().anyMatch(f -> "TransactionConflict".equals(f.code()));
    }
}
