package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.client.DefaultKeyPathTable;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One DynamoDB table holding every entity of an application, addressed by key paths: {@code pk} is the encoded
 * first element, {@code sk} the encoded rest (both type B). Typed items are records or classes annotated with
 * {@link dev.keypath.dynamodb.annotation.ItemType} and registered with the builder.
 *
 * <pre>{@code
 * KeyPathTable table = KeyPathTable.builder().client(dynamo).tableName("app")
 *         .register(User.class, Post.class).pageTokenSecret(secret).build();
 * table.bootstrap();
 * Post saved = table.put(new Post(userId, 0, "hello", 0L));
 * Page<Object> page = table.query(q -> q.subtree(KeyPath.of("user", userId)).limit(50));
 * }</pre>
 *
 * <p>All errors are {@link KeyPathDynamoException}s carrying the key path concerned; sizes of keys (PK 2048,
 * SK 1024 bytes), items (400 KB) and a transaction's items together (4 MB) are checked before any request.
 * Reads drop items whose {@link dev.keypath.dynamodb.annotation.TimeToLive} has passed.
 *
 * <p>Implementations are thread-safe. New methods arrive as {@code default} methods.
 */
public interface KeyPathTable {
    /** A builder of the default implementation. */
    static Builder builder() {
        return DefaultKeyPathTable.builder();
    }

    /** The table name. */
    String tableName();

    /** The SDK client in use. */
    DynamoDbClient client();

    /** The mapping of a registered type; throws {@link UnknownItemTypeException} otherwise. */
    <T> ItemSchema<T> schema(Class<T> type);

    /** The key path of a registered item (every key field must be set). */
    KeyPath keyPathOf(Object item);

    /** The registered item types. */
    default List<Class<?>> registeredTypes() {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement registeredTypes");
    }

    /**
     * {@code item} with its unset {@code @AutoId} fields generated now, for a write made later (a unit of work
     * that must hand the ids back before it commits): a UUID is drawn, a sequence id is allocated from its
     * counter ({@code UpdateItem}, plus the checks described on {@code AutoId.Strategy#SEQUENCE}) and is consumed
     * even if the write never happens. Returns {@code item} itself when nothing was unset. Write the result
     * create-only ({@link PutMode#CREATE_ONLY}) so that an id taken in the meantime fails the write instead of
     * replacing an item.
     */
    <T> T withGeneratedIds(T item);

    /**
     * Creates the table (on-demand billing, {@code pk}/{@code sk} binary), the GSIs declared by registered types
     * and TTL on {@code _ttl}, waiting until active; on an existing table verifies the key schema (throwing
     * {@link TableSchemaMismatchException}) and adds missing GSIs and TTL. Idempotent. Uses
     * {@code DescribeTable}, {@code CreateTable}, {@code UpdateTable}, {@code DescribeTimeToLive},
     * {@code UpdateTimeToLive}.
     */
    TableStatus bootstrap();

    /** {@link #get(Class, KeyPath, ReadConsistency)} with a strongly consistent read. */
    default <T> Optional<T> get(Class<T> type, KeyPath keyPath) {
        return get(type, keyPath, ReadConsistency.STRONG);
    }

