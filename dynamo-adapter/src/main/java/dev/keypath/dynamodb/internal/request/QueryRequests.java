package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.schema.IndexDefinition;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Builds {@code Query} requests for a key range on the table or a GSI, filters raw items exactly, and
 * fingerprints queries for page tokens. Pure.
 */
public final class QueryRequests {
    /**
     * Where a query runs: key attribute names, optional index name, whether strongly consistent reads are allowed
     * (the table and local indexes) and whether a row holds the whole item (the table and ALL indexes).
     */
    public record Target(String index, String pkAttribute, String skAttribute, boolean strongReads,
                         boolean wholeItems) {
        /** The table itself. */
        public static final Target TABLE = new Target(null, TableAttributes.PK, TableAttributes.SK, true, true);

        /** The table, or a global index of projection ALL; for tests and the table. */
        static Target of(String index) {
            return index == null ? TABLE
                    : new Target(index, TableAttributes.gsiPk(index), TableAttributes.gsiSk(index), false, true);
        }

        /** The index {@code d} declares. */
        static Target of(IndexDefinition d) {
            return new Target(d.name(), d.pkAttribute(), d.skAttribute(), d.local(), d.holdsWholeItems());
        }
    }

    private QueryRequests() {
    }

    public static KeyRange range(ItemQuery q) {
        if (q.subtree().isPresent()) {
            KeyPath prefix = q.subtree().get();
            KeyLimits.checkKey(prefix);
            return KeyRange.subtree(prefix);
        }
        KeyLimits.checkKey(q.from().orElseThrow());
        KeyLimits.checkKey(q.to().orElseThrow());
        return KeyRange.between(q.from().get(), q.to().get());
    }

    public static QueryRequest request(String table, Target target, KeyRange range, ItemQuery q, Expr filter,
                                Map<String, AttributeValue> startKey, int pageLimit) {
        return request(table, target, range, q, filter, startKey, pageLimit, false);
    }

    /**
     * The {@code Query} request of one step of a page.
     *
     * @param keysOnly ask only for the attributes a key needs: table and index keys, {@code _type} and {@code _ttl}
     */
    public static QueryRequest request(String table, Target target, KeyRange range, ItemQuery q, Expr filter,
                                Map<String, AttributeValue> startKey, int pageLimit, boolean keysOnly) {
        return request(table, target, range, range.partitionKey(), q, filter, startKey, pageLimit, keysOnly,
                ReturnConsumedCapacity.INDEXES);
    }

