package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.internal.operation.CheckedUnit;
import java.util.List;
import java.util.Optional;

/** A {@link CheckedUnit} run by the synchronous table's driver. Not thread-safe. */
final class SyncReadCheckedTransaction implements ReadCheckedTransaction {
    private final CheckedUnit unit;
    private final SyncDriver driver;

    SyncReadCheckedTransaction(CheckedUnit unit, SyncDriver driver) {
        this.unit = unit;
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
    public Transaction put(PutItem<?> put) {
        unit.put(put);
        return this;
    }

    @Override
    public Transaction delete(DeleteItem<?> delete) {
        unit.delete(delete);
        return this;
    }

    @Override
    public Transaction update(UpdateItem<?> update) {
        unit.update(update);
        return this;
    }

    @Override
    public Transaction conditionCheck(Class<?> type, KeyPath keyPath, Condition condition) {
        unit.conditionCheck(type, keyPath, condition);
        return this;
    }

    @Override
    public String toString() {
        return "ReadCheckedTransaction[read " + unit.readKeys() + "]";
    }
}
