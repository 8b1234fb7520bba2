package dev.keypath.test.adapter;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.WriteBatch;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The item calls of either table with one signature, so that one test body runs on both: the synchronous table's
 * own, or the asynchronous table's, awaited, with its failure thrown unwrapped (as the synchronous table throws it).
 */
interface TableCalls {
    /** Which table a parameterized test runs on. */
    enum Kind { SYNC, ASYNC }

    <T> T put(PutItem<T> put);

    <T> Optional<T> delete(DeleteItem<T> delete);

    <T> T update(UpdateItem<T> update);

    <T> UpdateResult<T> updateWithResult(UpdateItem<T> update);

    List<Object> transact(Consumer<Transaction> body);

    List<Object> batchWrite(WriteBatch batch);

    <T> Optional<T> get(Class<T> type, KeyPath keyPath);

    <T> Optional<T> getByAlias(Class<T> type, KeyPath alias);

    long count(ItemQuery query);

    static TableCalls of(Kind kind, KeyPathTable table, KeyPathAsyncTable async) {
        return kind == Kind.SYNC ? of(table) : of(async);
    }

    static TableCalls of(KeyPathTable table) {
        return new TableCalls() {
            @Override
            public <T> T put(PutItem<T> put) {
                return table.put(put);
            }

            @Override
            public <T> Optional<T> delete(DeleteItem<T> delete) {
                return table.delete(delete);
            }

            @Override
            public <T> T update(UpdateItem<T> update) {
                return table.update(update);
            }

            @Override
            public <T> UpdateResult<T> updateWithResult(UpdateItem<T> update) {
                return table.updateWithResult(update);
            }

            @Override
            public List<Object> transact(Consumer<Transaction> body) {
                return table.transact(body);
            }

            @Override
            public List<Object> batchWrite(WriteBatch batch) {
                return table.batchWrite(batch);
            }

            @Override
            public <T> Optional<T> get(Class<T> type, KeyPath keyPath) {
                return table.get(type, keyPath);
            }

            @Override
            public <T> Optional<T> getByAlias(Class<T> type, KeyPath alias) {
                return table.getByAlias(type, alias);
            }

            @Override
            public long count(ItemQuery query) {
                return table.count(query);
            }
        };
    }

    static TableCalls of(KeyPathAsyncTable async) {
        return new TableCalls() {
            @Override
            public <T> T put(PutItem<T> put) {
                return join(async.put(put));
            }

            @Override
            public <T> Optional<T> delete(DeleteItem<T> delete) {
                return join(async.delete(delete));
            }

            @Override
            public <T> T update(UpdateItem<T> update) {
                return join(async.update(update));
            }

            @Override
            public <T> UpdateResult<T> updateWithResult(UpdateItem<T> update) {
                return join(async.updateWithResult(update));
            }

            @Override
            public List<Object> transact(Consumer<Transaction> body) {
                return join(async.transact(body));
            }

            @Override
            public List<Object> batchWrite(WriteBatch batch) {
                return join(async.batchWrite(batch));
            }

            @Override
            public <T> Optional<T> get(Class<T> type, KeyPath keyPath) {
                return join(async.get(type, keyPath));
            }

            @Override
            public <T> Optional<T> getByAlias(Class<T> type, KeyPath alias) {
                return join(async.getByAlias(type, alias));
            }

            @Override
            public long count(ItemQuery query) {
                return join(async.count(query));
            }
        };
    }

    /** The future's value, or its failure's cause thrown as the synchronous table would throw it. */
    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.get(AsyncResults.TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("future did not complete", e);
        }
    }
}
