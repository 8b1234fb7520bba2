package dev.keypath.spring;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.spring.mapping.BeforeSaveCallback;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.util.Assert;

/**
 * The default {@link KeyPathDynamoOperations}: delegates to a {@link KeyPathTable} and translates every failure
 * with one {@link KeyPathExceptionTranslator}. Not to be confused with the core's
 * {@link dev.keypath.KeyPathTemplate}, which binds key-path patterns.
 *
 * <pre>{@code
 * DefaultKeyPathDynamoOperations ops = new DefaultKeyPathDynamoOperations(table);
 * Post saved = ops.insert(new Post(userId, 0, "hello"));
 * ItemCollection timeline = ops.findSubtree(KeyPath.of("user", userId));
 * }</pre>
 *
 * <p>Thread-safe.
 */
public class DefaultKeyPathDynamoOperations implements KeyPathDynamoOperations {
    private final KeyPathTable table;
    private final KeyPathExceptionTranslator translator;
    private volatile EntityCallbacks entityCallbacks;

    /** Creates the operations over {@code table} with the default translator. */
    public DefaultKeyPathDynamoOperations(KeyPathTable table) {
        this(table, new KeyPathExceptionTranslator());
    }

    /** Creates the operations over {@code table} with {@code translator}; both required. */
    public DefaultKeyPathDynamoOperations(KeyPathTable table, KeyPathExceptionTranslator translator) {
        Assert.notNull(table, "table must not be null");
        Assert.notNull(translator, "translator must not be null");
        this.table = table;
        this.translator = translator;
    }

    @Override
    public KeyPathTable table() {
        return table;
    }

    /**
     * The callbacks run on each item before it is saved or inserted ({@link BeforeSaveCallback}s, auditing among
     * them); none by default, the auto-configured bean uses the context's.
     */
    public void setEntityCallbacks(EntityCallbacks entityCallbacks) {
        this.entityCallbacks = entityCallbacks;
    }

    /** The translator in use. */
    public KeyPathExceptionTranslator exceptionTranslator() {
        return translator;
    }

    @Override
    public <T> Optional<T> findByAlias(Class<T> type, KeyPath alias) {
        Assert.notNull(type, "type must not be null");
        Assert.notNull(alias, "alias must not be null");
        return call(t -> t.getByAlias(type, alias), false);
    }

    @Override
    public <T> Optional<T> findById(Class<T> type, KeyPath keyPath) {
        Assert.notNull(type, "type must not be null");
        Assert.notNull(keyPath, "keyPath must not be null");
        PendingWrites unit = PendingWrites.current(table);
        if (unit != null) {
            return call(t -> unit.read(t, type, keyPath), false);
        }
        return call(t -> t.get(type, keyPath), false);
    }

    @Override
    public <T> List<T> findAllById(Class<T> type, Collection<KeyPath> keyPaths) {
        Assert.notNull(type, "type must not be null");
        Assert.notNull(keyPaths, "keyPaths must not be null");
        if (keyPaths.isEmpty()) {
            return List.of();
        }
        PendingWrites unit = PendingWrites.current(table);
        if (unit != null) { // each item read and recorded for the commit's check
            return call(t -> keyPaths.stream().flatMap(k -> unit.read(t, type, k).stream()).toList(), false);
        }
        return call(t -> t.batchGet(type, keyPaths), false);
    }

    @Override
    public <T> T save(T item) {
        return put(item, PutMode.REPLACE);
    }

    @Override
    public <T> T insert(T item) {
        return put(item, PutMode.CREATE_ONLY);
    }

    private <T> T put(T given, PutMode mode) {
        Assert.notNull(given, "item must not be null");
        EntityCallbacks callbacks = entityCallbacks;
        T item = callbacks == null ? given : callbacks.callback(BeforeSaveCallback.class, given);
        PendingWrites unit = PendingWrites.current(table);
        if (unit != null) {
            // ids are generated now, so the caller sees them before the commit; a generated id is a new item
            T withIds = call(t -> t.withGeneratedIds(item), false);
            PutMode recorded = withIds != item ? PutMode.CREATE_ONLY : mode;
            unit.add(describe("put", withIds), recorded == PutMode.CREATE_ONLY, tx -> tx.put(withIds, recorded));
            return withIds;
        }
        return call(t -> t.put(item, mode), mode == PutMode.CREATE_ONLY);
    }

