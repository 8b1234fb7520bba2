package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemSnapshot;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.RetryBackoff;
import dev.keypath.dynamodb.SubtreeDeletion;
import dev.keypath.dynamodb.Transaction;
import dev.keypath.dynamodb.UniqueKeyWriteException;
import dev.keypath.dynamodb.UnreadableItemHandler;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.extension.BeanValidationExtension;
import dev.keypath.dynamodb.internal.extension.TimeToLiveExtension;
import dev.keypath.dynamodb.internal.extension.TimestampExtension;
import dev.keypath.dynamodb.internal.extension.VersionExtension;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.request.Aliases;
import dev.keypath.dynamodb.internal.request.ConditionFailures;
import dev.keypath.dynamodb.internal.request.DeleteActions;
import dev.keypath.dynamodb.internal.request.ExpiredItems;
import dev.keypath.dynamodb.internal.request.IdGenerator;
import dev.keypath.dynamodb.internal.request.ItemReads;
import dev.keypath.dynamodb.internal.request.KeyLimits;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.PutActions;
import dev.keypath.dynamodb.internal.request.ReadChecks;
import dev.keypath.dynamodb.internal.request.QueryPartitions;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.TransactGetRequests;
import dev.keypath.dynamodb.internal.request.TransactWriteRequests;
import dev.keypath.dynamodb.internal.request.TransactionActions;
import dev.keypath.dynamodb.internal.request.WriteAction;
import dev.keypath.dynamodb.internal.request.WriteAttempts;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.ProjectionSchema;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Every operation of a table, each written once as an {@link Operation} that both the synchronous and the
 * asynchronous table run with their driver, over what every operation of the table shares: its name, registered
 * types and extensions, value conversion, page tokens and id generation. Building an operation checks its input
 * and may throw; requests are built and responses mapped as the driver runs it. Immutable and thread-safe.
 */
public final class TableOperations {
    private static final ToLongFunction<KeyPath> NO_SEQUENCE = prefix -> {
        throw new IllegalStateException("no sequence value was allocated for " + prefix);
    };

    private final String table;
    private final SchemaRegistry registry;
    private final ValueConverter values;
    private final PageTokens tokens;
    private final IdGenerator ids;
    private final BatchPolicy batchPolicy;
    private final Metering metering;
    /** The names of this table's queries, the derived ones kept by shape. */
    private final QueryNames queryNames = new QueryNames();

    private TableOperations(String table, SchemaRegistry registry, ValueConverter values, PageTokens tokens,
                            IdGenerator ids, BatchPolicy batchPolicy, Metering metering) {
        this.table = table;
        this.registry = registry;
        this.values = values;
        this.tokens = tokens;
        this.ids = ids;
        this.batchPolicy = Objects.requireNonNull(batchPolicy, "batchPolicy");
        this.metering = Objects.requireNonNull(metering, "metering");
    }

    /**
     * {@code operation} metered ({@link MeteredOperation}), its name built only for a report. An operation whose
     * result carries its capacity ({@code attach} not null) is always metered; any other only when the table is
     * observed ({@link Metering#observed}), its requests built asking for {@link Metering#askForObservers}.
     */
    private <T> Operation<T> metered(Operation<T> operation, OperationKind kind, Class<?> type, String index,
                                     Function<T, KeyPath> keyPath, Supplier<String> name,
                                     ToLongFunction<T> returned, BiFunction<T, OperationCapacity, T> attach) {
        return metered(operation, kind, type, index, keyPath, name, returned, attach, null);
    }

    /** {@link #metered}, run inside {@code enclosing} (whose observation, once started, is its parent), or null. */
    private <T> Operation<T> metered(Operation<T> operation, OperationKind kind, Class<?> type, String index,
                                     Function<T, KeyPath> keyPath, Supplier<String> name,
                                     ToLongFunction<T> returned, BiFunction<T, OperationCapacity, T> attach,
                                     Operation<?> enclosing) {
        return new MeteredOperation<>(operation, metering, table,
                new MeteredOperation.Access<>(kind, type, index, keyPath, name, returned, attach),
                enclosing instanceof MeteredOperation<?> m ? m : null);
    }

    /** The key path a query or count addresses: its subtree's prefix or its range's lower bound. */
    private static KeyPath addressOf(ItemQuery query) {
        return query.subtree().orElseGet(() -> query.from().orElse(null));
    }

    private KeyPath keyPathOf(DeleteItem<?> delete) {
        if (delete.keyPath().isPresent()) {
            return delete.keyPath().get();
        }
        Object item = delete.item().orElseThrow();
        return registry.ofItem(item).keyPathOf(item, Map.of());
    }

    private static long present(Optional<?> item) {
        return item.isPresent() ? 1 : 0;
    }

    private static Class<?> oneType(List<Class<?>> types) {
        return types.size() == 1 ? types.get(0) : null;
    }

