package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.request.CallerFilters;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.QueryRequests;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.ScanRequests;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The collection of one page of an {@link ItemScan}, without I/O: checks the types and decodes the page token up
 * front, then, as an {@link Operation}, asks for {@code Scan} requests until the page is complete, and gives the
 * page with its signed next-page token. The type filter and the caller's filter run on the server; sequence
 * counters and expired items are then left out, unreadable items go to the table's handler, and the rest is
 * mapped by the {@link ReadShape}. A page that fills in the middle of a response resumes after its last item,
 * so no item is skipped or repeated. Single use; not thread-safe.
 */
final class ScanPager implements Operation<Page<Object>> {
    private final String table;
    private final ItemScan scan;
    private final ReadShape shape;
    private final PageTokens tokens;
    private final Expr filter;
    private final Expr projection;
    private final boolean filtered;
    private final byte[] fingerprint;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    private final List<Object> out = new ArrayList<>();
    private Map<String, AttributeValue> startKey;
    private Map<String, AttributeValue> resume;
    private int scanned;
    private boolean complete;

    private ScanPager(String table, ItemScan scan, ReadShape shape, ValueConverter values, PageTokens tokens,
                      ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.scan = scan;
        this.shape = shape;
        this.tokens = tokens;
        SchemaRegistry registry = shape.registry();
        Set<String> typeNames = new LinkedHashSet<>();
        for (Class<?> t : scan.types()) {
            typeNames.addAll(registry.of(t).storedTypeNames()); // former names too: older items keep theirs
        }
        Expr callerFilter = CallerFilters.of(scan.filter().orElse(null), scan.types(), null, registry, values);
        this.filter = ScanRequests.typeFilter(typeNames).and(callerFilter);
        this.filtered = !filter.isEmpty();
        this.projection = shape.projectionExpression();
        this.fingerprint = ScanRequests.fingerprint(table, scan, typeNames, callerFilter);
        this.startKey = scan.pageToken() == null ? null : tokens.decode(scan.pageToken(), fingerprint);
    }

    /**
     * Starts a page, its requests asking for {@code ask} of capacity (null: not asking); throws the adapter's
     * exceptions (unregistered type, invalid page token) before any request.
     */
    static ScanPager start(String table, ItemScan scan, ReadShape shape, ValueConverter values, PageTokens tokens,
                           ReturnConsumedCapacity ask) {
        return new ScanPager(table, scan, shape, values, tokens, ask);
    }

    @Override
    public Step next() {
        return complete ? Step.DONE : Step.Exchange.of(DynamoApi.SCAN, nextRequest(), r -> complete = !accept(r));
    }

    @Override
    public Page<Object> result() {
        return new Page<>(out, resume == null ? null : tokens.encode(resume, fingerprint), scanned);
    }

    private ScanRequest nextRequest() {
        int pageLimit = QueryRequests.pageLimit(scan.limit(), out.size(), filtered);
        return ScanRequests.request(table, scan, filter, projection, startKey, pageLimit, ask);
    }

    /** Consumes the response to {@link #nextRequest()}; true if another request is needed for this page. */
    private boolean accept(ScanResponse r) {
        boolean moreInDb = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        scanned += r.scannedCount() == null ? r.items().size() : r.scannedCount();
        List<Map<String, AttributeValue>> items = r.items();
        for (int i = 0; i < items.size(); i++) {
            Map<String, AttributeValue> raw = items.get(i);
            Object mapped = map(raw);
            if (mapped != null) {
                out.add(mapped);
            }
            if (scan.limit() > 0 && out.size() == scan.limit()) {
                if (i < items.size() - 1 || moreInDb) {
                    resume = keyOf(raw);
                }
                return false;
            }
        }
        if (!moreInDb) {
            return false;
        }
        startKey = r.lastEvaluatedKey();
        if (scan.limit() == 0) {
            resume = startKey;
            return false;
        }
        return true;
    }

    private Object map(Map<String, AttributeValue> raw) {
        if (TableAttributes.isInternalType(SchemaRegistry.typeNameOf(raw))
                || shape.registry().isExpired(raw)) {
            return null;
        }
        KeyPath keyPath = shape.registry().storedKeyPath(raw, TableAttributes.PK, TableAttributes.SK);
        return keyPath == null ? null : shape.map(raw, keyPath);
    }

    /** The table key of {@code item}: where the next page starts. */
    private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(TableAttributes.PK, item.get(TableAttributes.PK));
        key.put(TableAttributes.SK, item.get(TableAttributes.SK));
        return key;
    }
}