    /**
     * {@link #request(String, Target, KeyRange, ItemQuery, Expr, Map, int, boolean)} in the partition
     * {@code partitionKey} (the range's own, or one of its shards), asking for {@code ask} of capacity (null: not
     * asking).
     */
    public static QueryRequest request(String table, Target target, KeyRange range, byte[] partitionKey, ItemQuery q,
                                Expr filter, Map<String, AttributeValue> startKey, int pageLimit, boolean keysOnly,
                                ReturnConsumedCapacity ask) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        names.put("#kp_pk", target.pkAttribute());
        values.put(":kp_pk", AttributeValues.binary(partitionKey));
        String condition = "#kp_pk = :kp_pk";
        if (range.hasSortKeyCondition()) {
            names.put("#kp_sk", target.skAttribute());
            values.put(":kp_lo", AttributeValues.binary(range.lowerSortKey()));
            values.put(":kp_hi", AttributeValues.binary(range.upperSortKey()));
            condition += " AND #kp_sk BETWEEN :kp_lo AND :kp_hi";
        }
        if (!filter.isEmpty()) {
            // the caller's placeholders cannot clash with the #kp_/:kp_ ones (Condition refuses that prefix)
            names.putAll(filter.names());
            values.putAll(filter.values());
        }
        String projection = null;
        if (keysOnly) {
            names.put("#kp_tpk", TableAttributes.PK);
            names.put("#kp_tsk", TableAttributes.SK);
            names.put("#kp_type", TableAttributes.TYPE);
            names.put("#kp_ttl", TableAttributes.TTL);
            projection = "#kp_tpk, #kp_tsk, #kp_type, #kp_ttl";
            if (target.index() != null) {
                if (!target.pkAttribute().equals(TableAttributes.PK)) { // a local index shares the table's pk
                    names.put("#kp_ipk", target.pkAttribute());
                    projection += ", #kp_ipk";
                }
                names.put("#kp_isk", target.skAttribute());
                projection += ", #kp_isk";
            }
        }
        QueryRequest.Builder b = QueryRequest.builder().returnConsumedCapacity(ask).tableName(table).indexName(target.index())
                .filterExpression(filter.expression()).projectionExpression(projection)
                .keyConditionExpression(condition).expressionAttributeNames(names).expressionAttributeValues(values)
                .scanIndexForward(!q.descending())
                .consistentRead(target.strongReads() && TableConsistency.of(q) == ReadConsistency.STRONG);
        if (startKey != null) {
            b.exclusiveStartKey(startKey);
        }
        if (pageLimit > 0) {
            b.limit(pageLimit);
        }
        return b.build();
    }

    /**
     * The DynamoDB {@code Limit} for the next request of a page of {@code limit} items (0: none, DynamoDB's 1 MB
     * pages) that holds {@code collected} after reading {@code read} items: DynamoDB's {@code Limit} counts the items
     * it reads, kept or not, so the request asks for what is still missing divided by {@code keptShare}, the share of
     * the items read that the page is expected to keep: 1 where the registered types prove that the range holds only
     * what the page returns (exactly what is missing), else what the access pattern has kept so far (NaN: nothing
     * known yet, taken as 1). The share is taken as at least 1/{@value #MIN_KEPT_SHARE_INVERSE}, and a request past the
     * page's first reads at most {@value #GROWTH} times what the page has read, at most {@value #MAX_PAGE_LIMIT} items
     * (or what is missing, if more): a share learned from a few items can be far off, and a request that reads less
     * than the page needs is followed by another, while one that reads more than it returns leaves the rest for the
     * next page to read again.
     */
    public static int pageLimit(int limit, int collected, double keptShare, long read) {
        if (limit <= 0) {
            return 0;
        }
        int missing = limit - collected;
        double share = Double.isNaN(keptShare) ? 1 : Math.max(Math.min(keptShare, 1), 1.0 / MIN_KEPT_SHARE_INVERSE);
        double sized = Math.min(MAX_PAGE_LIMIT, Math.ceil(missing / share - 1e-9));
        if (read > 0) {
            sized = Math.min(sized, GROWTH * (double) read);
        }
        return (int) Math.max(missing, sized);
    }

    /** The smallest share of kept items a request is sized for, as its inverse: at most 16 items read per item kept. */
    static final int MIN_KEPT_SHARE_INVERSE = 16;
    /** The largest {@code Limit} a request sizes itself to (DynamoDB also stops each request at 1 MB). */
    static final int MAX_PAGE_LIMIT = 1000;
    /** How many times what a page has read its next request may read. */
    static final int GROWTH = 4;

    /** The key to resume after {@code item}: table key plus, for an index, the index key. */
    public static Map<String, AttributeValue> resumeKey(Target target, Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(TableAttributes.PK, item.get(TableAttributes.PK));
        key.put(TableAttributes.SK, item.get(TableAttributes.SK));
        if (target.index() != null) {
            key.put(target.pkAttribute(), item.get(target.pkAttribute())); // the table's pk again for a local index
            key.put(target.skAttribute(), item.get(target.skAttribute()));
        }
        return key;
    }

    /** Bytes that identify the query for page tokens; the limit and the token itself are excluded. */
    public static byte[] fingerprint(String table, Target target, KeyRange range, ItemQuery q, Set<String> typeNames,
                              Expr filter) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        field(out, "keypath-query-v1".getBytes(StandardCharsets.UTF_8));
        field(out, table.getBytes(StandardCharsets.UTF_8));
        field(out, (target.index() == null ? "" : target.index()).getBytes(StandardCharsets.UTF_8));
        field(out, range.partitionKey());
        field(out, range.hasSortKeyCondition() ? range.lowerSortKey() : new byte[0]);
        field(out, range.hasSortKeyCondition() ? range.upperSortKey() : new byte[0]);
        field(out, (q.subtree().map(KeyPath::toString).orElse("") + "|" + q.from().map(KeyPath::toString).orElse("")
                + "|" + q.to().map(KeyPath::toString).orElse("")).getBytes(StandardCharsets.UTF_8));
        out.write(q.descending() ? 1 : 0);
        out.write(TableConsistency.of(q).ordinal());
        field(out, String.join(",", new java.util.TreeSet<>(typeNames)).getBytes(StandardCharsets.UTF_8));
        if (!filter.isEmpty()) {
            field(out, filter.expression().getBytes(StandardCharsets.UTF_8));
            field(out, new java.util.TreeMap<>(filter.names()).toString().getBytes(StandardCharsets.UTF_8));
            field(out, new java.util.TreeMap<>(filter.values()).toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static void field(ByteArrayOutputStream out, byte[] bytes) {
        out.write(bytes.length >>> 24);
        out.write(bytes.length >>> 16);
        out.write(bytes.length >>> 8);
        out.write(bytes.length);
        out.writeBytes(bytes);
    }

}