    /**
     * Reads one item ({@code GetItem}). Empty if absent or expired; {@link UnknownItemTypeException} if the stored
     * item is of another type. Example: {@code table.get(Post.class, KeyPath.of("user", id).then("post", 7))}.
     */
    <T> Optional<T> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency);

    /**
     * Writes one item as {@code put} says ({@code PutItem}, atomic for the item): its {@link PutMode} and
     * {@link Condition} apply together. Generates unset {@link dev.keypath.dynamodb.annotation.AutoId} ids, checks
     * and bumps the version of versioned types, and returns the item as stored (with generated ids and new
     * version). Throws {@link ConditionFailedException} / {@link VersionConflictException} when the mode, the
     * condition or the version check fails.
     * Example: {@code table.put(PutItem.of(post, p -> p.mode(PutMode.CREATE_ONLY).condition(notBanned)))}.
     */
    default <T> T put(PutItem<T> put) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement put(PutItem)");
    }

    /** {@link #put(PutItem)} replacing whatever is stored. */
    default <T> T put(T item) {
        return put(PutItem.of(item));
    }

    /** {@link #put(PutItem)} with a mode. Example: {@code Post saved = table.put(post, PutMode.CREATE_ONLY)}. */
    default <T> T put(T item, PutMode mode) {
        return put(PutItem.builder(item).mode(mode).build());
    }

    /** {@link #put(PutItem)} if {@code condition} holds (in addition to any version check). */
    default <T> T put(T item, Condition condition) {
        return put(PutItem.builder(item).condition(Objects.requireNonNull(condition, "condition")).build());
    }

    /**
     * Deletes one item as {@code delete} says ({@code DeleteItem}): at an item's key path, version-checked for
     * versioned types, or at a key path; with an expected version and a condition if given
     * ({@link VersionConflictException} / {@link ConditionFailedException} when one fails). Deleting an absent
     * item without checks is a no-op. Returns the deleted item when the request asks for it and one existed,
     * else empty.
     */
    default <T> Optional<T> delete(DeleteItem<T> delete) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement delete(DeleteItem)");
    }

    /**
     * Deletes one item ({@code DeleteItem}); for versioned types only if the stored version equals the item's
     * ({@link VersionConflictException} otherwise). Deleting an absent unversioned item is a no-op.
     */
    default void delete(Object item) {
        delete(DeleteItem.of(item));
    }

    /** Deletes the item at {@code keyPath} without a version check; no-op if absent. */
    default void delete(Class<?> type, KeyPath keyPath) {
        delete(DeleteItem.of(type, keyPath));
    }

    /** Deletes the item at {@code keyPath} if {@code condition} (nullable) holds. */
    default void delete(Class<?> type, KeyPath keyPath, Condition condition) {
        delete(DeleteItem.builder(type, keyPath).condition(condition).build());
    }

    /**
     * Deletes every item under {@code prefix}, whatever its type (the item at the prefix itself and unreadable items
     * included; sequence counters live apart, so ids under the prefix are not reused), and returns how many it
     * deleted: pages of keys ({@code Query}, keys only)
     * deleted with {@code BatchWriteItem}, retried as {@link #batchWrite} is. Not atomic and without version
     * checks: on {@link BatchIncompleteException} or any failure, what was deleted stays deleted, and calling it
     * again goes on with what is left (deleted items are not read again). Items written under the prefix while
     * it runs may survive. Example: {@code table.deleteSubtree(KeyPath.of("user", id))}.
     */
    default SubtreeDeletion deleteSubtree(KeyPath prefix) {
        return deleteSubtree(prefix, 0);
    }

    /**
     * {@link #deleteSubtree(KeyPath)} stopping after {@code maxItems} items (0: no limit); the result says whether
     * the subtree is empty.
     */
    default SubtreeDeletion deleteSubtree(KeyPath prefix, long maxItems) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement deleteSubtree");
    }

    /**
     * Changes non-key fields of an existing item ({@code UpdateItem}, atomic) and returns the item after the
     * update, or before it with {@link UpdateItem.Returning#OLD}. {@link ConditionFailedException} if the item
     * does not exist or a condition fails; versioned types get their version bumped and, with
     * {@link UpdateSpec#expectedVersion()}, checked.
     */
    default <T> T update(UpdateItem<T> update) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement update(UpdateItem)");
    }

    /**
     * {@link #update(UpdateItem)} returning the item after the update.
     * Example: {@code table.update(Post.class, path, UpdateSpec.of(u -> u.set("title", "new")))}.
     */
    default <T> T update(Class<T> type, KeyPath keyPath, UpdateSpec update) {
        return update(UpdateItem.of(type, keyPath, update));
    }

    /**
     * Reads one page of a collection ({@code Query} on the table or a GSI): all items in the query's key range,
     * each mapped to its own registered class, exact even when ids of different types share a position.
     * Example: {@code table.query(ItemQuery.of(q -> q.subtree(userPath).descending().limit(20)))}.
     */
    Page<Object> query(ItemQuery query);

    /** {@link #query(ItemQuery)} built with a consumer. */
    default Page<Object> query(Consumer<ItemQuery.Builder> query) {
        return query(ItemQuery.of(query));
    }

    /**
     * The number of items {@code query} selects, counted by DynamoDB ({@code Query} with {@code Select=COUNT}, page
     * after page): no item is transferred or mapped, and the read costs what DynamoDB charges for the key range
     * it scans. Left out, as a query page leaves them out: sequence counters, expired items and, when the query
     * names types, items of other types; the query's filter applies. Starts at the query's page token, if any,
     * and stops at its limit, if one is set (so {@code limit(1)} asks whether any item exists).
     * Example: {@code long posts = table.count(ItemQuery.of(q -> q.subtree(userPath.then("post"))))}.
     */
    default long count(ItemQuery query) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement count(ItemQuery)");
    }

    /** {@link #count(ItemQuery)} built with a consumer. */
    default long count(Consumer<ItemQuery.Builder> query) {
        return count(ItemQuery.of(query));
    }

    /** {@link #query(ItemQuery)} restricted to one type. */
    default <T> Page<T> query(Class<T> type, ItemQuery query) {
        Page<Object> page = query(query.toBuilder().types(type).build());
        return page.ofType(type);
    }

    /**
     * Every item of {@code query}, page after page, as a lazy stream: nothing is read until the stream is consumed,
     * and each next page only when the stream reaches it (so {@code stream(q).limit(5)} or {@code findFirst()}
     * reads one page). Each page continues the previous one with its page token, so every item comes once, in
     * key-path order. The query's limit sets the page size (0: DynamoDB's 1 MB pages); a page token in the query is
     * where the stream starts. Failures surface from the stream's terminal operation, as from {@link #query}.
     * Example: {@code table.stream(Post.class, q).filter(p -> !p.draft()).forEach(index::add)}.
     */
    default Stream<Object> stream(ItemQuery query) {
        Objects.requireNonNull(query, "query");
        return Stream.of(query).flatMap(first -> Stream.iterate(query(first), Objects::nonNull,
                        page -> page.hasMore() ? query(first.toBuilder().pageToken(page.nextPageToken()).build()) : null))
                .flatMap(page -> page.items().stream());
    }

    /** {@link #stream(ItemQuery)} restricted to one type. */
    default <T> Stream<T> stream(Class<T> type, ItemQuery query) {
        return stream(query.toBuilder().types(type).build()).map(type::cast);
    }

    /**
     * Reads up to 100 items of any registered types as one consistent snapshot ({@code TransactGetItems}): either
     * every item is read as of one moment or the call fails with {@link TransactionFailedException} (for example
     * when a transaction writing one of them is in flight). Returns, per key in order, the item or null when it is
     * absent or expired. Keys are checked (count, duplicates, sizes, types) before any request.
     * Example: {@code List<Object> both = table.transactGet(List.of(ItemKey.of(User.class, u), ItemKey.of(Post.class, p)))}.
     */
    default List<Object> transactGet(Collection<ItemKey> keys) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement transactGet");
    }

    /**
     * Reads many items ({@code BatchGetItem} in chunks of 100, retrying unprocessed keys with capped
     * exponential backoff until done or the {@link BatchPolicy} deadline, then {@link BatchIncompleteException}).
     * Not atomic; returns the found, unexpired items in request order (duplicates once).
     */
    List<Object> batchGet(Collection<ItemKey> keys, ReadConsistency consistency);

    /** Batch get of one type with strong consistency. */
    default <T> List<T> batchGet(Class<T> type, Collection<KeyPath> keyPaths) {
        List<ItemKey> keys = keyPaths.stream().map(p -> new ItemKey(type, p)).toList();
        return batchGet(keys, ReadConsistency.STRONG).stream().map(type::cast).toList();
    }

    /**
     * Writes many items ({@code BatchWriteItem} in chunks of 25, retrying unprocessed items and throttled calls
     * with capped exponential backoff and jitter until done or the deadline). Not atomic: on
     * {@link BatchIncompleteException} the listed items were not written, all others were. Returns the stored
     * form of the puts (with generated ids), in order.
     */
    List<Object> batchWrite(WriteBatch batch);

    /** {@link #batchWrite(WriteBatch)} built with a consumer. */
    default List<Object> batchWrite(Consumer<WriteBatch.Builder> batch) {
        WriteBatch.Builder b = WriteBatch.builder();
        batch.accept(b);
        return batchWrite(b.build());
    }

    /**
     * Runs one atomic transaction ({@code TransactWriteItems}, up to 100 actions): all or nothing. Returns, per
     * action in order, the stored item for puts and null otherwise. Failures throw
     * {@link TransactionFailedException} naming each failed action's index, key path and reason; a transaction
     * whose items add up to more than 4 MB throws {@link TransactionTooLargeException} before any request.
     * Example: {@code table.transact(tx -> tx.put(post).update(User.class, userPath, incPosts))}.
     */
    List<Object> transact(Consumer<Transaction> actions);

    /**
     * Starts a transaction whose commit checks that every item it read is unchanged (see
     * {@link ReadCheckedTransaction}): read with {@code tx.read}, declare writes, then {@code tx.commit()}.
     * Nothing is sent before the commit except the reads.
     */
    default ReadCheckedTransaction readCheckedTransaction() {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement readCheckedTransaction");
    }

    /**
     * Runs {@code unit} in a new {@link ReadCheckedTransaction} and commits it: a read-modify-write over several
     * items that fails with {@link ReadConflictException} (nothing written) when an item it read changed before
     * the commit. Returns what {@code unit} returns.
     * Example: {@code table.readModifyWrite(tx -> tx.put(tx.read(Account.class, path).orElseThrow().plus(10)))}.
     */
    default <R> R readModifyWrite(ReadModifyWrite<R> unit) {
        return readModifyWrite(1, unit);
    }

    /**
     * {@link #readModifyWrite(ReadModifyWrite)}, run again (reading afresh) when an item read changed or another
     * transaction on its items was in flight, up to {@code maxAttempts} runs in all, after a short randomized
     * backoff; the last failure is thrown. Other failures (a condition of the unit's own writes) are not retried.
     */
    default <R> R readModifyWrite(int maxAttempts, ReadModifyWrite<R> unit) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement readModifyWrite");
    }

    /**
     * Builder of a {@link KeyPathTable}: the SDK client plus the {@link TableBuilderSettings}; not thread-safe.
     */
    interface Builder extends TableBuilderSettings<Builder> {
        /** The SDK client (required). */
        Builder client(DynamoDbClient client);

        /** Builds the table; throws {@link ItemMappingException} for a bad type. */
        KeyPathTable build();
    }
}