    private static List<Class<?>> typesOf(Collection<? extends ItemKey<?>> keys) {
        return keys.stream().<Class<?>>map(ItemKey::type).distinct().collect(Collectors.toList());
    }

    /**
     * @param mapper      the mapper, built only if a type or value needs it
     * @param secret      page-token secret, or null for a random one valid in this process only
     * @param extensions  the caller's extensions, run after the built-in ones (version, time to live, timestamps,
     *                    validation)
     * @param validator   a {@code jakarta.validation.Validator} that validates items before puts, or null for none
     *                    (typed loosely so that no validation class is loaded without one)
     * @param batchPolicy the retries of batch reads and writes
     * @param metering    the capacity the requests ask for and the listener each operation reports to
     * @param written which version the table writes of each type (a rolling deploy) and which types a write upgrades
     */
    public static TableOperations create(String table, Collection<Class<?>> types, MapperSource mapper, byte[] secret,
                                         Clock clock, UnreadableItemHandler unreadable, List<ItemExtension> extensions,
                                         Object validator, BatchPolicy batchPolicy, Metering metering,
                                         dev.keypath.dynamodb.internal.request.WriteVersions written) {
        Objects.requireNonNull(table, "tableName");
        ValueConverter values = new ValueConverter(mapper);
        List<ItemExtension> all = new ArrayList<>(List.of(VersionExtension.INSTANCE, TimeToLiveExtension.INSTANCE,
                new TimestampExtension(values)));
        if (validator != null) {
            all.add(BeanValidationExtension.of(validator));
        }
        all.addAll(extensions);
        return new TableOperations(table, new SchemaRegistry(types, mapper, clock, unreadable, all, written), values,
                secret == null ? PageTokens.withRandomSecret() : new PageTokens(secret), new IdGenerator(clock),
                batchPolicy, metering);
    }

    public String table() {
        return table;
    }

    public SchemaRegistry registry() {
        return registry;
    }

    public ValueConverter values() {
        return values;
    }

    /** What the table's requests ask of consumed capacity, and who follows its operations. */
    Metering metering() {
        return metering;
    }

    /**
     * The stored key of the item of type {@code typeName} at {@code keyPath}: in its shard when that type is
     * sharded (an alias's holder, named by the alias item).
     */
    private Map<String, AttributeValue> storedKey(String typeName, KeyPath keyPath) {
        return KeyLimits.keyOf(registry.isRegisteredName(typeName) ? registry.schemaOfStored(typeName, keyPath)
                : null, keyPath);
    }

    /** {@code GetItem} of one item, mapped to {@code type}. */
    public <T> Operation<Optional<T>> get(Class<T> type, KeyPath keyPath, ReadConsistency consistency) {
        DefaultItemSchema<T> schema = registry.of(type, keyPath);
        Operation<Optional<T>> get = ReshardReads.get(schema, keyPath,
                ItemReads.request(table, schema, keyPath, consistency, metering.askForObservers()),
                r -> ItemReads.response(r, schema, keyPath, registry));
        return metering.observed() ? metered(get, OperationKind.GET, type, null, r -> keyPath,
                () -> AccessPatterns.single(type, "get"), TableOperations::present, null) : get;
    }

    /** The item of {@code type} that holds the alternate key path {@code alias}, read through its alias item. */
    public <T> Operation<Optional<T>> getByAlias(Class<T> type, KeyPath alias) {
        DefaultItemSchema<T> schema = registry.of(type);
        if (!schema.hasAliases()) {
            throw new ItemMappingException(schema.typeName() + " declares no @UniqueKeyPath, so "
                    + "no alias points at its items", alias, null);
        }
        schema.checkAliasPath(Objects.requireNonNull(alias, "alias"));
        Operation<Optional<T>> lookup = new AliasLookup<>(table, schema, alias, registry, metering.askForObservers());
        return metering.observed() ? metered(lookup, OperationKind.GET_BY_ALIAS, type, null, r -> alias,
                () -> AccessPatterns.single(type, "getByAlias"), TableOperations::present, null) : lookup;
    }

    /** A put: allocates a sequence id first when the item needs one, then {@code PutItem}. */
    public <T> Operation<T> put(PutItem<T> put) {
        T item = put.item();
        DefaultItemSchema<?> schema = registry.ofItem(item);
        Expr condition = values.toExpr(put.condition().orElse(null));
        ReturnConsumedCapacity ask = metering.askForObservers();
        Operation<T> putting = Operations.then(sequence(schema, item, ask), sequence -> {
            WriteAction action = preparePut(schema, item, put.mode(), condition, WriteKind.PUT, sequence);
            if (schema.hasAliases()) {
                return ReshardMoves.then(table, schema, action.keyPath(), Operations.map(new AliasedWrite(table,
                        action, schema.typeName(), registry::epochSecondNow, this::storedKey, ask),
                        written -> PutActions.stored(schema, item, action, registry.extensions())), ask);
            }
            return ReshardMoves.then(table, schema, action.keyPath(), WriteOverExpired.single(table, action, DynamoApi.PUT_ITEM,
                    action.toPutItemRequest(table, ask),
                    WriteAttempts::recording, r -> PutActions.stored(schema, item, action, registry.extensions()),
                    (e, attempts) -> settle(action, e, attempts, stored -> ConditionFailures.ofPut(action, stored),
                            schema, () -> PutActions.stored(schema, item, action, registry.extensions()))), ask);
        });
        return metering.observed() ? metered(putting, OperationKind.PUT, schema.type(), null,
                stored -> schema.keyPathOf(stored != null ? stored : item, Map.of()),
                () -> AccessPatterns.single(schema.type(), "put"), stored -> 1, null) : putting;
    }

