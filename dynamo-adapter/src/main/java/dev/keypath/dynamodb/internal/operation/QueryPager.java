package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.request.CheckedQuery;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.QueryPartitions;
import dev.keypath.dynamodb.internal.request.QueryRequests;
import dev.keypath.dynamodb.internal.request.RangeOccupants;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The collection of one page of an {@link ItemQuery}, without I/O: validates the query and decodes its page token
 * up front, then, as an {@link Operation}, asks for {@code Query} requests until the page is complete, and gives
 * the page with its signed next-page token. The caller's filter runs on the server; items are then
 * filtered exactly (key range, type filter, expiry) and mapped to their registered classes.
 *
 * <p>Each request's {@code Limit}, which DynamoDB counts in items read, is sized to what the page still needs
 * ({@link QueryRequests#pageLimit}): exactly that where the registered types prove that the range holds only items the
 * page keeps ({@link RangeOccupants}) and there is no filter, else that divided by the share of its reads the access
 * pattern has kept ({@link ReadYield}). A page that fills before the end of a response resumes after the last item it
 * read of those it returned or would drop, so the next page reads again only items that page can return.
 * Not thread-safe: one instance serves one call, step by step.
 */
final class QueryPager implements Operation<Page<Object>> {
    private final String table;
    private final ItemQuery q;
    private final SchemaRegistry registry;
    private final ReadShape shape;
    private final Expr projection;
    private final PageTokens tokens;
    private final QueryRequests.Target target;
    private final KeyRange range;
    private final Set<String> typeNames;
    private final Expr filter;
    private final byte[] fingerprint;
    /** True to collect each item's {@link ItemKey} instead of the item. */
    private final boolean keys;
    private final QueryItems itemMapper;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    /** True when every item the range can hold is one the page keeps (bar expiry and unreadable items). */
    private final boolean exact;
    /** What the access pattern has kept of what it read, found on first use; unused when {@link #exact}. */
    private final Supplier<ReadYield> yields;
    private ReadYield readYield;
    private final List<Object> out = new ArrayList<>();
    private Map<String, AttributeValue> startKey;
    private Map<String, AttributeValue> resume;
    private int scanned;
    private boolean complete;

    private QueryPager(String table, CheckedQuery checked, ReadShape shape, PageTokens tokens, boolean keys,
                       Expr projection, ReturnConsumedCapacity ask, Supplier<ReadYield> yields) {
        this.table = table;
        this.ask = ask;
        this.keys = keys;
        this.q = checked.query();
        this.registry = shape.registry();
        this.shape = shape;
        this.tokens = tokens;
        this.target = checked.target();
        this.range = checked.range();
        this.typeNames = checked.typeNames();
        this.filter = checked.filter();
        this.fingerprint = checked.fingerprint();
        this.startKey = checked.startKey();
        this.itemMapper = new QueryItems(registry, shape, target, range, typeNames, keys);
        this.projection = projection;
        this.exact = filter.isEmpty() && RangeOccupants.onlyOf(registry, target, range, typeNames);
        this.yields = yields;
    }

    /**
     * The page of {@code q}: over one partition, or merged over the shards its range lies in
     * ({@link ShardedQueryPager}), its requests asking for {@code ask} of capacity (null: not asking). Throws the
     * adapter's exceptions (unknown index or type, oversize key, invalid page token) before any request.
     */
    private static Operation<Page<Object>> page(String table, ItemQuery q, ReadShape shape, ValueConverter values,
                                                PageTokens tokens, boolean keys, ReturnConsumedCapacity ask,
                                                Supplier<ReadYield> yields) {
        SchemaRegistry registry = shape.registry();
        CheckedQuery checked = CheckedQuery.ofRange(table, q, registry, values);
        QueryRequests.Target target = checked.target();
        if (!keys && !target.wholeItems() && !readableFromIndex(shape, registry, target)) {
            throw new IllegalArgumentException("index " + target.index() + " holds parts of items: read whole items "
                    + "or views the index does not hold through its keys (IndexHydration), or read its keys "
                    + "(queryKeys)");
        }
        Expr projection = keys ? Expr.NONE : target.index() == null ? shape.projectionExpression()
                : target.wholeItems() ? shape.projectionExpression(target.pkAttribute(), target.skAttribute())
                : shape.indexEntryExpression(target.pkAttribute(), target.skAttribute());
        boolean tablePartitions = target.index() == null || target.strongReads(); // the table or a local index
        List<byte[]> partitions = tablePartitions
                ? QueryPartitions.of(registry, checked.range(), checked.typeNames())
                : QueryPartitions.ofIndex(registry, target.index(), checked.range(), checked.typeNames());
        if (QueryPartitions.sharded(partitions)) {
            QueryItems items = new QueryItems(registry, shape, target, checked.range(), checked.typeNames(), keys);
            return new ShardedQueryPager(table, checked, items, projection, tokens,
                    QueryPartitions.former(registry, checked.range(), checked.typeNames()), partitions, ask);
        }
        if (q.pageToken() != null) {
            checked = checked.startingAfter(tokens.decode(q.pageToken(), checked.fingerprint()));
        }
        return new QueryPager(table, checked, shape, tokens, keys, projection, ask, yields);
    }

    /** Whether the entries of the index {@code target} hold all {@code shape}, a projection, reads. */
    static boolean readableFromIndex(ReadShape shape, SchemaRegistry registry, QueryRequests.Target target) {
        return shape.projection() != null && shape.projection().readableFrom(registry.index(target.index()));
    }

    /**
     * Starts a page whose items are read in {@code shape}, its requests asking for {@code ask} of capacity (null: not
     * asking); throws the adapter's exceptions (unknown index or type, oversize key, invalid page token) before any
     * request.
     */
    static Operation<Page<Object>> start(String table, ItemQuery q, ReadShape shape, ValueConverter values,
                                         PageTokens tokens, ReturnConsumedCapacity ask, Supplier<ReadYield> yields) {
        return page(table, q, shape, values, tokens, false, ask, yields);
    }

    /**
     * Starts a page of keys: each item of the range as its {@link ItemKey} (registered type and key path), read with
     * a projection of keys, type and TTL only; works on every index, whatever it projects.
     */
    public static Operation<Page<Object>> startKeys(String table, ItemQuery q, SchemaRegistry registry,
                                                    ValueConverter values, PageTokens tokens) {
        return startKeys(table, q, registry, values, tokens, ReturnConsumedCapacity.INDEXES);
    }

    /** {@link #startKeys(String, ItemQuery, SchemaRegistry, ValueConverter, PageTokens)}, asking for {@code ask}. */
    static Operation<Page<Object>> startKeys(String table, ItemQuery q, SchemaRegistry registry,
                                             ValueConverter values, PageTokens tokens, ReturnConsumedCapacity ask) {
        return startKeys(table, q, registry, values, tokens, ask, ReadYield::new);
    }

    /**
     * {@link #startKeys(String, ItemQuery, SchemaRegistry, ValueConverter, PageTokens)}, asking for {@code ask}, its
     * requests sized from {@code yields}, the access pattern's.
     */
    static Operation<Page<Object>> startKeys(String table, ItemQuery q, SchemaRegistry registry,
                                             ValueConverter values, PageTokens tokens, ReturnConsumedCapacity ask,
                                             Supplier<ReadYield> yields) {
        return page(table, q, ReadShape.whole(registry), values, tokens, true, ask, yields);
    }

    @Override
    public Step next() {
        return complete ? Step.DONE : Step.Exchange.of(DynamoApi.QUERY, nextRequest(), r -> complete = !accept(r));
    }

    @Override
    public Page<Object> result() {
        return page();
    }

    /** The next {@code Query} request to run. */
    private QueryRequest nextRequest() {
        int pageLimit = QueryRequests.pageLimit(q.limit(), out.size(), exact ? 1 : readYield().keptShare(), scanned);
        QueryRequest request = QueryRequests.request(table, target, range, range.partitionKey(), q, filter, startKey,
                pageLimit, keys, ask);
        if (projection.isEmpty()) {
            return request;
        }
        Map<String, String> names = new LinkedHashMap<>(request.expressionAttributeNames());
        names.putAll(projection.names());
        return request.toBuilder().projectionExpression(projection.expression()).expressionAttributeNames(names)
                .build();
    }

    /** Consumes the response to {@link #nextRequest()}; true if another request is needed for this page. */
    private boolean accept(QueryResponse r) {
        boolean moreInDb = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        int read = r.scannedCount() == null ? r.items().size() : r.scannedCount();
        scanned += read;
        List<Map<String, AttributeValue>> items = r.items();
        int kept = 0;
        int last = -1; // the last item the page took (returned or dropped)
        boolean full = false;
        for (int i = 0; i < items.size() && !full; i++) {
            Object mapped = itemMapper.map(items.get(i));
            if (mapped != null) {
                out.add(mapped);
                kept++;
            }
            last = i;
            full = q.limit() > 0 && out.size() == q.limit();
        }
        if (full) {
            // past the page's last item: pass by what the page drops, so that the next page does not read it again
            while (last + 1 < items.size() && !itemMapper.keeps(items.get(last + 1))) {
                last++;
            }
            for (int i = last + 1; i < items.size(); i++) {
                kept += itemMapper.keeps(items.get(i)) ? 1 : 0;
            }
        }
        if (!exact) {
            readYield().add(kept, read);
        }
        if (full) {
            if (last + 1 < items.size()) {
                resume = QueryRequests.resumeKey(target, items.get(last));
            } else if (moreInDb) {
                resume = r.lastEvaluatedKey(); // everything read up to it was returned or dropped
            }
            return false;
        }
        if (!moreInDb) {
            return false;
        }
        startKey = r.lastEvaluatedKey();
        if (q.limit() == 0) {
            resume = startKey;
            return false;
        }
        return true;
    }

    private ReadYield readYield() {
        if (readYield == null) {
            readYield = yields.get();
        }
        return readYield;
    }

    /** The page collected so far, with a token when more items may follow. */
    private Page<Object> page() {
        return new Page<>(out, resume == null ? null : tokens.encode(resume, fingerprint), scanned);
    }
}
