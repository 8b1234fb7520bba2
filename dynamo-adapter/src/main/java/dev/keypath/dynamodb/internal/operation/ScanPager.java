package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.request.CallerFilters;
import dev.keypath.dynamodb.internal.request.CopyPlacement;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.QueryRequests;
import dev.keypath.dynamodb.internal.request.ReadShape;
import dev.keypath.dynamodb.internal.request.ScanRequests;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The collection of one page of an {@link ItemScan}, without I/O: checks the types and decodes the page token up
 * front, then, as an {@link Operation}, asks for {@code Scan} requests until the page is complete, and gives the
 * page with its signed next-page token. The type filter and the caller's filter run on the server; keypath's own
 * items (sequence counters, aliases, the layout record) and expired items are then left out, unreadable items go to
 * the table's handler, and the rest is mapped by the {@link ReadShape}. Each request's {@code Limit} (items read) is
 * what the page still needs: exactly that when the scan keeps every registered type and has no filter of its own,
 * else that divided by the share of its reads the access pattern has kept ({@link ReadYield}). A page that fills in
 * the middle of a response resumes after the last item it read of those it returned or would drop, so no item is
 * skipped or repeated, and the next page reads again only items it can return. While a type is being re-sharded
 * ({@code @Sharded(formerCount)}), a copy of its item in the former layout is read only when the new layout does not
 * hold the item (one consistent keys-only {@code GetItem} per such copy, all of a response's at once), and a copy in
 * neither layout not at all, so a scan takes the copy a read by key path takes ({@link CopyPlacement}). Single use;
 * not thread-safe.
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
    /** A response whose former copies are to be checked next, and their indexes; or null. */
    private ScanResponse checking;
    private List<Integer> checkIndexes;
    /** A response whose former copies have been checked, to be read at the next step; or null. */
    private ScanResponse checked;
    /** Indexes of the response's items no read takes: copies elsewhere, or former copies the new layout holds. */
    private final Set<Integer> dropped = new HashSet<>();

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
        if (checked != null) { // the checks of its former copies are answered: the response is read now
            ScanResponse r = checked;
            checked = null;
            complete = !accept(r);
        }
        if (complete) {
            return Step.DONE;
        }
        if (checking != null) {
            return checks();
        }
        return Step.Exchange.of(DynamoApi.SCAN, nextRequest(), this::answered);
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

    /**
     * A response: read at once, unless it holds copies of items of a type being re-sharded in their former layout;
     * then those are checked first ({@link #checks()}).
     */
    private void answered(ScanResponse r) {
        List<Integer> former = new ArrayList<>();
        SchemaRegistry registry = shape.registry();
        for (int i = 0; i < r.items().size(); i++) {
            Map<String, AttributeValue> raw = r.items().get(i);
            if (CopyPlacement.ofReshardedType(registry, raw)) {
                CopyPlacement.Place place = CopyPlacement.of(registry, raw);
                if (place == CopyPlacement.Place.ELSEWHERE) {
                    dropped.add(i);
                } else if (place == CopyPlacement.Place.FORMER) {
                    former.add(i);
                }
            }
        }
        if (former.isEmpty()) {
            complete = !accept(r);
            return;
        }
        checking = r;
        checkIndexes = former;
    }

    /**
     * Reads, for each copy of the response in its former layout, whether the new layout holds the item too (one
     * consistent keys-only {@code GetItem} each, at once): then the former copy is dropped, since every read takes
     * the new layout's ({@link CopyPlacement}).
     */
    private Step checks() {
        ScanResponse r = checking;
        List<Integer> indexes = checkIndexes;
        checking = null;
        checkIndexes = null;
        List<Step.Exchange<?, ?>> gets = new ArrayList<>(indexes.size());
        for (int i : indexes) {
            Map<String, AttributeValue> raw = r.items().get(i);
            KeyPath path = DefaultItemSchema.keyPathOfItem(raw);
            DefaultItemSchema<?> schema = shape.registry().schemaOfStored(SchemaRegistry.typeNameOf(raw), path);
            Map<String, AttributeValue> key = Map.of(TableAttributes.PK, AttributeValues.binary(
                    schema.partitionKeyOf(path)), TableAttributes.SK, raw.get(TableAttributes.SK));
            gets.add(Step.Exchange.of(DynamoApi.GET_ITEM, GetItemRequest.builder().tableName(table).key(key)
                    .consistentRead(true).projectionExpression("#pk").expressionAttributeNames(
                            Map.of("#pk", TableAttributes.PK)).returnConsumedCapacity(ask).build(), found -> {
                                if (found.hasItem() && !found.item().isEmpty()) {
                                    dropped.add(i);
                                }
                            }));
        }
        checked = r;
        return gets.size() == 1 ? gets.get(0) : new Step.Concurrent(gets, ShardedQueryPager.MAX_IN_FLIGHT);
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
            Object mapped = dropped.contains(i) ? null : map(items.get(i));
            if (mapped != null) {
                out.add(mapped);
                kept++;
            }
            last = i;
            full = scan.limit() > 0 && out.size() == scan.limit();
        }
        if (full) {
            while (last + 1 < items.size() && takesNothing(last + 1, items.get(last + 1))) {
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
            dropped.clear();
            return false;
        }
        dropped.clear();
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

    /**
     * Whether no page takes the response's item {@code index} ({@code raw}), whatever it holds: keypath's own item, an
     * expired one, or a copy no read takes.
     */
    private boolean takesNothing(int index, Map<String, AttributeValue> raw) {
        return dropped.contains(index) || TableAttributes.isInternalType(SchemaRegistry.typeNameOf(raw))
                || shape.registry().isExpired(raw);
    }

    private ReadYield readYield() {
        if (readYield == null) {
            readYield = yields.get();
        }
        return readYield;
    }

    private Object map(Map<String, AttributeValue> raw) {
        if (TableAttributes.isInternalType(SchemaRegistry.typeNameOf(raw)) || shape.registry().isExpired(raw)) {
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