    /** A delete ({@code DeleteItem}); its result is the deleted item when the request asks for it. */
    public <T> Operation<Optional<T>> delete(DeleteItem<T> delete) {
        DefaultItemSchema<?> deletedType = delete.item().isPresent() ? registry.ofItem(delete.item().get())
                : registry.of(delete.type());
        Operation<Optional<T>> deletion = ReshardMoves.then(table, deletedType, keyPathOf(delete),
                unmeteredDelete(delete), metering.askForObservers());
        return metering.observed() ? metered(deletion, OperationKind.DELETE, delete.type(), null, r -> keyPathOf(delete),
                () -> AccessPatterns.single(delete.type(), "delete"), TableOperations::present, null) : deletion;
    }

    private <T> Operation<Optional<T>> unmeteredDelete(DeleteItem<T> delete) {
        WriteAction action = DeleteActions.action(registry, values, delete);
        DefaultItemSchema<?> deleted = delete.item().isPresent() ? registry.ofItem(delete.item().get())
                : registry.of(delete.type());
        if (deleted.hasAliases()) {
            if (delete.returnsDeleted()) {
                throw new UniqueKeyWriteException("A delete of " + deleted.typeName() + " (it declares @UniqueKeyPath) "
                        + "runs as a transaction, which returns no item; read the item first", action.keyPath());
            }
            return Operations.map(new AliasedWrite(table, action, deleted.typeName(), registry::epochSecondNow,
                    this::storedKey, metering.askForObservers()), written -> Optional.empty());
        }
        if (!delete.returnsDeleted()) {
            return WriteOverExpired.single(table, action, DynamoApi.DELETE_ITEM,
                    action.toDeleteItemRequest(table, ReturnValue.NONE, metering.askForObservers()),
                    WriteAttempts::recording, r -> Optional.empty(),
                    (e, attempts) -> settle(action, e, attempts, ConditionFailures::ofDelete, deleted, Optional::empty));
        }
        DefaultItemSchema<T> schema = registry.of(delete.type());
        long now = registry.epochSecondNow();
        return WriteOverExpired.single(table, action, DynamoApi.DELETE_ITEM,
                action.toDeleteItemRequest(table, ReturnValue.ALL_OLD, metering.askForObservers()), WriteAttempts::recording,
                r -> r.hasAttributes() && !r.attributes().isEmpty() && !ExpiredItems.isExpired(r.attributes(), now)
                        ? Optional.of(registry.readReturned(schema, r.attributes(), action.keyPath()))
                        : Optional.empty(), // an expired item was absent: none is returned
                (e, attempts) -> settle(action, e, attempts, ConditionFailures::ofDelete, deleted, Optional::empty));
    }

    /**
     * An update ({@code UpdateItem}); its result is the whole item after or before it (null when
     * {@code Returning.NONE}, or {@code OLD} of an upserted item). {@code UPDATED_*} return values are refused:
     * they are not whole items ({@link #updateWithResult}).
     */
    public <T> Operation<T> update(UpdateItem<T> update) {
        UpdateItem.Returning returning = update.returning();
        if (returning == UpdateItem.Returning.UPDATED_NEW || returning == UpdateItem.Returning.UPDATED_OLD) {
            throw new IllegalArgumentException("returning(" + returning + ") gives attributes, not an item: use "
                    + "updateWithResult for " + update);
        }
        return Operations.map(updateWithResult(update), r -> r.item().orElse(null));
    }

    /** An update ({@code UpdateItem}) with whatever its {@code Returning} asks for. */
    public <T> Operation<UpdateResult<T>> updateWithResult(UpdateItem<T> update) {
        DefaultItemSchema<T> schema = registry.of(update.type());
        Aliases.checkUpdate(schema, update.keyPath(), update.spec());
        return metered(ReshardMoves.then(table, schema, update.keyPath(),
                ItemUpdates.update(table, schema, update, values, registry), ReturnConsumedCapacity.INDEXES),
                OperationKind.UPDATE,
                update.type(), null, r -> update.keyPath(), () -> AccessPatterns.single(update.type(), "update"),
                r -> r.item().isPresent() ? 1 : 0, UpdateResult::withCapacity);
    }

