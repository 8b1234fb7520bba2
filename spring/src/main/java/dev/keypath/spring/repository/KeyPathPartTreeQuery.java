package dev.keypath.spring.repository;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * Runs one planned derived query: binds the call's arguments into the plan's key paths, sends one
 * {@link ItemQuery} per page through {@link KeyPathDynamoOperations} and shapes the result. Thread-safe.
 */
final class KeyPathPartTreeQuery implements RepositoryQuery {
    private final QueryMethod method;
    private final QueryPlan plan;
    private final KeyPathDynamoOperations operations;
    /** The view the method returns, read with a projection expression, or null for whole items. */
    private final Projection<?> projection;
    /** The access pattern its queries are named ({@link ItemQuery.Builder#named}). */
    private final String accessPattern;

    KeyPathPartTreeQuery(QueryMethod method, QueryPlan plan, KeyPathDynamoOperations operations,
                         Projection<?> projection, String accessPattern) {
        this.method = method;
        this.plan = plan;
        this.operations = operations;
        this.projection = projection;
        this.accessPattern = accessPattern;
    }

    @Override
    public QueryMethod getQueryMethod() {
        return method;
    }

    /** The plan (for tests and diagnostics). */
    QueryPlan plan() {
        return plan;
    }

    @Override
    public Object execute(Object[] parameters) {
        ParametersParameterAccessor args = new ParametersParameterAccessor(method.getParameters(), parameters);
        Optional<ItemQuery.Builder> base = baseQuery(args);
        Pageable pageable = args.getPageable();
        boolean descending = QueryResults.descending(plan.method(), args.getSort(), plan.orderVariable(),
                plan.descending());
        Integer max = maxResults(method.getParameters().hasLimitParameter() ? args.getLimit() : null, pageable);
        QueryResults results = new QueryResults(operations, plan.method(), base, descending, max, projection);
        return switch (plan.shape()) {
            case SLICE -> slice(base, pageable, descending, max);
            case PAGE -> results.page(pageable);
            case LIST -> readAll(base, descending, max);
            case STREAM -> results.stream();
            case STREAMABLE -> results.streamable();
            case DELETE -> QueryDeletes.delete(operations, plan.domainType(),
                    base.isEmpty() ? null : QueryDeletes.subtreeOf(plan, args, max), results);
            case ITEM_COLLECTION -> new ItemCollection(readAll(base, descending, max));
            case COUNT -> base.map(q -> operations.count(q.limit(max == null ? 0 : max).build())).orElse(0L);
            case EXISTS -> base.map(q -> operations.count(q.limit(1).build()) > 0).orElse(false);
            case SINGLE -> single(base, descending, max);
        };
    }

