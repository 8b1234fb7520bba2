package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AsyncReadCheckedTransaction;
import dev.keypath.dynamodb.internal.operation.CheckedUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link CheckedUnit} run by the asynchronous table's driver: reads and the commit are futures; a failure
 * while building a request completes the future rather than being thrown. Reads may run concurrently.
 */
final class AsyncReadCheckedTransactionImpl extends CheckedUnitWrites implements AsyncReadCheckedTransaction {
    private final AsyncDriver driver;

    AsyncReadCheckedTransactionImpl(CheckedUnit unit, AsyncDriver driver) {
        super(unit);
        this.driver = driver;
    }

    @Override
    public <T> CompletableFuture<Optional<T>> read(Class<T> type, KeyPath keyPath) {
        return driver.run(() -> unit.read(type, keyPath));
    }

    @Override
    public CompletableFuture<List<Object>> commit() {
        return driver.run(unit::commit);
    }

    @Override
    public String toString() {
        return "AsyncReadCheckedTransaction[read " + unit.readKeys() + "]";
    }
}