    /**
     * One page of a query; on an index that holds parts of items (KEYS_ONLY, INCLUDE), the page of keys followed by
     * a batch get of the items ({@link IndexHydration}).
     */
    public Operation<Page<Object>> query(ItemQuery query) {
        return query(query, true);
    }

    /**
     * A page of {@link #query(ItemQuery)} whose caller takes only its items (a stream, a publisher): no result
     * carries its capacity, so it is metered and asks as any such operation ({@link #page}).
     */
    public Operation<Page<Object>> queryItems(ItemQuery query) {
        return query(query, false);
    }

    private Operation<Page<Object>> query(ItemQuery query, boolean pageRead) {
        Objects.requireNonNull(query, "query");
        ReturnConsumedCapacity ask = pageAsk(pageRead);
        Operation<Page<Object>> page = query.index() != null && !registry.index(query.index()).holdsWholeItems()
                ? IndexHydration.of(QueryPager.startKeys(table, query, registry, values, tokens, ask), query, table,
                        batchPolicy, registry, ask)
                : QueryPager.start(table, query, ReadShape.whole(registry), values, tokens, ask);
        return page(page, pageRead, OperationKind.QUERY, oneType(query.types()), query.index(), p -> addressOf(query),
                () -> queryNames.name(query, "query", null));
    }

    /**
     * What the requests of a page ask for: {@code INDEXES}, the builders' default, when the caller gets the page,
     * which carries its capacity (its {@link MeteredOperation} has each ask as the table says); else, when the
     * caller takes only its items, {@link Metering#askForObservers}.
     */
    private ReturnConsumedCapacity pageAsk(boolean pageRead) {
        return pageRead ? ReturnConsumedCapacity.INDEXES : metering.askForObservers();
    }

    /**
     * {@code page}, its requests asking as {@link #pageAsk} says: metered always when the caller gets the page, else
     * only when the table is observed.
     */
    private <P> Operation<Page<P>> page(Operation<Page<P>> page, boolean pageRead, OperationKind kind, Class<?> type,
                                        String index, Function<Page<P>, KeyPath> keyPath, Supplier<String> name) {
        return pageRead || metering.observed() ? metered(page, kind, type, index, keyPath, name,
                p -> p.items().size(), Page::withCapacity) : page;
    }

    /** One page of the keys {@code query} selects, on the table or any index, without reading the items. */
    public Operation<Page<ItemKey<?>>> queryKeys(ItemQuery query) {
        Operation<Page<ItemKey<?>>> keyPage = Operations.map(QueryPager.startKeys(table, Objects.requireNonNull(query, "query"), registry, values, tokens), page -> {
            List<ItemKey<?>> keys = new ArrayList<>(page.items().size());
            page.items().forEach(k -> keys.add((ItemKey<?>) k));
            return new Page<>(keys, page.nextPageToken(), page.scannedCount());
        });
        return metered(keyPage, OperationKind.QUERY_KEYS, oneType(query.types()), query.index(), p -> addressOf(query),
                () -> queryNames.name(query, "queryKeys", null), p -> p.items().size(), Page::withCapacity);
    }

    /** One page of a scan of the table or of one segment. */
    public Operation<Page<Object>> scan(ItemScan scan) {
        return scan(scan, true);
    }

    /** A page of {@link #scan(ItemScan)} whose caller takes only its items, as {@link #queryItems} is of a query. */
    public Operation<Page<Object>> scanItems(ItemScan scan) {
        return scan(scan, false);
    }

    private Operation<Page<Object>> scan(ItemScan scan, boolean pageRead) {
        return page(ScanPager.start(table, Objects.requireNonNull(scan, "scan"), ReadShape.whole(registry), values,
                tokens, pageAsk(pageRead)), pageRead, OperationKind.SCAN, oneType(scan.types()), null, null,
                () -> AccessPatterns.scan(scan, null));
    }

    /** One page of a scan of {@code projection}'s item type, each item read as its view. */
    public <P> Operation<Page<P>> scan(Projection<P> projection, ItemScan scan) {
        return scan(projection, scan, true);
    }

    /** A page of {@link #scan(Projection, ItemScan)} whose caller takes only its items ({@link #queryItems}). */
    public <P> Operation<Page<P>> scanItems(Projection<P> projection, ItemScan scan) {
        return scan(projection, scan, false);
    }

    private <P> Operation<Page<P>> scan(Projection<P> projection, ItemScan scan, boolean pageRead) {
        ProjectionSchema<P> schema = registry.projection(Objects.requireNonNull(projection, "projection"));
        ItemScan ofType = Objects.requireNonNull(scan, "scan").toBuilder().types(checkedTypes(projection,
                scan.types())).build();
        return page(Operations.map(ScanPager.start(table, ofType, new ReadShape(registry, schema), values, tokens,
                pageAsk(pageRead)), page -> page.ofType(projection.viewType())), pageRead, OperationKind.SCAN,
                projection.itemType(), null, null, () -> AccessPatterns.scan(scan, projection.viewType()));
    }

