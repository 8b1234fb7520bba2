package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.AsyncReadCheckedTransaction;
import dev.keypath.dynamodb.AsyncReadModifyWrite;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.ReadModifyWrite;
import dev.keypath.dynamodb.RetryBackoff;
import dev.keypath.dynamodb.internal.operation.Operation;
import dev.keypath.dynamodb.internal.operation.TableOperations;
import dev.keypath.dynamodb.internal.operation.UnitAttempts;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs read-modify-write units as one operation ({@link UnitAttempts}, metered as a read-modify-write of its own,
 * {@link TableOperations#readModifyWrite}) that both drivers run, each run's reads and commit inside it: what one run of the
 * unit is (reads and writes through a fresh read-checked transaction, then its commit) is the only part written
 * for each table; when to run it again, after which wait, and with which failure to stop are the operation's.
 * Stateless.
 */
final class ReadModifyWriteRuns {
    /** The waits between runs: up to 5 ms before the first retry, doubled for each further one up to 200 ms. */
    static final RetryBackoff BACKOFF = new RetryBackoff(Duration.ofMillis(5), Duration.ofMillis(200));

    private ReadModifyWriteRuns() {
    }

    static <R> R run(SyncDriver driver, TableOperations operations, int maxAttempts, ReadModifyWrite<R> unit) {
        Operation<R> attempts = operations.readModifyWrite(maxAttempts, BACKOFF);
        Objects.requireNonNull(unit, "unit");
        return driver.run(attempts, () -> {
            ReadCheckedTransaction tx = new SyncReadCheckedTransaction(operations.checkedUnit(attempts), driver);
            R result = unit.run(tx);
            tx.commit();
            return result;
        });
    }

    static <R> CompletableFuture<R> runAsync(AsyncDriver driver, TableOperations operations, int maxAttempts,
                                             AsyncReadModifyWrite<R> unit) {
        AtomicReference<Operation<R>> running = new AtomicReference<>();
        return driver.run(() -> {
            Operation<R> attempts = operations.readModifyWrite(maxAttempts, BACKOFF);
            Objects.requireNonNull(unit, "unit");
            running.set(attempts);
            return attempts;
        }, () -> {
            AsyncReadCheckedTransaction tx = new AsyncReadCheckedTransactionImpl(
                    operations.checkedUnit(running.get()), driver);
            CompletableFuture<R> work = Objects.requireNonNull(unit.run(tx), "the unit returned no future");
            return work.thenCompose(result -> tx.commit().thenApply(stored -> result));
        });
    }
}