    /** The query without order, limit or token; empty if the range is empty or the filter matches nothing. */
    private Optional<ItemQuery.Builder> baseQuery(ParametersParameterAccessor args) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (QueryPlan.Binding b : plan.equalities()) {
            values.put(b.variable(), required(args.getBindableValue(b.argument()), b.variable()));
        }
        if (FilterConditions.matchesNothing(plan, args)) {
            return Optional.empty();
        }
        ItemQuery.Builder q = ItemQuery.builder().named(accessPattern);
        FilterConditions.of(plan, args).ifPresent(q::filter);
        if (plan.index() != null) {
            q.index(plan.index());
        }
        if (!plan.mixed()) {
            q.types(plan.domainType());
        }
        QueryPlan.Range range = plan.range();
        if (range == null) {
            q.subtree(bind(() -> plan.template().bindPrefix(values)));
            return Optional.of(q);
        }
        Optional<KeyId[]> bounds = bounds(range, args);
        if (bounds.isEmpty()) {
            return Optional.empty();
        }
        KeyPath from = withRange(values, range.variable(), bounds.get()[0]);
        KeyPath to = withRange(values, range.variable(), bounds.get()[1]);
        if (from.compareTo(to) > 0) {
            return Optional.empty();
        }
        q.between(from, to);
        return Optional.of(q);
    }

    private KeyPath withRange(Map<String, Object> values, String variable, KeyId id) {
        Map<String, Object> all = new LinkedHashMap<>(values);
        all.put(variable, id);
        return bind(() -> plan.template().bind(all));
    }

    /** Inclusive [from, to] ids of the range, or empty if no id can match. */
    private Optional<KeyId[]> bounds(QueryPlan.Range range, ParametersParameterAccessor args) {
        KeyId a = id(args.getBindableValue(range.argument()), range.variable());
        IdBounds kind = range.bounds();
        return switch (range.type()) {
            case BETWEEN -> Optional.of(new KeyId[] {a, id(args.getBindableValue(range.argument() + 1), range.variable())});
            case GREATER_THAN_EQUAL -> Optional.of(new KeyId[] {a, kind.max()});
            case GREATER_THAN, AFTER -> kind.next(a).map(n -> new KeyId[] {n, kind.max()});
            case LESS_THAN_EQUAL -> Optional.of(new KeyId[] {kind.min(), a});
            case LESS_THAN, BEFORE -> kind.previous(a).map(p -> new KeyId[] {kind.min(), p});
            default -> throw new IllegalStateException("unplanned range type " + range.type());
        };
    }

    private KeyId id(Object value, String variable) {
        Object v = required(value, variable);
        try {
            return KeyId.from(v);
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": " + variable + ": " + e.getMessage(), e);
        }
    }

    private Object required(Object value, String variable) {
        if (value == null) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": the value for key-path variable '"
                    + variable + "' must not be null");
        }
        return value;
    }

    private KeyPath bind(java.util.function.Supplier<KeyPath> binding) {
        try {
            return binding.get();
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": " + e.getMessage(), e);
        }
    }

    private Integer maxResults(Limit limit, Pageable pageable) {
        Integer max = plan.maxResults();
        if (limit != null && limit.isLimited()) {
            max = max == null ? limit.max() : Math.min(max, limit.max());
        }
        if (plan.shape() == QueryPlan.Shape.SLICE && pageable.isPaged()) {
            max = max == null ? pageable.getPageSize() : Math.min(max, pageable.getPageSize());
        }
        return max;
    }

    private List<Object> readAll(Optional<ItemQuery.Builder> base, boolean descending, Integer max) {
        if (base.isEmpty()) {
            return List.of();
        }
        List<Object> items = new ArrayList<>();
        String token = null;
        do {
            int limit = max == null ? 0 : max - items.size();
            ItemQuery query = base.get().descending(descending).limit(limit).pageToken(token).build();
            Page<?> page = page(query);
            items.addAll(page.items());
            token = page.nextPageToken();
        } while (token != null && (max == null || items.size() < max));
        return max != null && items.size() > max ? List.copyOf(items.subList(0, max)) : items;
    }

    /** One page of {@code query}: whole items, or the method's projection of them. */
    private Page<?> page(ItemQuery query) {
        return projection == null ? operations.query(query) : operations.query(projection, query);
    }

    private Object single(Optional<ItemQuery.Builder> base, boolean descending, Integer max) {
        List<Object> items = readAll(base, descending, max == null ? 2 : Math.min(max, 2));
        if (items.size() > 1 && plan.maxResults() == null) {
            throw new IncorrectResultSizeDataAccessException(plan.method() + ": expected at most one "
                    + plan.domainType().getSimpleName() + " but the key-path query found more; use First or return a List", 1);
        }
        return items.isEmpty() ? null : items.get(0);
    }

    private Object slice(Optional<ItemQuery.Builder> base, Pageable pageable, boolean descending, Integer max) {
        String token = null;
        if (pageable instanceof KeyPathPageRequest k) {
            token = k.token();
        } else if (pageable.isPaged() && pageable.getPageNumber() > 0) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": key-path pages continue by token, not "
                    + "by page number " + pageable.getPageNumber() + "; pass slice.nextPageable() or "
                    + "KeyPathPageRequest.of(size, token)");
        }
        KeyPathPageRequest request = pageable instanceof KeyPathPageRequest k ? k
                : pageable.isPaged() ? KeyPathPageRequest.ofSize(pageable.getPageSize()).withSort(pageable.getSort())
                : null;
        if (request == null) {
            List<Object> all = readAll(base, descending, max);
            return new SliceImpl<>(all, Pageable.unpaged(pageable.getSort()), false);
        }
        if (base.isEmpty()) {
            return new SliceImpl<>(List.of(), request, false);
        }
        String pageToken = token;
        ItemQuery query = base.get().descending(descending).limit(max == null ? 0 : max).pageToken(pageToken).build();
        Page<?> page = page(query);
        return new SliceImpl<>(page.items(), request.withNextToken(page.nextPageToken()), page.hasMore());
    }
}