    /** One page of a query of {@code projection}'s item type, each item read as its view. */
    public <P> Operation<Page<P>> query(Projection<P> projection, ItemQuery query) {
        return query(projection, query, true);
    }

    /** A page of {@link #query(Projection, ItemQuery)} whose caller takes only its items ({@link #queryItems}). */
    public <P> Operation<Page<P>> queryItems(Projection<P> projection, ItemQuery query) {
        return query(projection, query, false);
    }

    private <P> Operation<Page<P>> query(Projection<P> projection, ItemQuery query, boolean pageRead) {
        ProjectionSchema<P> schema = registry.projection(Objects.requireNonNull(projection, "projection"));
        ItemQuery ofType = Objects.requireNonNull(query, "query").toBuilder().types(checkedTypes(projection,
                query.types())).build();
        return page(Operations.map(QueryPager.start(table, ofType, new ReadShape(registry, schema), values, tokens,
                pageAsk(pageRead)), page -> page.ofType(projection.viewType())), pageRead, OperationKind.QUERY,
                projection.itemType(), query.index(), p -> addressOf(query),
                () -> queryNames.name(query, "query", projection.viewType()));
    }

    /** {@code GetItem} of one item of {@code projection}'s item type, read as its view. */
    public <P> Operation<Optional<P>> get(Projection<P> projection, KeyPath keyPath, ReadConsistency consistency) {
        ProjectionSchema<P> schema = registry.projection(Objects.requireNonNull(projection, "projection"));
        DefaultItemSchema<?> itemSchema = registry.of(projection.itemType(), keyPath);
        Operation<Optional<P>> get = ReshardReads.get(itemSchema, keyPath,
                ItemReads.request(table, itemSchema, keyPath, consistency, schema, metering.askForObservers()),
                r -> r.hasItem() && !r.item().isEmpty()
                        ? ItemReads.mapProjected(r.item(), schema, keyPath, registry) : Optional.empty());
        return metering.observed() ? metered(get, OperationKind.GET, projection.itemType(), null, r -> keyPath,
                () -> AccessPatterns.single(projection.itemType(), "get"), TableOperations::present, null) : get;
    }

    /** Batch get of items of {@code projection}'s item type, each read as its view; found items in request order. */
    public <P> Operation<List<P>> batchGet(Projection<P> projection, Collection<KeyPath> keyPaths,
                                           ReadConsistency consistency) {
        ProjectionSchema<P> schema = registry.projection(Objects.requireNonNull(projection, "projection"));
        List<KeyPath> paths = List.copyOf(keyPaths);
        DefaultItemSchema<?> itemSchema = registry.of(projection.itemType());
        ReturnConsumedCapacity ask = metering.askForObservers();
        Operation<List<P>> read = movedFirst(Collections.nCopies(paths.size(), itemSchema), paths,
                BatchGets.readProjected(table, paths, consistency, batchPolicy, registry, schema,
                        projection.itemType(), ask), ask);
        return metering.observed() ? metered(read, OperationKind.BATCH_GET, projection.itemType(), null, null,
                () -> AccessPatterns.single(projection.itemType(), "batchGet"), List::size, null) : read;
    }

    /**
     * The one type a projected read names: the projection's item type, added when {@code types} is empty; an
     * error when the request names another type.
     */
    private static Class<?>[] checkedTypes(Projection<?> projection, List<Class<?>> types) {
        if (!types.isEmpty() && !types.equals(List.of(projection.itemType()))) {
            throw new IllegalArgumentException("A projection of " + projection.itemType().getSimpleName()
                    + " reads only its items, but the request names the types " + types);
        }
        return types.isEmpty() ? new Class<?>[] {projection.itemType()} : new Class<?>[0];
    }

    /** The number of items {@code query} selects: what a query would return ({@link ItemCount}). */
    public Operation<Long> count(ItemQuery query) {
        Operation<Long> count = ShardedCount.of(table, Objects.requireNonNull(query, "query"), registry, values,
                tokens, batchPolicy, metering.askForObservers());
        return metering.observed() ? metered(count, OperationKind.COUNT, oneType(query.types()), query.index(),
                n -> addressOf(query),
                () -> queryNames.name(query, "count", null), n -> n, null) : count;
    }

