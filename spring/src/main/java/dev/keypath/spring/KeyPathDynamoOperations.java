package dev.keypath.spring;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Spring-facing operations on one key-path table: the layer between repositories and the adapter's
 * {@link KeyPathTable}. Every failure is a Spring {@link org.springframework.dao.DataAccessException} (see
 * {@link KeyPathExceptionTranslator}); arguments documented as required throw {@link IllegalArgumentException}
 * when {@code null}.
 *
 * <p>Writes ({@link #save}, {@link #insert}, {@link #delete}, {@link #deleteById}) join the current unit of
 * work when one is active on the calling thread ({@link KeyPathTransactions} or {@code @Transactional}
 * with {@link KeyPathTransactionManager}): they are then collected, return their argument unchanged, and are
 * committed together as one DynamoDB transaction. Reads always go straight to the table.
 *
 * <p>Implementations are thread-safe.
 */
public interface KeyPathDynamoOperations {

    /** The adapter table behind these operations. */
    KeyPathTable table();

    /**
     * Reads the item of {@code type} at {@code keyPath} ({@code GetItem}, at the table's
     * {@linkplain KeyPathTable#readConsistency() read consistency}, eventual unless
     * {@code keypath.dynamodb.read-consistency=strong}; strongly consistent inside a unit of work, which checks it at
     * commit).
     *
     * @param type    a registered item type, required
     * @param keyPath the item's key path, required
     * @return the item, or empty if absent or expired
     */
    <T> Optional<T> findById(Class<T> type, KeyPath keyPath);

    /**
     * Reads the item of {@code type} that holds the alternate key path {@code alias}
     * ({@link dev.keypath.dynamodb.annotation.UniqueKeyPath}), through its alias item (strongly consistent).
     *
     * @param type  a registered item type with unique key paths, required
     * @param alias the alternate key path, e.g. {@code /email-a@example.com}, required
     * @return the item, or empty if no item holds the alias
     */
    <T> Optional<T> findByAlias(Class<T> type, KeyPath alias);

    /** Whether an item of {@code type} exists at {@code keyPath}. @see #findById */
    default boolean existsById(Class<?> type, KeyPath keyPath) {
        return findById(type, keyPath).isPresent();
    }

    /**
     * Reads several items of one type ({@code BatchGetItem}); absent ones are skipped, order follows
     * {@code keyPaths}.
     */
    <T> List<T> findAllById(Class<T> type, Collection<KeyPath> keyPaths);

    /**
     * Writes {@code item} whether or not it exists ({@code PutItem}), generating unset auto ids and checking and
     * bumping the version of versioned types.
     *
     * @return the item as stored (or {@code item} itself inside a unit of work)
     * @throws org.springframework.dao.OptimisticLockingFailureException if the version check fails
     */
    <T> T save(T item);

    /**
     * Writes {@code item} only if no item exists at its key path.
     *
     * @return the item as stored (or {@code item} itself inside a unit of work)
     * @throws org.springframework.dao.DuplicateKeyException if an item already exists there
     */
    <T> T insert(T item);

    /**
     * Deletes {@code item}; for versioned types only if the stored version equals the item's.
     *
     * @throws org.springframework.dao.OptimisticLockingFailureException if the version check fails
     */
    void delete(Object item);

    /** Deletes the item of {@code type} at {@code keyPath} without a version check; absent items are ignored. */
    void deleteById(Class<?> type, KeyPath keyPath);

    /**
     * Updates attributes of the existing item of {@code type} at {@code keyPath} in place ({@code UpdateItem}):
     * an {@code add} is an atomic counter that never conflicts with another writer's; a versioned type's version
     * is bumped, and checked only when the spec says {@code expectedVersion}. Inside a unit of work the update is
     * sent with the unit's other writes at commit.
     *
     * @return the item after the update, or {@code null} inside a unit of work
     * @throws org.springframework.dao.DataIntegrityViolationException if no item exists or a condition fails
     */
    <T> T update(Class<T> type, KeyPath keyPath, UpdateSpec update);

    /**
     * Applies {@code update} ({@code UpdateItem}) with its mode and return value: nested paths, list and set
     * changes, arithmetic, and {@link UpdateItem.Mode#UPSERT upserts} that create a missing item; see
     * {@link KeyPathTable#update(UpdateItem)}. Inside a unit of work the update is sent with the unit's other writes
     * at commit, and only {@code Returning.NEW} (the default) and {@code NONE} are accepted.
     *
     * @param update required
     * @return the whole item after or before the update as {@code returning} asks, or {@code null} (return value
     *         {@code NONE}, an upsert's {@code OLD}, or inside a unit of work)
     * @throws org.springframework.dao.DataIntegrityViolationException if no item exists (without upsert) or a
     *         condition fails
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException if a path does not fit the type or
     *         DynamoDB refuses a change for the stored item
     */
    <T> T update(UpdateItem<T> update);

    /**
     * {@link #update(UpdateItem)} handing back whatever its return value asks for, including only the written
     * attributes ({@code UPDATED_NEW}, {@code UPDATED_OLD}); see {@link KeyPathTable#updateWithResult(UpdateItem)}.
     *
     * @param update required
     * @return the result, or {@code null} inside a unit of work
     */
    <T> UpdateResult<T> updateWithResult(UpdateItem<T> update);

    /** Reads one page of a collection query ({@code Query}); see {@link KeyPathTable#query(ItemQuery)}. */
    Page<Object> query(ItemQuery query);

    /**
     * Reads one page of a collection query with only the attributes of {@code projection}'s view, each item of
     * its type read as the view; see {@link KeyPathTable#query(dev.keypath.dynamodb.Projection, ItemQuery)}.
     */
    <P> Page<P> query(dev.keypath.dynamodb.Projection<P> projection, ItemQuery query);

    /**
     * The number of items a collection query selects, counted by DynamoDB with no item transferred
     * ({@code Query} with {@code Select=COUNT}); see {@link KeyPathTable#count(ItemQuery)}.
     */
    long count(ItemQuery query);

    /**
     * Reads every item under {@code prefix}, whatever its type, following page tokens until the end.
     *
     * @param prefix a key path, possibly ending with an id-less element ({@code /user-1/post}), required
     */
    ItemCollection findSubtree(KeyPath prefix);

    /**
     * Runs {@code action} against the table, translating its exceptions; for calls this interface lacks.
     *
     * @param action required
     */
    <R> R execute(Function<KeyPathTable, R> action);
}
