package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.mapping.DefaultItemSchema;
import dev.keypath.dynamodb.internal.mapping.SchemaRegistry;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The collection of one page of an {@link ItemQuery}, without I/O: validates the query and decodes its page token
 * up front, then, as an {@link Operation}, asks for {@code Query} requests until the page is complete, and gives
 * the page with its signed next-page token. The caller's filter runs on the server; items are then
 * filtered exactly (key range, type filter, expiry) and mapped to their registered classes. Not thread-safe: one instance serves one call, step by step.
 */
final class QueryPager implements Operation<Page<Object>> {
    private final String table;
    private final ItemQuery q;
    private final SchemaRegistry registry;
    private final PageTokens tokens;
    private final QueryRequests.Target target;
    private final KeyRange range;
    private final Set<String> typeNames;
    private final Expr filter;
    private final byte[] fingerprint;
    private final List<Object> out = new ArrayList<>();
    private Map<String, AttributeValue> startKey;
    private Map<String, AttributeValue> resume;
    private int scanned;
    private boolean complete;

    private QueryPager(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values, PageTokens tokens) {
        this.table = table;
        this.q = q;
        this.registry = registry;
        this.tokens = tokens;
        CheckedQuery checked = CheckedQuery.of(table, q, registry, values, tokens);
        this.target = checked.target();
        this.range = checked.range();
        this.typeNames = checked.typeNames();
        this.filter = checked.filter();
        this.fingerprint = checked.fingerprint();
        this.startKey = checked.startKey();
    }

    /**
     * Starts a page; throws the adapter's exceptions (unknown index or type, oversize key, invalid page token)
     * before any request.
     */
    public static QueryPager start(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values,
                            PageTokens tokens) {
        return new QueryPager(table, q, registry, values, tokens);
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
        int pageLimit = QueryRequests.pageLimit(q.limit(), out.size(), !typeNames.isEmpty() || !filter.isEmpty());
        return QueryRequests.request(table, target, range, q, filter, startKey, pageLimit);
    }

    /** Consumes the response to {@link #nextRequest()}; true if another request is needed for this page. */
    private boolean accept(QueryResponse r) {
        boolean moreInDb = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        scanned += r.scannedCount() == null ? r.items().size() : r.scannedCount();
        List<Map<String, AttributeValue>> items = r.items();
        boolean full = false;
        for (int i = 0; i < items.size(); i++) {
            Map<String, AttributeValue> raw = items.get(i);
            Object mapped = map(raw);
            if (mapped != null) {
                out.add(mapped);
            }
            if (q.limit() > 0 && out.size() == q.limit()) {
                full = true;
                if (i < items.size() - 1 || moreInDb) {
                    resume = QueryRequests.resumeKey(target, raw);
                }
                break;
            }
        }
        if (full || !moreInDb) {
            return false;
        }
        startKey = r.lastEvaluatedKey();
        if (q.limit() == 0) {
            resume = startKey;
            return false;
        }
        return true;
    }

    /** The page collected so far, with a token when more items may follow. */
    private Page<Object> page() {
        return new Page<>(out, resume == null ? null : tokens.encode(resume, fingerprint), scanned);
    }

    private Object map(Map<String, AttributeValue> raw) {
        String name = SchemaRegistry.typeNameOf(raw);
        if (TableAttributes.SEQUENCE_TYPE.equals(name)) {
            return null;
        }
        if (!typeNames.isEmpty() && name != null && registry.isRegisteredName(name) && !typeNames.contains(name)) {
            return null; // an item of another registered type
        }
        KeyPath inRange = QueryRequests.keyPathIn(target, raw);
        if (inRange == null || !range.contains(inRange)) {
            return null;
        }
        // on the table the range's key path is the item's: decoded once; expired items are dropped by the
        // time-to-live extension of their type (and by the registry for types it cannot read)
        return registry.map(raw, target.index() == null ? inRange : DefaultItemSchema.keyPathOfItem(raw));
    }
}
