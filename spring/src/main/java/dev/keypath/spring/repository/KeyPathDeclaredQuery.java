package dev.keypath.spring.repository;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathTemplate;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * Runs one {@link KeyPathQuery} method: binds the call's arguments into the planned templates and filter, and
 * shapes what the query selects with {@link QueryResults}. Thread-safe.
 */
final class KeyPathDeclaredQuery implements RepositoryQuery {
    private final QueryMethod method;
    private final DeclaredQueryPlan plan;
    private final KeyPathDynamoOperations operations;
    /** The access pattern its queries are named ({@link ItemQuery.Builder#named}). */
    private final String accessPattern;

    KeyPathDeclaredQuery(QueryMethod method, DeclaredQueryPlan plan, KeyPathDynamoOperations operations,
                         String accessPattern) {
        this.method = method;
        this.plan = plan;
        this.operations = operations;
        this.accessPattern = accessPattern;
    }

    @Override
    public QueryMethod getQueryMethod() {
        return method;
    }

    /** The plan (for tests and diagnostics). */
    DeclaredQueryPlan plan() {
        return plan;
    }

    @Override
    public Object execute(Object[] parameters) {
        ParametersParameterAccessor args = new ParametersParameterAccessor(method.getParameters(), parameters);
        Pageable pageable = args.getPageable();
        boolean descending = QueryResults.descending(plan.method(), args.getSort(), plan.orderVariable(),
                plan.descending());
        Limit limit = method.getParameters().hasLimitParameter() ? args.getLimit() : null; // not the page's size
        Integer max = limit != null && limit.isLimited() ? limit.max() : null;
        QueryResults results = new QueryResults(operations, plan.method(), query(args), descending, max);
        return switch (plan.shape()) {
            case LIST -> results.list();
            case STREAM -> results.stream();
            case STREAMABLE -> results.streamable();
            case SLICE -> results.slice(pageable);
            case PAGE -> results.page(pageable);
            case ITEM_COLLECTION -> results.itemCollection();
            case SINGLE -> results.single(max != null);
            case COUNT -> {
                long count = results.count();
                Class<?> r = method.getReturnedObjectType();
                yield r == int.class || r == Integer.class ? (Object) Math.toIntExact(count) : (Object) count;
            }
            case EXISTS -> results.exists();
            case DELETE -> throw new IllegalStateException(plan.method() + ": declared queries do not delete");
        };
    }

    /** The query without order, limit or token; empty when a range's bounds are reversed. */
    private Optional<ItemQuery.Builder> query(ParametersParameterAccessor args) {
        Map<String, Object> values = new LinkedHashMap<>();
        plan.variables().forEach((variable, argument) -> values.put(variable, required(args, argument,
                "key-path variable {" + variable + "}")));
        ItemQuery.Builder q = ItemQuery.builder().named(accessPattern);
        if (plan.subtree() != null) {
            q.subtree(bind(plan.subtree(), values));
        } else {
            KeyPath from = bind(plan.from(), values);
            KeyPath to = bind(plan.to(), values);
            if (from.compareTo(to) > 0) {
                return Optional.empty();
            }
            q.between(from, to);
        }
        if (plan.index() != null) {
            q.index(plan.index());
        }
        if (!plan.mixed()) {
            q.types(plan.domainType());
        }
        if (plan.filter() != null) {
            Map<String, Object> filterValues = new LinkedHashMap<>();
            plan.filterValues().forEach((placeholder, argument) -> filterValues.put(placeholder,
                    args.getBindableValue(argument)));
            try {
                q.filter(Condition.of(plan.filter(), plan.filterNames(), filterValues));
            } catch (IllegalArgumentException e) {
                throw new InvalidDataAccessApiUsageException(plan.method() + ": filter: " + e.getMessage(), e);
            }
        }
        return Optional.of(q);
    }

    private Object required(ParametersParameterAccessor args, int argument, String what) {
        Object value = args.getBindableValue(argument);
        if (value == null) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": the value for " + what
                    + " must not be null");
        }
        return value;
    }

    private KeyPath bind(KeyPathTemplate template, Map<String, Object> values) {
        try {
            return template.bind(values);
        } catch (IllegalArgumentException e) {
            throw new InvalidDataAccessApiUsageException(plan.method() + ": " + e.getMessage(), e);
        }
    }
}
