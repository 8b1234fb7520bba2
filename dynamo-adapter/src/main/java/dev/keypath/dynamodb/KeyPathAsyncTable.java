package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The non-blocking counterpart of {@link KeyPathTable} for single-item reads, writes and updates, paged
 * queries and scans, batches and transactions, on the SDK's {@link DynamoDbAsyncClient}: for event-loop or reactive
 * services that must not park a thread per DynamoDB call. Where the synchronous table streams a query or a scan
 * across pages ({@code stream}), this one publishes it ({@code publish}, a {@link Flow.Publisher} of the items). It
 * reads and writes the same items as a {@link KeyPathTable} built with the same table name,
 * types, mapper and page-token secret (page tokens are interchangeable), and behaves the same: same mapping,
 * key/item size checks, TTL filtering, version checks and auto ids.
 *
 * <pre>{@code
 * KeyPathAsyncTable table = KeyPathTables.asyncBuilder().client(asyncDynamo).tableName("app")
 *         .register(User.class, Post.class).pageTokenSecret(secret).build();
 * table.put(post, PutMode.CREATE_ONLY)
 *         .thenCompose(saved -> table.query(q -> q.subtree(KeyPath.of("user", userId)).limit(50)))
 *         .thenAccept(page -> render(page.items(), page.nextPageToken()));
 * }</pre>
 *
 * <p><b>Errors.</b> Methods never throw: every failure completes the returned future exceptionally, with the
 * same typed {@link KeyPathDynamoException} the synchronous table throws (not wrapped in a
 * {@link java.util.concurrent.CompletionException}), e.g. {@link ConditionFailedException},
 * {@link VersionConflictException}, {@link InvalidPageTokenException}. Checks that fail before any request
 * ({@link KeyTooLargeException}, {@link ItemTooLargeException}, {@link UnknownItemTypeException}, null
 * arguments) also complete the already-returned future exceptionally, without sending anything. SDK failures
 * the adapter does not interpret (network, credentials, throttling after SDK retries) come through as the SDK's
 * own exceptions. ({@link CompletableFuture#join()} wraps the cause in a {@code CompletionException} and
 * {@link CompletableFuture#get()} in an {@code ExecutionException}, as for any future.) A write whose answer was
 * lost is settled as on the synchronous table, with a {@link WriteOutcomeUnknownException} where nobody can tell.
 *
 * <p><b>Cancellation.</b> Cancelling a returned future cancels the SDK request in flight for it and sends no
 * further request: no next query page, batch chunk, retry or write after a sequence id.
 *
 * <p>No method blocks; continuations run on the SDK client's future-completion executor. The client needs an
 * async HTTP client on the classpath (e.g. {@code software.amazon.awssdk:netty-nio-client}); batch backoff
 * waits, and bootstrap's waits for the table to become active, run on {@link CompletableFuture#delayedExecutor}.
 * Implementations are thread-safe.
 */
public interface KeyPathAsyncTable {
    /** The table name. */
    String tableName();

    /** The SDK client in use. */
    DynamoDbAsyncClient client();

    /**
     * {@link KeyPathTable#bootstrap()} without blocking: creates or verifies the table, its indexes, TTL and (when
     * the builder asked for one) its stream; the future completes once the table is active, with what was done,
     * or with a {@link TableSchemaMismatchException}. Cancelling it sends no further request.
     */
    CompletableFuture<TableStatus> bootstrap();

    /** The mapping of a registered type; throws {@link UnknownItemTypeException} otherwise. */
    <T> ItemSchema<T> schema(Class<T> type);

    /** The key path of a registered item (every key field must be set); computed locally, hence not a future. */
    KeyPath keyPathOf(Object item);

    /** The registered item types. */
    List<Class<?>> registeredTypes();

    /** As {@link KeyPathTable#description()}: the registered item types as their items are stored. */
    TableDescription description();

    /** As {@link KeyPathTable#withGeneratedIds}, completing when a sequence id, if needed, is allocated. */
    <T> CompletableFuture<T> withGeneratedIds(T item);

    /** {@link #get(Class, KeyPath, ReadConsistency)} with a strongly consistent read. */
    default <T> CompletableFuture<Optional<T>> get(Class<T> type, KeyPath keyPath) {
        return get(type, keyPath, ReadConsistency.STRONG);
    }

    /**
     * Reads one item ({@code GetItem}): empty if absent or expired; {@link UnknownItemTypeException} if the
     * stored item is of another type. See {@link KeyPathTable#get(Class, KeyPath, ReadConsistency)}.
     */
    <T> CompletableFuture<Optional<T>> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency);

    /**
     * Writes one item as {@code put} says ({@code PutItem}) and completes with the item as stored (generated ids,
     * new version), exactly as {@link KeyPathTable#put(PutItem)}: {@link ConditionFailedException} /
     * {@link VersionConflictException} when the mode, condition or version check fails. A
     * {@link dev.keypath.dynamodb.annotation.AutoId} sequence id costs one {@code UpdateItem} first.
     */
    <T> CompletableFuture<T> put(PutItem<T> put);

    /** {@link #put(PutItem)} replacing whatever is stored. */
    <T> CompletableFuture<T> put(T item);

    /** {@link #put(PutItem)} with a mode. */
    <T> CompletableFuture<T> put(T item, PutMode mode);

    /** {@link #put(PutItem)} if {@code condition} holds (in addition to any version check). */
    <T> CompletableFuture<T> put(T item, Condition condition);

    /**
     * Deletes one item as {@code delete} says ({@code DeleteItem}), exactly as
     * {@link KeyPathTable#delete(DeleteItem)}; completes with the deleted item when the request asks for it.
     */
    <T> CompletableFuture<Optional<T>> delete(DeleteItem<T> delete);

    /**
     * Deletes one item ({@code DeleteItem}); for versioned types only if the stored version equals the item's
     * ({@link VersionConflictException} otherwise). Deleting an absent unversioned item is a no-op.
     */
    CompletableFuture<Void> delete(Object item);

    /** Deletes the item at {@code keyPath} without a version check; no-op if absent. */
    default CompletableFuture<Void> delete(Class<?> type, KeyPath keyPath) {
        return delete(type, keyPath, null);
    }

    /** Deletes the item at {@code keyPath} if {@code condition} (nullable) holds. */
    CompletableFuture<Void> delete(Class<?> type, KeyPath keyPath, Condition condition);

    /**
     * Changes non-key fields of an existing item ({@code UpdateItem}) and completes with the item after (or,
     * with {@link UpdateItem.Returning#OLD}, before) the update, exactly as {@link KeyPathTable#update(UpdateItem)}.
     */
    <T> CompletableFuture<T> update(UpdateItem<T> update);

    /**
     * Applies {@code update} and completes with what its {@link UpdateItem.Returning} asks for, exactly as
     * {@link KeyPathTable#updateWithResult(UpdateItem)}.
     */
    <T> CompletableFuture<UpdateResult<T>> updateWithResult(UpdateItem<T> update);

    /**
     * {@link #update(UpdateItem)} returning the item after the update: {@link ConditionFailedException} if the
     * item does not exist or a condition fails, versions bumped and, with {@link UpdateSpec#expectedVersion()},
     * checked ({@link VersionConflictException}).
     */
    <T> CompletableFuture<T> update(Class<T> type, KeyPath keyPath, UpdateSpec update);

    /**
     * Runs one atomic transaction ({@code TransactWriteItems}, up to 100 actions), exactly as
     * {@link KeyPathTable#transact}: {@code actions} runs at once on the calling thread to declare the actions;
     * sequence ids of the puts are then allocated (one {@code UpdateItem} each, in declaration order) and the
     * transaction is sent. Completes with, per action in order, the stored item for puts and null otherwise, or
     * fails with {@link TransactionFailedException} naming each failed action, or
     * {@link TransactionTooLargeException} before any request.
     */
    CompletableFuture<List<Object>> transact(Consumer<Transaction> actions);

    /**
     * Starts a read-checked transaction, exactly as {@link KeyPathTable#readCheckedTransaction()}, whose reads and
     * commit complete futures.
     */
    AsyncReadCheckedTransaction readCheckedTransaction();

    /**
     * Runs {@code unit} in a new {@link AsyncReadCheckedTransaction} and commits it once the unit's future has
     * completed, as {@link KeyPathTable#readModifyWrite(ReadModifyWrite)}; completes with the unit's result or
     * with {@link ReadConflictException} when an item it read changed.
     * Example: {@code async.readModifyWrite(tx -> tx.read(Account.class, path).thenApply(a -> tx.put(a.orElseThrow().plus(10))))}.
     */
    default <R> CompletableFuture<R> readModifyWrite(AsyncReadModifyWrite<R> unit) {
        return readModifyWrite(1, unit);
    }

    /**
     * {@link #readModifyWrite(AsyncReadModifyWrite)} run again on a read conflict or a transaction conflict, up to
     * {@code maxAttempts} runs in all, as {@link KeyPathTable#readModifyWrite(int, ReadModifyWrite)}; the waits
     * between runs park no thread.
     */
    <R> CompletableFuture<R> readModifyWrite(int maxAttempts, AsyncReadModifyWrite<R> unit);

    /** A consistent snapshot of up to 100 items, exactly as {@link KeyPathTable#transactGet(Collection)}. */
    CompletableFuture<ItemSnapshot> transactGet(Collection<? extends ItemKey<?>> keys);

    /**
     * Reads many items, exactly as {@link KeyPathTable#batchGet(Collection, ReadConsistency)}: {@code BatchGetItem}
     * in chunks of 100, unprocessed keys and throttled calls retried after capped exponential backoff with
     * jitter (waiting without blocking a thread) until done or the {@link BatchPolicy} deadline, then
     * {@link BatchIncompleteException}. Not atomic; completes with the found, unexpired items in request order.
     */
    CompletableFuture<List<Object>> batchGet(Collection<? extends ItemKey<?>> keys, ReadConsistency consistency);

    /** Batch get of one type with strong consistency. */
    <T> CompletableFuture<List<T>> batchGet(Class<T> type, Collection<KeyPath> keyPaths);

    /**
     * Writes many items, exactly as {@link KeyPathTable#batchWrite(WriteBatch)}: {@code BatchWriteItem} in chunks
     * of 25, retried like {@link #batchGet}. Not atomic: on {@link BatchIncompleteException} the listed items were
     * not written, all others were. Completes with the stored form of the puts (with generated ids), in order.
     */
    CompletableFuture<List<Object>> batchWrite(WriteBatch batch);

    /**
     * Writes stored items exactly as given, as {@link KeyPathTable#batchPutStored(Collection)} does; a bad key or
     * a key given twice fails the future before any request.
     */
    CompletableFuture<Void> batchPutStored(Collection<Map<String, AttributeValue>> items);

    /**
     * Maps a stored item to the object of its registered type without a request, as
     * {@link KeyPathTable#readStoredItem(Map)} does; empty for keypath's own items (sequence counters, alias items).
     */
    Optional<Object> readStoredItem(Map<String, AttributeValue> item);

    /** {@link #batchWrite(WriteBatch)} built with a consumer. */
    CompletableFuture<List<Object>> batchWrite(Consumer<WriteBatch.Builder> batch);

    /**
     * Reads one page of a collection ({@code Query} requests, chained without blocking until the page is full or
     * the range is exhausted), exactly as {@link KeyPathTable#query(ItemQuery)}: same items, same order, same
     * opaque next-page token.
     */
    CompletableFuture<Page<Object>> query(ItemQuery query);

    /** {@link #query(ItemQuery)} built with a consumer. */
    CompletableFuture<Page<Object>> query(Consumer<ItemQuery.Builder> query);

    /** Deletes every item under {@code prefix}, exactly as {@link KeyPathTable#deleteSubtree(KeyPath, long)}. */
    default CompletableFuture<SubtreeDeletion> deleteSubtree(KeyPath prefix, long maxItems) {
        return deleteSubtree(prefix, maxItems, null);
    }

    /** Goes on with a subtree deletion, exactly as {@link KeyPathTable#deleteSubtree(KeyPath, long, String)}. */
    CompletableFuture<SubtreeDeletion> deleteSubtree(KeyPath prefix, long maxItems, String resumeToken);

    /** The number of items {@code query} selects, counted by DynamoDB, exactly as {@link KeyPathTable#count}. */
    CompletableFuture<Long> count(ItemQuery query);

    /**
     * Reads one page of a scan of the whole table or of one segment, exactly as {@link KeyPathTable#scan(ItemScan)}:
     * same items, same page tokens.
     */
    CompletableFuture<Page<Object>> scan(ItemScan scan);

    /**
     * Reads every item of {@code scan} as a parallel scan in {@code totalSegments} segments
     * ({@link ItemScan#split(int)}) on {@link SegmentedScan}, all segments at once, each page after page (the same
     * pages as {@link KeyPathTable#scanInParallel}), and hands each page to
     * {@code onPage}: every item comes exactly once. {@code onPage} is called by one thread at a time (a thread of
     * the SDK's response executor), so it needs no locking of its own. Completes with the number of items
     * handed over once every segment is read; fails with the first failure (a read's, or an exception thrown by
     * {@code onPage}) and then reads no further page. Cancelling it cancels the requests in flight.
     * Example: {@code table.scanInParallel(ItemScan.all(), 4, page -> export(page.items()))}.
     */
    CompletableFuture<Long> scanInParallel(ItemScan scan, int totalSegments, Consumer<? super Page<Object>> onPage);

    /** One item of {@code projection}'s type as its view, exactly as {@link KeyPathTable#get(Projection, KeyPath, ReadConsistency)}. */
    <P> CompletableFuture<Optional<P>> get(Projection<P> projection, KeyPath keyPath, ReadConsistency consistency);

    /** {@link #get(Projection, KeyPath, ReadConsistency)} with a strongly consistent read. */
    default <P> CompletableFuture<Optional<P>> get(Projection<P> projection, KeyPath keyPath) {
        return get(projection, keyPath, ReadConsistency.STRONG);
    }

    /** One page of a projected query, exactly as {@link KeyPathTable#query(Projection, ItemQuery)}. */
    <P> CompletableFuture<Page<P>> query(Projection<P> projection, ItemQuery query);

    /** One page of a projected scan, exactly as {@link KeyPathTable#scan(Projection, ItemScan)}. */
    <P> CompletableFuture<Page<P>> scan(Projection<P> projection, ItemScan scan);

    /** Many items read as a projection's view, exactly as {@link KeyPathTable#batchGet(Projection, Collection, ReadConsistency)}. */
    <P> CompletableFuture<List<P>> batchGet(Projection<P> projection, Collection<KeyPath> keyPaths,
                                            ReadConsistency consistency);

    /** {@link #query(ItemQuery)} restricted to one type, as {@link KeyPathTable#query(Class, ItemQuery)}. */
    <T> CompletableFuture<Page<T>> query(Class<T> type, ItemQuery query);

    /**
     * Every item of {@code query}, page after page, as a {@link Flow.Publisher}: the non-blocking counterpart of
     * {@link KeyPathTable#stream(ItemQuery)}, with the same items in the same order. Each page is the page
     * {@link #query(ItemQuery)} reads, and the next continues from its token; the query's limit sets the page size
     * (0: DynamoDB's 1 MB pages), and a page token in the query is where the read starts.
     *
     * <p>The publisher is cold: nothing is read before a subscriber asks, and each subscriber reads from the start on
     * its own. It keeps the Reactive Streams rules (checked by their TCK):
     * <ul>
     *   <li><b>Demand.</b> A page is read only once every item of the pages before it has been handed over and the
     *       subscriber has asked for more: at most one page is in flight, and none is read beyond the one the
     *       demand needs ({@code request(1)} reads one page). The items of a page beyond the demand wait for it.</li>
     *   <li><b>Cancellation.</b> {@code cancel()} cancels the request in flight and drops its page; nothing more is
     *       sent or signalled.</li>
     *   <li><b>Errors.</b> Every failure ends the read with {@code onError}, after the items of the pages before it,
     *       with the exception {@link #query(ItemQuery)} fails with: an SDK failure as the SDK's exception (a
     *       throttled request is retried by the SDK's retry policy, as for the synchronous stream); an item the table
     *       cannot read goes to its {@link UnreadableItemHandler} first, so that with the default handler it is an
     *       {@link UnreadableItemException} and no later page is read, while a handler that returns leaves it out
     *       and the read goes on. A query the table refuses before any request (a null argument, an unknown type or
     *       index, an invalid page token) fails each subscriber at once, right after {@code onSubscribe}, without
     *       waiting for demand.</li>
     *   <li><b>Signals.</b> {@code onSubscribe} first, then one signal at a time, none after {@code onComplete},
     *       {@code onError} or {@code cancel()}; a {@code request} made inside {@code onNext} does not recurse.
     *       Signals arrive on a thread of the SDK client's future-completion executor or on the thread that calls
     *       {@code request}. A subscriber that throws from {@code onSubscribe} or {@code onNext} has its subscription
     *       cancelled and receives that exception through {@code onError}, as from
     *       {@link java.util.concurrent.SubmissionPublisher}.</li>
     * </ul>
     * With Reactor or RxJava, wrap it with {@code org.reactivestreams.FlowAdapters.toPublisher}. Example:
     * {@code table.publish(ItemQuery.of(q -> q.subtree(userPath).limit(100))).subscribe(subscriber)}.
     */
    Flow.Publisher<Object> publish(ItemQuery query);

    /**
     * {@link #publish(ItemQuery)} restricted to one type, as {@link KeyPathTable#stream(Class, ItemQuery)}.
     * Example: {@code Flow.Publisher<Post> posts = table.publish(Post.class, ItemQuery.of(q -> q.subtree(user)))}.
     */
    <T> Flow.Publisher<T> publish(Class<T> type, ItemQuery query);

    /**
     * Every item of {@code query} read as {@code projection}'s view, page after page, as a publisher that behaves
     * as {@link #publish(ItemQuery)}: the counterpart of {@link KeyPathTable#stream(Projection, ItemQuery)}.
     */
    <P> Flow.Publisher<P> publish(Projection<P> projection, ItemQuery query);

    /**
     * Every item of {@code scan}, page after page, as a publisher that behaves as {@link #publish(ItemQuery)}: the
     * counterpart of {@link KeyPathTable#stream(ItemScan)}, each page read as {@link #scan(ItemScan)} reads it. A scan
     * of one segment ({@link ItemScan#split(int)}) reads that segment; for every segment at once, see
     * {@link #scanInParallel}.
     */
    Flow.Publisher<Object> publish(ItemScan scan);

    /**
     * Every item of {@code scan} read as {@code projection}'s view, page after page, as a publisher that behaves as
     * {@link #publish(ItemQuery)}: the counterpart of {@link KeyPathTable#stream(Projection, ItemScan)}.
     */
    <P> Flow.Publisher<P> publish(Projection<P> projection, ItemScan scan);

    /** {@link KeyPathTable#queryKeys(ItemQuery)}, without blocking. */
    CompletableFuture<Page<ItemKey<?>>> queryKeys(ItemQuery query);

    /** {@link KeyPathTable#getByAlias(Class, KeyPath)}, without blocking. */
    <T> CompletableFuture<Optional<T>> getByAlias(Class<T> type, KeyPath alias);

    /**
     * Builder of a {@link KeyPathAsyncTable}: the SDK async client plus the {@link TableBuilderSettings}; not
     * thread-safe.
     */
    interface Builder extends TableBuilderSettings<Builder> {
        /** The SDK async client (required). */
        Builder client(DynamoDbAsyncClient client);

        /** Builds the table; throws {@link ItemMappingException} for a bad type. */
        KeyPathAsyncTable build();
    }
}
