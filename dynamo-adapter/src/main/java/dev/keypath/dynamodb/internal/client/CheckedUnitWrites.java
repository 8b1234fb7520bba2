package dev.keypath.dynamodb.internal.client;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.internal.operation.CheckedUnit;

/**
 * The writes of a read-checked transaction, declared on its {@link CheckedUnit}: the part the synchronous and
 * the asynchronous transaction share (they differ only in how reads and the commit are run). Not thread-safe.
 */
abstract class CheckedUnitWrites implements Transaction {
    final CheckedUnit unit;

    CheckedUnitWrites(CheckedUnit unit) {
        this.unit = unit;
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
}
