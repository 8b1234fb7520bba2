package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.internal.operation.CheckedUnit;
import java.util.List;
import java.util.Optional;

/** A {@link CheckedUnit} run by the synchronous table's driver. Not thread-safe. */
final class SyncReadCheckedTransaction extends CheckedUnitWrites implements ReadCheckedTransaction {
    private final SyncDriver driver;

    SyncReadCheckedTransaction(CheckedUnit unit, SyncDriver driver) {
        super(unit);
        this.driver = driver;
    }

    @Override
    public <T> Optional<T> read(Class<T> type, KeyPath keyPath) {
        return driver.run(unit.read(type, keyPath));
    }

    @Override
    public List<Object> commit() {
        return driver.run(unit.commit());
    }

    @Override
    public String toString() {
        return "ReadCheckedTransaction[read " + unit.readKeys() + "]";
    }
}
