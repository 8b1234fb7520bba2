package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyRange;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The query of a shard's gap: the items that lie between where the shard resumes and the next item a page token
 * named for it, written since the token was made. The request of the shard's ordinary read, with its sort key
 * condition narrowed to end just before that item (after it, descending), so that a gap with nothing in it reads
 * no item. Pure.
 */
final class GapQueries {
    /** DynamoDB's longest sort key: the bound just below a key is that key's longest predecessor. */
    private static final int MAX_SORT_KEY = 1024;

    private GapQueries() {
    }

    /**
     * Whether nothing can lie between {@code from} (the key to resume after, null for the range's start) and the
     * sort key {@code next} in the query's order, so that no gap needs reading.
     */
    static boolean empty(Map<String, AttributeValue> from, String skAttribute, byte[] next, KeyRange range,
                         boolean descending) {
        if (from != null) {
            int c = Arrays.compareUnsigned(from.get(skAttribute).b().asByteArrayUnsafe(), next);
            return descending ? c <= 0 : c >= 0;
        }
        if (!range.hasSortKeyCondition()) {
            return false;
        }
        return descending ? Arrays.compareUnsigned(next, range.upperSortKey()) >= 0
                : Arrays.compareUnsigned(next, range.lowerSortKey()) <= 0;
    }

    /**
     * Whether a gap that starts at the range's start ({@code from} null) before {@code next} can be bounded: a
     * sort key of the longest length has no successor, a single zero byte no predecessor.
     */
    static boolean boundable(Map<String, AttributeValue> from, byte[] next, KeyRange range, boolean descending) {
        if (from != null || !range.hasSortKeyCondition()) {
            return true;
        }
        return descending ? next.length < MAX_SORT_KEY : predecessor(next) != null;
    }

    /**
     * {@code request}, the ordinary read of a shard resuming after its start key (or at the range's start when
     * {@code fromStart}), reading only sort keys before {@code next} in the query's order.
     */
    static QueryRequest before(QueryRequest request, String skAttribute, byte[] next, boolean fromStart,
                               KeyRange range, boolean descending) {
        Map<String, String> names = new LinkedHashMap<>(request.expressionAttributeNames());
        Map<String, AttributeValue> values = new LinkedHashMap<>(request.expressionAttributeValues());
        names.put("#kp_sk", skAttribute);
        values.remove(":kp_lo");
        values.remove(":kp_hi");
        String condition = "#kp_pk = :kp_pk AND ";
        if (fromStart && range.hasSortKeyCondition()) {
            // no start key to bound the other side: keep the range's own bound there
            if (descending) {
                values.put(":kp_gap", AttributeValues.binary(successor(next)));
                values.put(":kp_hi", AttributeValues.binary(range.upperSortKey()));
                condition += "#kp_sk BETWEEN :kp_gap AND :kp_hi";
            } else {
                values.put(":kp_lo", AttributeValues.binary(range.lowerSortKey()));
                values.put(":kp_gap", AttributeValues.binary(predecessor(next)));
                condition += "#kp_sk BETWEEN :kp_lo AND :kp_gap";
            }
        } else {
            // the start key, inside the range, bounds the other side
            values.put(":kp_gap", AttributeValues.binary(next));
            condition += descending ? "#kp_sk > :kp_gap" : "#kp_sk < :kp_gap";
        }
        return request.toBuilder().keyConditionExpression(condition).expressionAttributeNames(names)
                .expressionAttributeValues(values).build();
    }

    /** The smallest key after {@code key}: the key and a zero byte. */
    static byte[] successor(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }

    /**
     * The greatest key of at most {@value #MAX_SORT_KEY} bytes before {@code key}, or null when none is a key
     * (a single zero byte): without a trailing zero byte, the key with its last byte one less, followed by 0xFF up to
     * the longest length; with one, the key without it.
     */
    static byte[] predecessor(byte[] key) {
        int last = key.length - 1;
        if (key[last] == 0) {
            return last == 0 ? null : Arrays.copyOf(key, last);
        }
        byte[] before = Arrays.copyOf(key, Math.max(MAX_SORT_KEY, key.length));
        before[last]--;
        Arrays.fill(before, key.length, before.length, (byte) 0xFF);
        return before;
    }
}