    /**
     * A consistent snapshot of up to 100 items ({@code TransactGetItems}): per key, the item mapped to its type, or
     * nothing when absent or expired.
     */
    public Operation<ItemSnapshot> transactGet(Collection<? extends ItemKey<?>> keys) {
        List<ItemKey<?>> ordered = List.copyOf(keys);
        List<Class<?>> types = typesOf(ordered);
        return metered(movedFirst(ordered, Operations.single(DynamoApi.TRANSACT_GET_ITEMS,
                TransactGetRequests.request(table, ordered, registry),
                r -> new ItemSnapshot(ordered, TransactGetRequests.items(r, ordered, registry)),
                e -> e instanceof TransactionCanceledException c ? TransactGetRequests.failure(ordered, c) : e),
                ReturnConsumedCapacity.INDEXES),
                OperationKind.TRANSACT_GET, oneType(types), null, null, () -> AccessPatterns.ofTypes(types, "transactGet"),
                s -> s.found().size(), ItemSnapshot::withCapacity);
    }

    /**
     * Deletes everything under {@code prefix}, at most {@code maxItems} items (0: no limit), after the key that
     * {@code resumeToken} names (null: from the start).
     */
    public Operation<SubtreeDeletion> deleteSubtree(KeyPath prefix, long maxItems, String resumeToken) {
        List<byte[]> partitions = QueryPartitions.all(registry, KeyRange.subtree(Objects.requireNonNull(prefix,
                "prefix")), Set.of());
        return metered(new SubtreeDelete(table, prefix, maxItems, resumeToken, tokens,
                batchPolicy, partitions), OperationKind.DELETE_SUBTREE, null, null, d -> prefix,
                () -> AccessPatterns.subtree("deleteSubtree",
                prefix), d -> 0, SubtreeDeletion::withCapacity);
    }

    /** Puts of stored attribute maps exactly as given, in batch-write chunks with retries. */
    public Operation<Void> batchPutStored(Collection<Map<String, AttributeValue>> items) {
        Operation<Void> put = StoredItemWrites.put(table, items, batchPolicy, metering.askForObservers());
        return metering.observed() ? metered(put, OperationKind.BATCH_PUT_STORED, null, null, null, () -> "batchPutStored",
                done -> 0, null) : put;
    }

    /** Batch get with retries; found items in request order. */
    public Operation<List<Object>> batchGet(Collection<? extends ItemKey<?>> keys, ReadConsistency consistency) {
        List<ItemKey<?>> ordered = List.copyOf(keys);
        ReturnConsumedCapacity ask = metering.askForObservers();
        Operation<List<Object>> read = movedFirst(ordered,
                BatchGets.read(table, ordered, consistency, batchPolicy, registry, ask), ask);
        if (!metering.observed()) {
            return read;
        }
        List<Class<?>> types = typesOf(ordered);
        return metered(read, OperationKind.BATCH_GET, oneType(types), null, null,
                () -> AccessPatterns.ofTypes(types, "batchGet"), List::size, null);
    }

    /**
     * {@code read} of several items by key, after moving those of a type being re-sharded out of their former
     * shards ({@link ReshardMoves}): a batch or transactional read names each item's key once, so the items are
     * first put where the new layout keeps them, by requests asking for {@code ask} of capacity (null: not asking).
     */
    private <R> Operation<R> movedFirst(List<ItemKey<?>> keys, Operation<R> read, ReturnConsumedCapacity ask) {
        List<DefaultItemSchema<?>> schemas = new ArrayList<>(keys.size());
        List<KeyPath> paths = new ArrayList<>(keys.size());
        for (ItemKey<?> k : keys) {
            schemas.add(registry.of(k.type()));
            paths.add(k.keyPath());
        }
        return movedFirst(schemas, paths, read, ask);
    }

    private <R> Operation<R> movedFirst(List<DefaultItemSchema<?>> schemas, List<KeyPath> paths, Operation<R> read,
                                        ReturnConsumedCapacity ask) {
        for (DefaultItemSchema<?> s : schemas) {
            if (s.shards() != null && s.shards().resharding()) {
                return Operations.then(ReshardMoves.before(table, schemas, paths, ask), moved -> read);
            }
        }
        return read;
    }

    /**
     * Batch write with retries; sequence ids of the puts are allocated first, one after another in the batch's
     * order. The result is the stored form of each put.
     */
    public Operation<List<Object>> batchWrite(WriteBatch batch) {
        List<DefaultItemSchema<?>> schemas = new ArrayList<>(batch.puts().size());
        for (Object item : batch.puts()) {
            schemas.add(BatchWrites.putSchema(registry, item));
        }
        List<WriteAction> deletes = BatchWrites.deletes(registry, batch);
        List<Integer> positions = new ArrayList<>(schemas.size());
        for (int i = 0; i < schemas.size(); i++) {
            positions.add(i);
        }
        ReturnConsumedCapacity ask = metering.askForObservers();
        Operation<List<Object>> write = Operations.then(Operations.inOrder(positions, i -> {
            DefaultItemSchema<?> schema = schemas.get(i);
            Object item = batch.puts().get(i);
            return Operations.map(sequence(schema, item, ask), sequence ->
                    preparePut(schema, item, PutMode.REPLACE, Expr.NONE, WriteKind.BATCH_PUT, sequence));
        }), puts -> {
            List<Object> stored = new ArrayList<>(puts.size());
            for (int i = 0; i < puts.size(); i++) {
                stored.add(PutActions.stored(schemas.get(i), batch.puts().get(i), puts.get(i), registry.extensions()));
            }
            List<WriteAction> all = new ArrayList<>(puts);
            all.addAll(deletes);
            return all.isEmpty() ? Operations.done(stored) : ReshardMoves.then(table, registry, all,
                    Operations.map(BatchWrites.write(table, all, batchPolicy, ask), done -> stored), ask);
        });
        if (!metering.observed()) {
            return write;
        }
        List<Class<?>> types = new ArrayList<>();
        schemas.forEach(schema -> types.add(schema.type()));
        batch.deletes().forEach(delete -> types.add(delete.type()));
        List<Class<?>> distinct = types.stream().distinct().toList();
        return metered(write, OperationKind.BATCH_WRITE, oneType(distinct), null, null,
                () -> AccessPatterns.ofTypes(distinct, "batchWrite"), List::size, null);
    }

