package dev.keypath.dynamodb.internal.operation;

import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.SchemaRegistry;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * The number of items an {@link ItemQuery} selects, counted by DynamoDB ({@code Query} with
 * {@code Select=COUNT}, page after page): no item is transferred or mapped. What a query page would drop is left
 * out of the count by the filter expression DynamoDB evaluates: sequence counters, expired items (by the table's
 * clock) and, when the query names types, items of other types; the caller's filter applies too. The count
 * starts at the query's page token, if any, and stops once it reaches the query's limit, if any. Single use;
 * not thread-safe.
 */
final class ItemCount implements Operation<Long> {
    private final QueryRequest first;
    private final int limit;
    private QueryRequest next;
    private long count;

    ItemCount(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values, PageTokens tokens) {
        CheckedQuery checked = CheckedQuery.of(table, q, registry, values, tokens);
        Expr filter = countedItems(checked.typeNames(), registry.epochSecondNow()).and(checked.filter());
        this.first = QueryRequests.request(table, checked.target(), checked.range(), q, filter, checked.startKey(), 0)
                .toBuilder().select(Select.COUNT).build();
        this.limit = q.limit();
        this.next = first;
    }

    /** What a page would keep, as a filter expression: no counter, not expired, one of the types if named. */
    private static Expr countedItems(Set<String> typeNames, long now) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        names.put("#kp_t", TableAttributes.TYPE);
        names.put("#kp_ttl", TableAttributes.TTL);
        values.put(":kp_seq", AttributeValues.string(TableAttributes.SEQUENCE_TYPE));
        values.put(":kp_alias", AttributeValues.string(TableAttributes.ALIAS_TYPE));
        values.put(":kp_now", AttributeValues.number(now));
        String expression = "(attribute_not_exists(#kp_t) OR (#kp_t <> :kp_seq AND #kp_t <> :kp_alias))"
                + " AND (attribute_not_exists(#kp_ttl) OR #kp_ttl > :kp_now)";
        if (!typeNames.isEmpty()) {
            List<String> placeholders = new ArrayList<>();
            int i = 0;
            for (String name : typeNames) {
                values.put(":kp_type" + i, AttributeValues.string(name));
                placeholders.add(":kp_type" + i);
                i++;
            }
            expression += " AND #kp_t IN (" + String.join(", ", placeholders) + ")";
        }
        return Expr.of(expression, names, values);
    }

    @Override
    public Step next() {
        return next == null ? Step.DONE : Step.Exchange.of(DynamoApi.QUERY, next, this::accept);
    }

    private void accept(QueryResponse r) {
        count += r.count() == null ? 0 : r.count();
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        next = more && (limit <= 0 || count < limit)
                ? first.toBuilder().exclusiveStartKey(r.lastEvaluatedKey()).build() : null;
    }

    @Override
    public Long result() {
        return limit > 0 ? Math.min(count, limit) : count;
    }
}
