package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyRange;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.mapping.SchemaRegistry;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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
        QueryRequests.Target target = QueryRequests.Target.of(q.index());
        if (q.index() != null && !registry.indexes().contains(q.index())) {
            throw new IllegalArgumentException("No registered type declares index '" + q.index() + "'; known: "
                    + registry.indexes());
        }
        KeyRange range = QueryRequests.range(q);
        registry.checkIdTypes(range.from(), q.index());
        registry.checkIdTypes(range.to(), q.index());
        Set<String> typeNames = q.types().stream().map(t -> registry.of(t).typeName())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Expr callerFilter = values.toExpr(q.filter().orElse(null));
        Map<String, AttributeValue> startKey = q.pageToken() == null ? null
                : tokens.decode(q.pageToken(), QueryRequests.fingerprint(table, target, range, q, typeNames,
                        callerFilter));
        Expr filter = countedItems(typeNames, registry.epochSecondNow()).and(callerFilter);
        this.first = QueryRequests.request(table, target, range, q, filter, startKey, 0).toBuilder()
                .select(Select.COUNT).build();
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
        values.put(":kp_now", AttributeValues.number(now));
        String expression = "(attribute_not_exists(#kp_t) OR #kp_t <> :kp_seq)"
                + " AND (attribute_not_exists(#kp_ttl) OR #kp_ttl > :kp_now)";
        if (!typeNames.isEmpty()) {
            List<String> placeholders = new java.util.ArrayList<>();
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