    /**
     * A transaction: runs {@code body} to collect the actions, allocates the puts' sequence ids in declaration
     * order, then {@code TransactWriteItems}. The result holds, per action, the stored item of a put or null.
     */
    public Operation<List<Object>> transact(Consumer<Transaction> body) {
        TransactionActions tx = new TransactionActions(registry, values);
        body.accept(tx);
        return commit(tx, List.of());
    }

    /**
     * {@code read}, a read of a read-checked transaction whose request asks for {@link Metering#askForObservers},
     * metered as a get when the table is observed; inside {@code enclosing} (a read-modify-write), or null.
     */
    <T> Operation<Optional<T>> checkedRead(Class<T> type, Operation<Optional<T>> read, Operation<?> enclosing) {
        return metering.observed() ? metered(read, OperationKind.GET, type, null, null,
                () -> AccessPatterns.single(type, "readChecked"), TableOperations::present, null, enclosing) : read;
    }

    /** A new read-checked transaction: its reads are recorded and checked by its commit. */
    public CheckedUnit checkedUnit() {
        return new CheckedUnit(this, null);
    }

    /**
     * A new read-checked transaction run by {@code enclosing}, a {@link #readModifyWrite}: its reads and commit
     * are observed inside it.
     */
    public CheckedUnit checkedUnit(Operation<?> enclosing) {
        return new CheckedUnit(this, enclosing);
    }

    /**
     * A read-modify-write: the caller's unit run until it commits ({@link UnitAttempts}), metered as one operation
     * when the table is observed; its reads and commit ({@link #checkedUnit(Operation)}) are operations of their
     * own inside it.
     */
    public <R> Operation<R> readModifyWrite(int maxAttempts, RetryBackoff backoff) {
        Operation<R> attempts = new UnitAttempts<>(maxAttempts, backoff);
        return metering.observed() ? metered(attempts, OperationKind.READ_MODIFY_WRITE, null, null, null,
                () -> "readModifyWrite", r -> 0, null) : attempts;
    }

    /**
     * Sends {@code tx}'s actions as one transaction (puts' sequence ids allocated first, in declaration order),
     * together with a check that each of {@code reads} is unchanged; the result holds, per declared action, the
     * stored item of a put or null.
     */
    Operation<List<Object>> commit(TransactionActions tx, List<ReadChecks.Read> reads) {
        return commit(tx, reads, null);
    }

    /** {@link #commit(TransactionActions, List)} inside {@code enclosing} (a read-modify-write), or null. */
    Operation<List<Object>> commit(TransactionActions tx, List<ReadChecks.Read> reads, Operation<?> enclosing) {
        Operation<List<Object>> commit = unmeteredCommit(tx, reads, metering.askForObservers());
        return metering.observed() ? metered(commit, OperationKind.TRANSACT_WRITE, null, null, null,
                () -> reads.isEmpty() ? "transact" : "readCheckedTransact", List::size, null, enclosing) : commit;
    }

    /** The commit of {@code tx} checking {@code reads}, every request asking for {@code ask} (null: not asking). */
    private Operation<List<Object>> unmeteredCommit(TransactionActions tx, List<ReadChecks.Read> reads,
                                                    ReturnConsumedCapacity ask) {
        return Operations.then(Operations.inOrder(tx.declared(), declared -> {
            if (!(declared instanceof TransactionActions.Put put)) {
                return Operations.done((WriteAction) declared);
            }
            return Operations.map(sequence(put.schema(), put.item(), ask), sequence ->
                    preparePut(put.schema(), put.item(), put.mode(), put.condition(), WriteKind.TRANSACT_PUT,
                            sequence));
        }), actions -> ReshardMoves.then(table, registry, actions, reads.isEmpty()
                ? WriteOverExpired.transaction(table, actions,
                        () -> TransactWriteRequests.request(table, actions, UUID.randomUUID().toString(), ask),
                        r -> tx.results(actions), c -> TransactWriteRequests.failure(actions, c), tx::refused, ask)
                : checkedCommit(tx, actions, reads, ask), ask));
    }

