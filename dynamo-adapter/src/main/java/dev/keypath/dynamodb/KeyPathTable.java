package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One DynamoDB table holding every entity of an application, addressed by key paths: {@code pk} is the encoded
 * first element, {@code sk} the encoded rest (both type B). Typed items are records or classes annotated with
 * {@link dev.keypath.dynamodb.annotation.ItemType} and registered with the builder.
 *
 * <pre>{@code
 * KeyPathTable table = KeyPathTables.builder().client(dynamo).tableName("app")
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
 * <p>When DynamoDB's answer to a write is lost (a timeout, a 5xx) and the SDK's retry sends it again, the write
 * is applied once and reported as what happened: a conditional write whose resent request finds its own work
 * succeeds; a conflict means nothing was written; where nobody can tell, it is a
 * {@link WriteOutcomeUnknownException}. An increment, append or {@code ADD} without an expected version is not
 * resent after a failure DynamoDB may have applied. docs/FAULTS.md has the table of guarantees.
 *
 * <p>A query over a sharded parent sends its shards' requests at once, on threads the table owns (at most 16
 * daemon threads named {@code keypath-<table>-round-<n>}, each ending when idle for two seconds); {@link #close()}
 * ends them. Implementations are thread-safe.
 */
public interface KeyPathTable extends AutoCloseable {
    /** The table name. */
    String tableName();

    /**
     * Ends the threads the table sends a sharded read's concurrent requests on; the client is not closed (it is
     * the caller's). The table still works afterwards, sending such requests one after another on the caller's
     * thread. Idempotent.
     */
    @Override
    void close();

    /** The SDK client in use. */
    DynamoDbClient client();

    /** The mapping of a registered type; throws {@link UnknownItemTypeException} otherwise. */
    <T> ItemSchema<T> schema(Class<T> type);

    /** The key path of a registered item (every key field must be set). */
    KeyPath keyPathOf(Object item);

    /** The registered item types. */
    List<Class<?>> registeredTypes();

    /**
     * The registered item types as their items are stored: names, key paths, fields, indexes and versions, with
     * no request. What keypath-test's {@code SchemaSnapshot} compares with a committed snapshot.
     */
    TableDescription description();

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
     * Creates the table (on-demand billing, {@code pk}/{@code sk} binary), the global and local secondary indexes
     * declared by registered types (each with its projection) and TTL on {@code _ttl}, waiting until active; on an
     * existing table verifies the key schema, the projections of declared indexes and that every declared local
     * index exists (DynamoDB creates those only with the table), throwing {@link TableSchemaMismatchException}, and
     * adds missing GSIs and TTL. Idempotent. Uses
     * {@code DescribeTable}, {@code CreateTable}, {@code UpdateTable}, {@code DescribeTimeToLive},
     * {@code UpdateTimeToLive}.
     */
    TableStatus bootstrap();

    /**
     * The consistency of the reads that name none ({@link TableBuilderSettings#readConsistency}):
     * {@link ReadConsistency#EVENTUAL} unless the builder set it.
     */
    ReadConsistency readConsistency();

    /** {@link #get(Class, KeyPath, ReadConsistency)} at the table's {@linkplain #readConsistency() consistency}. */
    default <T> Optional<T> get(Class<T> type, KeyPath keyPath) {
        return get(type, keyPath, readConsistency());
    }

    /**
     * Reads one item ({@code GetItem}). Empty if absent or expired; {@link UnknownItemTypeException} if the stored
     * item is of another type. {@code consistency} null reads at the table's {@linkplain #readConsistency()
     * consistency}. Example: {@code table.get(Post.class, KeyPath.of("user", id).then("post", 7))}.
     */
    <T> Optional<T> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency);

    /**
     * Writes one item as {@code put} says ({@code PutItem}, atomic for the item): its {@link PutMode} and
     * {@link Condition} apply together. Generates unset {@link dev.keypath.dynamodb.annotation.AutoId} ids, checks
     * and bumps the version of versioned types, and returns the item as stored (with generated ids and new
     * version). Throws {@link ConditionFailedException} / {@link VersionConflictException} when the mode, the
     * condition or the version check fails, and nothing was written; when the check fails on a request resent
     * after a lost answer, the stored item decides: its own item is a success, another's that could not have
     * come after it a conflict, anything else a {@link WriteOutcomeUnknownException}.
     * Example: {@code table.put(PutItem.of(post, p -> p.mode(PutMode.CREATE_ONLY).condition(notBanned)))}.
     */
    <T> T put(PutItem<T> put);

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
     * else empty. A checked delete resent after a lost answer that finds no item cannot tell whether its own
     * earlier attempt deleted it: {@link WriteOutcomeUnknownException}.
     */
    <T> Optional<T> delete(DeleteItem<T> delete);

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
        return deleteSubtree(prefix, maxItems, null);
    }

    /**
     * {@link #deleteSubtree(KeyPath, long)} going on after the last key a previous call deleted: {@code resumeToken}
     * is that call's {@link SubtreeDeletion#resumeToken()} (null: from the start). A token of another table or prefix,
     * or an altered one, fails with {@link InvalidPageTokenException}. Example:
     * {@code d = table.deleteSubtree(user, 500, d.resumeToken())}.
     */
    SubtreeDeletion deleteSubtree(KeyPath prefix, long maxItems, String resumeToken);

    /**
     * Changes non-key fields of an existing item ({@code UpdateItem}, atomic) and returns the item after the
     * update, or before it with {@link UpdateItem.Returning#OLD} (null with {@code NONE}, or for the old item of
     * an upsert that created it; {@code UPDATED_*} need {@link #updateWithResult}). {@link ConditionFailedException}
     * if the item does not exist (unless {@link UpdateItem.Mode#UPSERT}) or a condition fails; versioned types get
     * their version bumped and, with {@link UpdateSpec#expectedVersion()}, checked. An update that changes values by
     * what is stored (increment, append, {@code ADD}) is applied at most once: without an expected version it is
     * not resent after a failure DynamoDB may have applied ({@link WriteOutcomeUnknownException}); with one, add a
     * {@linkplain UpdateSpec.Builder#requestToken request token} so that a resent request recognises its own write.
     */
    <T> T update(UpdateItem<T> update);

    /**
     * Applies {@code update} ({@code UpdateItem}, atomic) and returns what its {@link UpdateItem.Returning} asks
     * for: the whole item, only the written attributes ({@code UPDATED_NEW}/{@code UPDATED_OLD}), or nothing.
     * With {@link UpdateItem.Mode#UPSERT} a missing item is created; otherwise a missing item is a
     * {@link ConditionFailedException}. Paths are checked against the type first ({@link InvalidUpdateException});
     * DynamoDB's refusal of a change for the stored item (a set change on a non-set, arithmetic on a non-number)
     * is an {@link InvalidUpdateException} naming the paths and the key path.
     * Example: {@code table.updateWithResult(UpdateItem.builder(Post.class, path, UpdateSpec.of(u ->
     * u.increment("stats.likes", 1))).returning(Returning.UPDATED_NEW).build()).get("stats.likes", Long.class)}.
     */
    <T> UpdateResult<T> updateWithResult(UpdateItem<T> update);

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
     * The number of items {@code query} selects, as a query would return them, counted by DynamoDB ({@code Query}
     * with {@code Select=COUNT}, page after page): no item is transferred or mapped, and the read costs what
     * DynamoDB charges for the key range it scans. Left out, as a query page leaves them out: keypath's own items,
     * expired items and, when the query names types, items of other types; the query's filter applies. Items of a
     * type that an {@link ItemExtension}'s {@code afterRead} may hide are read instead (only those types, on an index
     * that holds parts of items by key) and counted after the read hooks. Starts at the query's page token, if any,
     * and stops at its limit, if one is set (so {@code limit(1)} asks whether any item exists).
     * Example: {@code long posts = table.count(ItemQuery.of(q -> q.subtree(userPath.then("post"))))}.
     */
    long count(ItemQuery query);

    /** {@link #count(ItemQuery)} built with a consumer. */
    default long count(Consumer<ItemQuery.Builder> query) {
        return count(ItemQuery.of(query));
    }

    /** {@link #query(ItemQuery)} restricted to one type. */
    default <T> Page<T> query(Class<T> type, ItemQuery query) {
        return query(query.toBuilder().types(type).build()).ofType(type);
    }

    /**
     * Every item of {@code query}, page after page, as a lazy stream: nothing is read until the stream is consumed,
     * and each next page only when the stream reaches it (so {@code stream(q).limit(5)} or {@code findFirst()}
     * reads one page). Each page continues the previous one with its page token, so every item comes once, in
     * key-path order. The query's limit sets the page size (0: DynamoDB's 1 MB pages); a page token in the query is
     * where the stream starts. Failures surface from the stream's terminal operation, as from {@link #query}.
     * Example: {@code table.stream(Post.class, q).filter(p -> !p.draft()).forEach(index::add)}.
     */
    Stream<Object> stream(ItemQuery query);

    /**
     * {@link #stream(ItemQuery)} restricted to one type: the items {@link #query(Class, ItemQuery)} reads, page after
     * page.
     */
    <T> Stream<T> stream(Class<T> type, ItemQuery query);

    /**
     * Reads one page of a scan ({@code Scan}) of the whole table or of one segment of it: every item in
     * DynamoDB's order, each mapped to its own registered class, or only the scan's types (a filter on the
     * stored type name, run by DynamoDB). Sequence counters and expired items are left out; an item no registered
     * type can read goes to the table's {@link UnreadableItemHandler}. The page's token continues this scan and
     * no other ({@link InvalidPageTokenException}). A scan reads and bills every item of the table (or segment),
     * whatever it returns. Example: {@code table.scan(ItemScan.of(s -> s.types(Post.class).limit(500)))}.
     */
    Page<Object> scan(ItemScan scan);

    /** {@link #scan(ItemScan)} built with a consumer. */
    default Page<Object> scan(Consumer<ItemScan.Builder> scan) {
        return scan(ItemScan.of(scan));
    }

    /**
     * Every item of {@code scan}, page after page, as a lazy stream, as {@link #stream(ItemQuery)} does for a
     * query: each page is read when the stream reaches it, and a page token in the scan is where it starts.
     * Example: {@code table.stream(ItemScan.of(s -> s.types(User.class))).forEach(exporter::write)}.
     */
    Stream<Object> stream(ItemScan scan);

    /**
     * Every item of {@code scan} read as a parallel scan in {@code totalSegments} segments
     * ({@link ItemScan#split(int)}), so every item comes exactly once, in no particular order. The segments are
     * read page by page at once, on threads of the scan's own ({@link SegmentedScan}; never the common fork-join
     * pool), from the stream's first element on and a few pages ahead of it; the stream itself is sequential. The
     * first failure is thrown where the stream meets it and stops every segment; closing the stream (or leaving
     * it) stops the reading. For workers of your own, give each a segment of {@code scan.split(n)} and call
     * {@link #stream(ItemScan)}.
     * Example: {@code long drafts = table.scanInParallel(ItemScan.of(s -> s.types(Post.class)), 4).count()}.
     */
    Stream<Object> scanInParallel(ItemScan scan, int totalSegments);

    /**
     * Reads one item of {@code projection}'s type as its view ({@code GetItem} with a {@code ProjectionExpression}:
     * only the view's attributes are transferred). Empty if absent or expired; {@link UnknownItemTypeException}
     * if the stored item is of another type. Example:
     * {@code Optional<PostTitle> t = table.get(Projection.of(Post.class, PostTitle.class), postPath, STRONG)}.
     */
    <P> Optional<P> get(Projection<P> projection, KeyPath keyPath, ReadConsistency consistency);

    /** {@link #get(Projection, KeyPath, ReadConsistency)} at the table's {@linkplain #readConsistency() consistency}. */
    default <P> Optional<P> get(Projection<P> projection, KeyPath keyPath) {
        return get(projection, keyPath, readConsistency());
    }

    /**
     * One page of {@code query} restricted to {@code projection}'s type, each item read as its view: as
     * {@link #query(ItemQuery)}, with a {@code ProjectionExpression} so that only the view's attributes are
     * transferred. The query may name no type or just the projection's. On an index that holds parts of items
     * ({@code INCLUDE}, {@code KEYS_ONLY}), a view whose attributes the index holds (the included attributes, or key
     * fields alone) is read from the index's entries alone, one {@code Query}; another view, or a view of a type above
     * version 1 (an index entry carries no stored version to upgrade it by), is read through the index's keys, its
     * items read by key ({@code BatchGetItem}, projected) in the index's order.
     */
    <P> Page<P> query(Projection<P> projection, ItemQuery query);

    /** Every item of {@link #query(Projection, ItemQuery)}, page after page, as a lazy stream. */
    <P> Stream<P> stream(Projection<P> projection, ItemQuery query);

    /**
     * One page of {@code scan} restricted to {@code projection}'s type, each item read as its view: as
     * {@link #scan(ItemScan)}, with only the view's attributes transferred.
     */
    <P> Page<P> scan(Projection<P> projection, ItemScan scan);

    /** Every item of {@link #scan(Projection, ItemScan)}, page after page, as a lazy stream. */
    <P> Stream<P> stream(Projection<P> projection, ItemScan scan);

    /**
     * Many items of {@code projection}'s type read as its view, as {@link #batchGet(Collection, ReadConsistency)}
     * reads whole items: found, unexpired items in request order.
     */
    <P> List<P> batchGet(Projection<P> projection, Collection<KeyPath> keyPaths, ReadConsistency consistency);

    /**
     * Reads up to 100 items of any registered types as one consistent snapshot ({@code TransactGetItems}): either
     * every item is read as of one moment or the call fails with {@link TransactionFailedException} (for example
     * when a transaction writing one of them is in flight). Returns the items by key, each typed by the key it was
     * read with, or nothing for an absent or expired item. Keys are checked (count, duplicates, sizes, types, key
     * paths that cannot be their type's) before any request. Example:
     * <pre>{@code
     * ItemKey<User> user = ItemKey.of(User.class, u);
     * ItemSnapshot both = table.transactGet(List.of(user, ItemKey.of(Post.class, p)));
     * Optional<User> read = both.get(user);
     * }</pre>
     */
    ItemSnapshot transactGet(Collection<? extends ItemKey<?>> keys);

    /**
     * Reads many items ({@code BatchGetItem} in chunks of 100, retrying unprocessed keys with capped
     * exponential backoff until done or the {@link BatchPolicy} deadline, then {@link BatchIncompleteException}).
     * Not atomic; returns the found, unexpired items in request order (duplicates once).
     */
    List<Object> batchGet(Collection<? extends ItemKey<?>> keys, ReadConsistency consistency);

    /** Batch get of one type at the table's {@linkplain #readConsistency() consistency}. */
    <T> List<T> batchGet(Class<T> type, Collection<KeyPath> keyPaths);

    /**
     * Writes many items ({@code BatchWriteItem} in chunks of 25, retrying unprocessed items and throttled calls
     * with capped exponential backoff and jitter until done or the deadline). Not atomic: on
     * {@link BatchIncompleteException} the listed items were not written, all others were. Returns the stored
     * form of the puts (with generated ids), in order.
     */
    List<Object> batchWrite(WriteBatch batch);

    /** {@link #batchWrite(WriteBatch)} built with a consumer. */
    List<Object> batchWrite(Consumer<WriteBatch.Builder> batch);

    /**
     * Writes stored items exactly as given ({@code BatchWriteItem} in chunks of 25, retried as {@link #batchWrite}
     * is): attribute maps with binary {@code pk}/{@code sk}, as a {@code Scan} or a table export gives them. Nothing
     * is mapped, so items of any type, items no registered type can read and keypath's own items (sequence
     * counters, alias items) are copied unchanged, and each put replaces the item at its key: writing the same items
     * again changes nothing. Before any request, an item whose key is not a key path is an {@link ItemMappingException} naming its position, and
     * two items with one key are an {@link IllegalArgumentException}. Not atomic: on
     * {@link BatchIncompleteException} the listed key paths were not written, all others were.
     * Example: {@code target.batchPutStored(source.client().scan(r -> r.tableName("app")).items())}.
     */
    void batchPutStored(Collection<Map<String, AttributeValue>> items);

    /**
     * Maps a stored item (an attribute map as a {@code Scan}, a stream record or a table export gives it) to the
     * object of its registered type, chosen by its {@code _type} attribute, without a request. Empty for keypath's
     * own items (sequence counters, alias items, the layout record,
     * {@link dev.keypath.dynamodb.storage.StoredItemLayout#INTERNAL_TYPES}), which hold no object. The item's expiry is
     * not looked at: an expired item is mapped like any other (reads leave it out;
     * {@link dev.keypath.dynamodb.storage.StoredItemLayout#isExpired} tells). An item no registered type can read (a
     * key that is not a key path, no or an unregistered {@code _type}, a key path off the template, a value that does not fit its field) is an
     * {@link UnreadableItemException} naming the key path and the problem; the table's
     * {@link UnreadableItemHandler} is not consulted.
     */
    Optional<Object> readStoredItem(Map<String, AttributeValue> item);

    /**
     * Runs one atomic transaction ({@code TransactWriteItems}, up to 100 actions): all or nothing. Returns, per
     * action in order, the stored item for puts and null otherwise. Failures throw
     * {@link TransactionFailedException} naming each failed action's index, key path and reason; a transaction
     * whose items add up to more than 4 MB throws {@link TransactionTooLargeException} before any request.
     * Example: {@code table.transact(tx -> tx.put(post).update(User.class, userPath, incPosts))}.
     */
    List<Object> transact(Consumer<Transaction> actions);

    /**
     * One page of the keys {@code query} selects, each the item's registered type and key path, without reading
     * the items: on the table or on any index, whatever it projects ({@code Query} with a projection of the keys).
     * The way to read a KEYS_ONLY index without fetching the items; the page token continues the same query.
     * Example: {@code Page<ItemKey<?>> keys = table.queryKeys(ItemQuery.of(q -> q.index("byTag").subtree(tag)))}.
     */
    Page<ItemKey<?>> queryKeys(ItemQuery query);

    /**
     * Reads the item that holds the alternate key path {@code alias}
     * ({@link dev.keypath.dynamodb.annotation.UniqueKeyPath}): the alias item, then the item it points at, both
     * strongly consistent {@code GetItem}s. Empty if no item holds it (or the item has expired); an
     * {@link UnknownItemTypeException} if an item of another type holds it. Example:
     * {@code Optional<User> u = table.getByAlias(User.class, KeyPath.parse("/email-a@example.com"))}.
     */
    <T> Optional<T> getByAlias(Class<T> type, KeyPath alias);

    /**
     * Starts a transaction whose commit checks that every item it read is unchanged (see
     * {@link ReadCheckedTransaction}): read with {@code tx.read}, declare writes, then {@code tx.commit()}.
     * Nothing is sent before the commit except the reads.
     */
    ReadCheckedTransaction readCheckedTransaction();

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
    <R> R readModifyWrite(int maxAttempts, ReadModifyWrite<R> unit);

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