    @Override
    public void delete(Object item) {
        Assert.notNull(item, "item must not be null");
        PendingWrites unit = PendingWrites.current(table);
        if (unit != null) {
            unit.add(describe("delete", item), false, tx -> tx.delete(item));
            return;
        }
        call(t -> {
            t.delete(item);
            return null;
        }, false);
    }

    @Override
    public void deleteById(Class<?> type, KeyPath keyPath) {
        Assert.notNull(type, "type must not be null");
        Assert.notNull(keyPath, "keyPath must not be null");
        PendingWrites unit = PendingWrites.current(table);
        if (unit != null) {
            unit.add("delete " + type.getSimpleName() + " " + keyPath, false, tx -> tx.delete(type, keyPath));
            return;
        }
        call(t -> {
            t.delete(type, keyPath);
            return null;
        }, false);
    }

    @Override
    public <T> T update(Class<T> type, KeyPath keyPath, UpdateSpec update) {
        Assert.notNull(type, "type must not be null");
        Assert.notNull(keyPath, "keyPath must not be null");
        Assert.notNull(update, "update must not be null");
        PendingWrites unit = PendingWrites.current(table);
        if (unit != null) {
            unit.add("update " + type.getSimpleName() + " " + keyPath, false, tx -> tx.update(type, keyPath, update));
            return null;
        }
        return call(t -> t.update(type, keyPath, update), false);
    }

    @Override
    public <T> T update(UpdateItem<T> update) {
        Assert.notNull(update, "update must not be null");
        if (joinUnit(update)) {
            return null;
        }
        return call(t -> t.update(update), false);
    }

    @Override
    public <T> UpdateResult<T> updateWithResult(UpdateItem<T> update) {
        Assert.notNull(update, "update must not be null");
        if (joinUnit(update)) {
            return null;
        }
        return call(t -> t.updateWithResult(update), false);
    }

    /** Adds {@code update} to the current unit of work, if there is one; whether it did. */
    private boolean joinUnit(UpdateItem<?> update) {
        PendingWrites unit = PendingWrites.current(table);
        if (unit == null) {
            return false;
        }
        UpdateItem.Returning returning = update.returning();
        if (returning != UpdateItem.Returning.NEW && returning != UpdateItem.Returning.NONE) {
            throw new InvalidDataAccessApiUsageException("a unit of work returns no items; returning(" + returning
                    + ") cannot be used in one: " + update);
        }
        unit.add("update " + update.type().getSimpleName() + " " + update.keyPath(), false, tx -> tx.update(update));
        return true;
    }

    @Override
    public Page<Object> query(ItemQuery query) {
        Assert.notNull(query, "query must not be null");
        return call(t -> t.query(query), false);
    }

    @Override
    public <P> Page<P> query(dev.keypath.dynamodb.Projection<P> projection, ItemQuery query) {
        Assert.notNull(projection, "projection must not be null");
        Assert.notNull(query, "query must not be null");
        return call(t -> t.query(projection, query), false);
    }

    @Override
    public long count(ItemQuery query) {
        Assert.notNull(query, "query must not be null");
        return call(t -> t.count(query), false);
    }

    @Override
    public ItemCollection findSubtree(KeyPath prefix) {
        Assert.notNull(prefix, "prefix must not be null");
        List<Object> items = new ArrayList<>();
        String token = null;
        do {
            String pageToken = token;
            Page<Object> page = query(ItemQuery.of(q -> q.subtree(prefix).pageToken(pageToken)));
            items.addAll(page.items());
            token = page.nextPageToken();
        } while (token != null);
        return new ItemCollection(items);
    }

    @Override
    public <R> R execute(Function<KeyPathTable, R> action) {
        Assert.notNull(action, "action must not be null");
        return call(action, false);
    }

    private <R> R call(Function<KeyPathTable, R> action, boolean createOnly) {
        try {
            return action.apply(table);
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException(e.getMessage(), e);
        } catch (RuntimeException e) {
            DataAccessException translated = translator.translate(e, createOnly);
            throw translated != null ? translated : e;
        }
    }

    private String describe(String action, Object item) {
        String where;
        try {
            where = table.keyPathOf(item).toString();
        } catch (RuntimeException e) {
            where = "(key path assigned at commit)";
        }
        return action + " " + item.getClass().getSimpleName() + " " + where;
    }
}
