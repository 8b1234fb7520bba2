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
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The collection of one page of an {@link ItemScan}, without I/O: checks the types and decodes the page token up
 * front, then, as an {@link Operation}, asks for {@code Scan} requests until the page is complete, and gives the
 * page with its signed next-page token. The type filter and the caller's filter run on the server; sequence
 * counters and expired items are then left out, unreadable items go to the table's handler, and the rest is
 * mapped by the {@link ReadShape}. Each request's {@code Limit} (items read) is what the page still needs: exactly
 * that when the scan keeps every registered type and has no filter of its own, else that divided by the share of its
 * reads the access pattern has kept ({@link ReadYield}). A page that fills in the middle of a response resumes after
 * the last item it read of those it returned or would drop, so no item is skipped or repeated, and the next page
 * reads again only items it can return. Single use; not thread-safe.
 */
final class ScanPager implements Operation<Page<Object>> {
    private final String table;
    private final ItemScan scan;
    private final ReadShape shape;
    private final PageTokens tokens;
    private final Expr filter;
    private final Expr projection;
    /** True when the scan keeps every item of a registered type: no type restriction leaves any out, no filter. */
    private final boolean exact;
    /** What the access pattern has kept of what it read, found on first use; unused when {@link #exact}. */
    private final Supplier<ReadYield> yields;
    private ReadYield readYield;
    private final byte[] fingerprint;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    private final List<Object> out = new ArrayList<>();
    private Map<String, AttributeValue> startKey;
    private Map<String, AttributeValue> resume;
    private int scanned;
    private boolean complete;

    private ScanPager(String table, ItemScan scan, ReadShape shape, ValueConverter values, PageTokens tokens,
                      ReturnConsumedCapacity ask, Supplier<ReadYield> yields) {
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
        this.exact = callerFilter.isEmpty() && (scan.types().isEmpty()
                || registry.schemas().stream().allMatch(s -> scan.types().contains(s.type())));
        this.yields = yields;
        this.projection = shape.projectionExpression();
        this.fingerprint = ScanRequests.fingerprint(table, scan, typeNames, callerFilter);
        this.startKey = scan.pageToken() == null ? null : tokens.decode(scan.pageToken(), fingerprint);
    }

    /**
     * Starts a page, its requests asking for {@code ask} of capacity (null: not asking); throws the adapter's
     * exceptions (unregistered type, invalid page token) before any request.
     */
    static ScanPager start(String table, ItemScan scan, ReadShape shape, ValueConverter values, PageTokens tokens,
                           ReturnConsumedCapacity ask, Supplier<ReadYield> yields) {
        return new ScanPager(table, scan, shape, values, tokens, ask, yields);
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
        int pageLimit = QueryRequests.pageLimit(scan.limit(), out.size(), exact ? 1 : readYield().keptShare(),
                scanned);
        return ScanRequests.request(table, scan, filter, projection, startKey, pageLimit, ask);
    }

    /** Consumes the response to {@link #nextRequest()}; true if another request is needed for this page. */
    private boolean accept(ScanResponse r) {
        boolean moreInDb = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        int read = r.scannedCount() == null ? r.items().size() : r.scannedCount();
        scanned += read;
        List<Map<String, AttributeValue>> items = r.items();
        int kept = 0;
        int last = -1; // the last item the page took (returned or dropped)
        boolean full = false;
        for (int i = 0; i < items.size() && !full; i++) {
            Object mapped = map(items.get(i));
            if (mapped != null) {
                out.add(mapped);
                kept++;
            }
            last = i;
            full = scan.limit() > 0 && out.size() == scan.limit();
        }
        if (full) {
            while (last + 1 < items.size() && dropped(items.get(last + 1))) {
                last++;
            }
            kept += items.size() - last - 1; // what the next page may keep
        }
        if (!exact) {
            readYield().add(kept, read);
        }
        if (full) {
            if (last + 1 < items.size()) {
                resume = keyOf(items.get(last));
            } else if (moreInDb) {
                resume = r.lastEvaluatedKey(); // everything read up to it was returned or dropped
            }
            return false;
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

    /** Whether the page drops {@code raw} whatever it holds: a counter, an alias or an expired item. */
    private boolean dropped(Map<String, AttributeValue> raw) {
        return TableAttributes.isInternalType(SchemaRegistry.typeNameOf(raw)) || shape.registry().isExpired(raw);
    }

    private ReadYield readYield() {
        if (readYield == null) {
            readYield = yields.get();
        }
        return readYield;
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