    private Operation<List<Object>> checkedCommit(TransactionActions tx, List<WriteAction> writes,
                                                  List<ReadChecks.Read> reads, ReturnConsumedCapacity ask) {
        ReadChecks.Checked checked = ReadChecks.merge(writes, reads);
        return WriteOverExpired.transaction(table, checked.actions(), () -> ReadChecks.withOldItems(
                TransactWriteRequests.request(table, checked.actions(), UUID.randomUUID().toString(), ask), checked,
                writes), r -> tx.results(writes), c -> ReadChecks.failure(checked, writes, c), tx::refused, ask);
    }

    /**
     * Creates or verifies the table ({@link TableBootstrap}); {@code streams} may be null. Its control calls consume
     * no capacity and ask for none; it is metered when the table is observed, for its report.
     */
    public Operation<dev.keypath.dynamodb.TableStatus> bootstrap(StreamViewType streams) {
        Operation<dev.keypath.dynamodb.TableStatus> bootstrap = new TableBootstrap(table, registry.indexDefinitions(),
                streams, registry.clock());
        return metering.observed() ? metered(bootstrap, OperationKind.BOOTSTRAP, null, null, null, () -> "bootstrap",
                status -> 0, null) : bootstrap;
    }

    /** {@code item} with its unset auto ids generated (a sequence id allocated when one is needed). */
    public <T> Operation<T> withGeneratedIds(T item) {
        DefaultItemSchema<?> schema = registry.ofItem(Objects.requireNonNull(item, "item"));
        Operation<T> generated = Operations.map(sequence(schema, item, metering.askForObservers()),
                sequence -> withGeneratedIds(schema, item, sequence));
        return metering.observed() ? metered(generated, OperationKind.GENERATE_IDS, schema.type(), null,
                withIds -> schema.keyPathOf(withIds != null ? withIds : item, Map.of()),
                () -> AccessPatterns.single(schema.type(), "generateIds"), done -> 1, null) : generated;
    }

    /**
     * The sequence value an unset {@code SEQUENCE} id of {@code item} needs, allocated first (after the counter's
     * key is checked) by requests asking for {@code ask} of capacity (null: not asking), or a function that refuses
     * to be called when the item needs none.
     */
    private Operation<ToLongFunction<KeyPath>> sequence(DefaultItemSchema<?> schema, Object item,
                                                        ReturnConsumedCapacity ask) {
        IdGenerator.checkCounterKey(schema, item);
        if (!IdGenerator.needsSequence(schema, item)) {
            return Operations.done(NO_SEQUENCE);
        }
        return Operations.map(new SequenceAllocation(table, schema.sequencePrefix(item), schema, ask), value -> {
            long id = value;
            return prefix -> id;
        });
    }

    /**
     * A single-item write's failure: a failed condition settled by what is stored ({@link ConditionFailures}),
     * other failures unchanged.
     */
    private static <T> T settle(WriteAction action, RuntimeException e, WriteAttempts attempts,
                                Function<Map<String, AttributeValue>, ConditionFailures.Verdict> check,
                                DefaultItemSchema<?> schema, Supplier<T> succeeded) {
        if (!(e instanceof ConditionalCheckFailedException c)) {
            throw e;
        }
        return ConditionFailures.settle(action, c, attempts, check, schema.versionAttribute().orElse(null), succeeded);
    }

    /**
     * The write of a put: generates auto ids (taking a sequence value from {@code sequence} only when needed),
     * adds mode, version and caller conditions and checks key and item sizes. The counter key of a sequence
     * type is checked before {@code sequence} is called.
     *
     * @param kind what the put is, as the extensions are told (batch puts cannot check versions or conditions)
     */
    private WriteAction preparePut(DefaultItemSchema<?> schema, Object item, PutMode mode, Expr condition, WriteKind kind,
                                   ToLongFunction<KeyPath> sequence) {
        IdGenerator.checkCounterKey(schema, item);
        return PutActions.action(schema, item, ids.generate(schema, item, sequence), mode, condition, kind,
                registry.extensions(), values);
    }

    /**
     * {@code item} with its unset auto-id fields set from freshly generated values, or {@code item} itself when
     * none is unset; {@code sequence} is called only for an unset sequence field.
     */
    @SuppressWarnings("unchecked")
    private <T> T withGeneratedIds(DefaultItemSchema<?> schema, T item, ToLongFunction<KeyPath> sequence) {
        IdGenerator.checkCounterKey(schema, item);
        Map<String, Object> generated = ids.generate(schema, item, sequence);
        return generated.isEmpty() ? item : (T) schema.fromItem(schema.encode(item, generated).attributes());
    }
}
