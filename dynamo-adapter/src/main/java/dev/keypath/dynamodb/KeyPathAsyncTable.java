package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.DefaultKeyPathAsyncTable;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The non-blocking counterpart of {@link KeyPathTable} for single-item reads, writes and updates, paged
 * queries, batches and transactions, on the SDK's {@link DynamoDbAsyncClient}: for event-loop or reactive services that must not park a thread per
 * DynamoDB call. It reads and writes the same items as a {@link KeyPathTable} built with the same table name,
 * types, mapper and page-token secret (page tokens are interchangeable), and behaves the same: same mapping,
 * key/item size checks, TTL filtering, version checks and auto ids.
 *
 * <pre>{@code
 * KeyPathAsyncTable table = KeyPathAsyncTable.builder().client(asyncDynamo).tableName("app")
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
 * {@link CompletableFuture#get()} in an {@code ExecutionException}, as for any future.)
 *
 * <p><b>Cancellation.</b> Cancelling a returned future cancels the SDK request in flight for it and sends no
 * further request: no next query page, batch chunk, retry or write after a sequence id.
 *
 * <p>No method blocks; continuations run on the SDK client's future-completion executor. The client needs an
 * async HTTP client on the classpath (e.g. {@code software.amazon.awssdk:netty-nio-client}); batch backoff
 * waits run on {@link CompletableFuture#delayedExecutor}. Not offered here: bootstrap, an administrative step
 * (run {@link KeyPathTable#bootstrap()} at startup). Implementations are thread-safe.
 */
public interface KeyPathAsyncTable {
    /** A builder of the default implementation. */
    static Builder builder() {
        return DefaultKeyPathAsyncTable.builder();
    }

    /** The table name. */
    String tableName();

    /** The SDK client in use. */
    DynamoDbAsyncClient client();

    /** The mapping of a registered type; throws {@link UnknownItemTypeException} otherwise. */
    <T> ItemSchema<T> schema(Class<T> type);

    /** The key path of a registered item (every key field must be set); computed locally, hence not a future. */
    KeyPath keyPathOf(Object item);

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

    /** {@link #put(Object, PutMode)} with {@link PutMode#REPLACE}. */
    default <T> CompletableFuture<T> put(T item) {
        return put(item, PutMode.REPLACE);
    }

    /**
     * Writes one item ({@code PutItem}) and completes with the item as stored (generated ids, new version);
     * {@link ConditionFailedException} / {@link VersionConflictException} when the mode or version check fails.
     * A {@link dev.keypath.dynamodb.annotation.AutoId} sequence id costs one {@code UpdateItem} first, as in
     * {@link KeyPathTable#put(Object, PutMode)}.
     */
    <T> CompletableFuture<T> put(T item, PutMode mode);

    /** Writes one item if {@code condition} holds (in addition to any version check). */
    <T> CompletableFuture<T> put(T item, Condition condition);

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
     * Changes non-key fields of an existing item ({@code UpdateItem}) and completes with the item after the
     * update, exactly as {@link KeyPathTable#update}: {@link ConditionFailedException} if the item does not
     * exist or a condition fails, versions bumped and, with {@link UpdateSpec#expectedVersion()}, checked
     * ({@link VersionConflictException}).
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
     * Reads many items, exactly as {@link KeyPathTable#batchGet(Collection, ReadConsistency)}: {@code BatchGetItem}
     * in chunks of 100, unprocessed keys and throttled calls retried after capped exponential backoff with
     * jitter (waiting without blocking a thread) until done or the {@link BatchPolicy} deadline, then
     * {@link BatchIncompleteException}. Not atomic; completes with the found, unexpired items in request order.
     */
    CompletableFuture<List<Object>> batchGet(Collection<ItemKey> keys, ReadConsistency consistency);

    /** Batch get of one type with strong consistency. */
    default <T> CompletableFuture<List<T>> batchGet(Class<T> type, Collection<KeyPath> keyPaths) {
        List<ItemKey> keys;
        try {
            keys = keyPaths.stream().map(p -> new ItemKey(type, p)).toList();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return batchGet(keys, ReadConsistency.STRONG).thenApply(items -> items.stream().map(type::cast).toList());
    }

    /**
     * Writes many items, exactly as {@link KeyPathTable#batchWrite(WriteBatch)}: {@code BatchWriteItem} in chunks
     * of 25, retried like {@link #batchGet}. Not atomic: on {@link BatchIncompleteException} the listed items were
     * not written, all others were. Completes with the stored form of the puts (with generated ids), in order.
     */
    CompletableFuture<List<Object>> batchWrite(WriteBatch batch);

    /** {@link #batchWrite(WriteBatch)} built with a consumer. */
    default CompletableFuture<List<Object>> batchWrite(Consumer<WriteBatch.Builder> batch) {
        WriteBatch b;
        try {
            WriteBatch.Builder builder = WriteBatch.builder();
            batch.accept(builder);
            b = builder.build();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return batchWrite(b);
    }

    /**
     * Reads one page of a collection ({@code Query} requests, chained without blocking until the page is full or
     * the range is exhausted), exactly as {@link KeyPathTable#query(ItemQuery)}: same items, same order, same
     * opaque next-page token.
     */
    CompletableFuture<Page<Object>> query(ItemQuery query);

    /** {@link #query(ItemQuery)} built with a consumer. */
    default CompletableFuture<Page<Object>> query(Consumer<ItemQuery.Builder> query) {
        ItemQuery q;
        try {
            q = ItemQuery.of(query);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return query(q);
    }

    /** {@link #query(ItemQuery)} restricted to one type, as {@link KeyPathTable#query(Class, ItemQuery)}. */
    <T> CompletableFuture<Page<T>> query(Class<T> type, ItemQuery query);

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
