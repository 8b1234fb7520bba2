package dev.keypath.dynamodb.internal.request;

import dev.keypath.KeyRange;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.internal.expression.Expr;
import dev.keypath.dynamodb.internal.expression.ValueConverter;
import dev.keypath.dynamodb.internal.schema.IndexDefinition;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An {@link ItemQuery} checked against the table before any request, as a query page and a count both need it:
 * the index is declared, the key range's bounds fit the registered id types, the types are registered, the
 * filter is converted and the page token is genuine for this very query. Immutable.
 *
 * @param query       the query as given
 * @param target      the table or index the range applies to
 * @param range       the key range
 * @param typeNames   the stored names of the query's types, empty for every type
 * @param filter      the caller's filter, possibly {@link Expr#NONE}
 * @param fingerprint what a page token of this query is bound to
 * @param startKey    the key to start after, from the page token, or null
 */
public record CheckedQuery(ItemQuery query, QueryRequests.Target target, KeyRange range, Set<String> typeNames,
                    Expr filter, byte[] fingerprint, Map<String, AttributeValue> startKey) {

    /** Checks {@code q}; throws the adapter's exceptions (unknown index or type, oversize key, bad token). */
    public static CheckedQuery of(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values,
                           PageTokens tokens) {
        CheckedQuery checked = ofRange(table, q, registry, values);
        return q.pageToken() == null ? checked : checked.startingAfter(tokens.decode(q.pageToken(),
                checked.fingerprint()));
    }

    /** {@code q} with {@code startKey} to start after. */
    public CheckedQuery startingAfter(Map<String, AttributeValue> startKey) {
        return new CheckedQuery(query, target, range, typeNames, filter, fingerprint, startKey);
    }

    /**
     * {@link #of} without reading the page token ({@link #startKey()} is null): for a query over sharded
     * partitions, whose token holds a position per partition.
     */
    public static CheckedQuery ofRange(String table, ItemQuery q, SchemaRegistry registry, ValueConverter values) {
        QueryRequests.Target target = QueryRequests.Target.TABLE;
        if (q.index() != null) {
            IndexDefinition index = registry.index(q.index());
            target = QueryRequests.Target.of(index);
            if (!index.local() && q.consistency() == ReadConsistency.STRONG) {
                throw new IllegalArgumentException("Index '" + q.index() + "' is a global secondary index, which "
                        + "DynamoDB reads only with eventual consistency; use ReadConsistency.EVENTUAL, or a local "
                        + "index (@SecondaryKeyPath(local = true)) for strongly consistent reads");
            }
            if (index.projection() == IndexProjection.KEYS_ONLY && q.filter().isPresent()) {
                throw new IllegalArgumentException("Index '" + q.index() + "' holds keys only, so a filter on its "
                        + "items would see no attribute; query an index with projection ALL or INCLUDE of the "
                        + "filtered attributes");
            }
        }
        KeyRange range = QueryRequests.range(q);
        registry.checkIdTypes(range.from(), q.index());
        registry.checkIdTypes(range.to(), q.index());
        Set<String> typeNames = q.types().stream().flatMap(t -> registry.of(t).storedTypeNames().stream())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Expr filter = CallerFilters.of(q.filter().orElse(null), q.types(), q.index(), registry, values);
        byte[] fingerprint = QueryRequests.fingerprint(table, target, range, q, typeNames, filter);
        return new CheckedQuery(q, target, range, typeNames, filter, fingerprint, null);
    }
}
