package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.mapping.AttributeValues;
import dev.keypath.dynamodb.internal.request.CheckedQuery;
import dev.keypath.dynamodb.internal.request.PageTokens;
import dev.keypath.dynamodb.internal.request.QueryRequests;
import dev.keypath.dynamodb.internal.request.RangeOccupants;
import dev.keypath.dynamodb.internal.request.SchemaRegistry;
import dev.keypath.dynamodb.internal.request.TableConsistency;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * The number of items an {@link ItemQuery} selects: what a query of it would return. DynamoDB counts
 * ({@code Query} with {@code Select=COUNT}, page after page, no item transferred) the items of every type whose
 * read hooks cannot hide an item; what a query page would drop is left out by the filter expression DynamoDB
 * evaluates: sequence counters and aliases, expired items (by the table's clock) and, when the query names types,
 * items of other types; the caller's filter applies too. The items of types a caller's extension may hide (one
 * that applies to the type and overrides {@code afterRead}) are then read, the same range with the same filter
 * restricted to those types, and counted after the read hooks have run on each, as a query would map them; on an
 * index that holds parts of items, the index gives their keys and a batch get reads them in full. The count starts
 * at the query's page token, if any, and stops once it reaches the query's limit, if any: then each request's
 * {@code Limit} (items read) is what the count still needs, exactly that where the registered types prove that the
 * range holds only counted items and there is no filter ({@link RangeOccupants}), else that divided by the share of
 * the items read so far that were counted. Single use; not thread-safe.
 */
final class ItemCount implements Operation<Long> {
    private final String table;
    private final ItemQuery query;
    private final SchemaRegistry registry;
    private final BatchPolicy policy;
    private final QueryRequests.Target target;
    private final KeyRange range;
    private final int limit;
    /** What every request asks DynamoDB to report of its capacity; null: not asking. */
    private final ReturnConsumedCapacity ask;
    /** The first request that reads the items a read hook may hide, or null when no counted type has such a hook. */
    private final QueryRequest firstRead;
    private QueryRequest next;
    private boolean reading;
    /** The batch get of the items whose keys an index gave, while it runs. */
    private Operation<List<Object>> hydrating;
    private long count;
    /** Whether every item the range can hold is counted (bar expiry), so that a limit needs no more reads than it. */
    private final boolean exact;
    /** Items DynamoDB read for the count's {@code Select=COUNT} requests so far. */
    private long scanned;

    /** The count of {@code q}, its requests asking for {@code ask} of capacity (null: not asking). */
    ItemCount(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values, PageTokens tokens,
              BatchPolicy policy, ReturnConsumedCapacity ask) {
        this(table, q, registry, policy, CheckedQuery.of(table, q, registry, values, tokens), null, q.limit(), ask);
    }

    /**
     * The count of {@code checked} in the partition {@code partitionKey} (null: the range's own), from its start
     * key, up to {@code limit} (0: no limit): one shard of a sharded count ({@link ShardedCount}). Its requests ask
     * for {@code ask} of capacity (null: not asking).
     */
    ItemCount(String table, ItemQuery q, SchemaRegistry registry, BatchPolicy policy, CheckedQuery checked,
              byte[] partitionKey, int limit, ReturnConsumedCapacity ask) {
        this.table = table;
        this.ask = ask;
        this.query = q;
        this.registry = registry;
        this.policy = policy;
        this.target = checked.target();
        this.range = checked.range();
        this.limit = limit;
        byte[] pk = partitionKey == null ? range.partitionKey() : partitionKey;
        long now = registry.epochSecondNow();
        Set<String> hiding = hidingTypes(checked.typeNames(), registry);
        Expr counted = countedItems(checked.typeNames(), now).and(notOfTypes(hiding)).and(checked.filter());
        this.firstRead = hiding.isEmpty() ? null : QueryRequests.request(table, target, range, pk, q,
                countedItems(hiding, now).and(checked.filter()), checked.startKey(), 0, !target.wholeItems(), ask);
        this.exact = checked.filter().isEmpty()
                && RangeOccupants.onlyOf(registry, target, range, checked.typeNames());
        this.next = sized(QueryRequests.request(table, target, range, pk, q, counted, checked.startKey(), 0, false,
                ask).toBuilder().select(Select.COUNT).build());
    }

    /**
     * {@code request} with the {@code Limit} a count up to {@link #limit} needs next; unchanged without a limit, or
     * when the items a read hook may hide are counted after it (they are read in full pages).
     */
    private QueryRequest sized(QueryRequest request) {
        if (limit <= 0 || firstRead != null) {
            return request;
        }
        double share = exact ? 1 : scanned == 0 ? Double.NaN : (double) count / scanned;
        return request.toBuilder().limit(QueryRequests.pageLimit(limit, (int) Math.min(count, limit), share, scanned))
                .build();
    }

    /** The stored names of the counted types whose read hooks may hide an item: all registered ones if none named. */
    private static Set<String> hidingTypes(Set<String> typeNames, SchemaRegistry registry) {
        Collection<DefaultItemSchema<?>> counted = registry.schemas();
        Set<String> hiding = new LinkedHashSet<>();
        for (DefaultItemSchema<?> s : counted) {
            if ((typeNames.isEmpty() || typeNames.contains(s.typeName())) && registry.extensions().mayHide(s)) {
                hiding.addAll(s.storedTypeNames());
            }
        }
        return hiding;
    }

    /** What a page would keep, as a filter: none of keypath's own items, not expired, one of the types if named. */
    private static Expr countedItems(Set<String> typeNames, long now) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        names.put("#kp_t", TableAttributes.TYPE);
        names.put("#kp_ttl", TableAttributes.TTL);
        List<String> internal = placeholders(new TreeSet<>(TableAttributes.INTERNAL_TYPES), "kp_internal", values);
        values.put(":kp_now", AttributeValues.number(now));
        String expression = "(attribute_not_exists(#kp_t) OR NOT (#kp_t IN (" + String.join(", ", internal) + ")))"
                + " AND (attribute_not_exists(#kp_ttl) OR #kp_ttl > :kp_now)";
        if (!typeNames.isEmpty()) {
            expression += " AND #kp_t IN (" + String.join(", ", placeholders(typeNames, "kp_type", values)) + ")";
        }
        return Expr.of(expression, names, values);
    }

    /** The filter that leaves out items of {@code typeNames}; {@link Expr#NONE} when there are none. */
    private static Expr notOfTypes(Set<String> typeNames) {
        if (typeNames.isEmpty()) {
            return Expr.NONE;
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> placeholders = placeholders(typeNames, "kp_hide", values);
        return Expr.of("NOT (#kp_t IN (" + String.join(", ", placeholders) + "))",
                Map.of("#kp_t", TableAttributes.TYPE), values);
    }

    private static List<String> placeholders(Set<String> typeNames, String prefix, Map<String, AttributeValue> values) {
        List<String> placeholders = new ArrayList<>();
        for (String name : typeNames) {
            String p = ":" + prefix + placeholders.size();
            values.put(p, AttributeValues.string(name));
            placeholders.add(p);
        }
        return placeholders;
    }

    @Override
    public Step next() {
        if (hydrating != null) {
            Step step = hydrating.next();
            if (step != Step.DONE) {
                return step;
            }
            count += hydrating.result().size();
            hydrating = null;
            if (reached()) {
                next = null;
            }
        }
        if (next == null && !reading && firstRead != null && !reached()) {
            reading = true;
            next = firstRead;
        }
        if (next == null) {
            return Step.DONE;
        }
        return reading ? Step.Exchange.of(DynamoApi.QUERY, next, this::read)
                : Step.Exchange.of(DynamoApi.QUERY, next, this::counted);
    }

    private void counted(QueryResponse r) {
        count += r.count() == null ? 0 : r.count();
        scanned += r.scannedCount() == null ? 0 : r.scannedCount();
        QueryRequest following = following(next, r);
        next = following == null ? null : sized(following);
    }

    /** Counts the items of a read page that the read hooks keep, or starts the batch get of those an index named. */
    private void read(QueryResponse r) {
        List<ItemKey<?>> keys = new ArrayList<>();
        for (Map<String, AttributeValue> raw : r.items()) {
            KeyPath inRange = registry.storedKeyPath(raw, target.pkAttribute(), target.skAttribute());
            if (inRange == null || !range.contains(inRange)) {
                continue;
            }
            KeyPath keyPath = target.index() == null ? inRange
                    : registry.storedKeyPath(raw, TableAttributes.PK, TableAttributes.SK);
            if (keyPath == null) {
                continue;
            }
            DefaultItemSchema<?> schema;
            try {
                schema = registry.schemaOfStored(SchemaRegistry.typeNameOf(raw), keyPath);
                schema.checkStoredKeyPath(keyPath);
            } catch (UnreadableItemException e) {
                registry.unreadable(e);
                continue;
            }
            if (!target.wholeItems()) {
                keys.add(new ItemKey<>(schema.type(), keyPath));
            } else {
                Map<String, AttributeValue> decoded;
                try {
                    decoded = registry.decoded(schema, raw, keyPath);
                } catch (UnreadableItemException e) {
                    registry.unreadable(e);
                    continue;
                }
                if (registry.extensions().afterRead(schema, keyPath, decoded) != null) {
                    count++;
                }
            }
        }
        next = following(next, r);
        if (!keys.isEmpty()) {
            hydrating = BatchGets.read(table, keys, TableConsistency.of(query), policy, registry, ask);
        }
    }

    /** The request after {@code request} answered by {@code r}: null at the range's end or once the limit is met. */
    private QueryRequest following(QueryRequest request, QueryResponse r) {
        boolean more = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty();
        return more && !reached() ? request.toBuilder().exclusiveStartKey(r.lastEvaluatedKey()).build() : null;
    }

    private boolean reached() {
        return limit > 0 && count >= limit;
    }

    @Override
    public Long result() {
        return limit > 0 ? Math.min(count, limit) : count;
    }
}
