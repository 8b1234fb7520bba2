package dev.keypath.spring.repository;

import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.Projection;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.KeyPathDynamoOperations;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.util.Streamable;

/**
 * Shapes what one key-path query selects into a repository method's result: a list, a lazily paged stream or
 * {@link Streamable}, one item, a slice or a page (with the total counted by DynamoDB), a count or a test for
 * existence. Used by declared queries for every shape and by derived ones for pages, lazy streams and deletes. One
 * per call and not thread-safe: each page reuses the query builder, setting its order, limit and token.
 *
 * @param operations the operations that send the queries
 * @param method     the repository method, for messages
 * @param base       the query without order, limit or token; empty when nothing can match
 * @param descending reversed key order
 * @param max        the most items to return, or null for no limit
 * @param projection the view the method returns, read with a projection expression; null for whole items
 */
record QueryResults(KeyPathDynamoOperations operations, String method, Optional<ItemQuery.Builder> base,
                    boolean descending, Integer max, Projection<?> projection) {
    /** What the access pattern of a page's total adds to the method's. */
    static final String TOTAL = " (total)";

    /** Results of whole items. */
    QueryResults(KeyPathDynamoOperations operations, String method, Optional<ItemQuery.Builder> base,
                 boolean descending, Integer max) {
        this(operations, method, base, descending, max, null);
    }

    /** One page of {@code query}: whole items, or the projection of them. */
    @SuppressWarnings("unchecked")
    private Page<Object> query(ItemQuery query) {
        return projection == null ? operations.query(query) : (Page<Object>) operations.query(projection, query);
    }

    /**
     * Whether results come reversed: {@code sort}'s direction when it is sorted, which it may only be by
     * {@code orderVariable}; {@code declared} otherwise.
     */
    static boolean descending(String method, Sort sort, String orderVariable, boolean declared) {
        if (sort == null || sort.isUnsorted()) {
            return declared;
        }
        List<Sort.Order> orders = sort.toList();
        if (orders.size() != 1 || !orders.get(0).getProperty().equals(orderVariable)) {
            throw new InvalidDataAccessApiUsageException(method + ": cannot sort by " + sort
                    + "; results come in key-path order, so " + (orderVariable == null ? "nothing can be sorted"
                    : "only '" + orderVariable + "' can be sorted (ASC or DESC)"));
        }
        return orders.get(0).isDescending();
    }

    /** Every selected item, read page by page up front. */
    List<Object> list() {
        try (Stream<Object> s = stream()) {
            return s.toList();
        }
    }

    /** The selected items, read page by page as the stream is consumed. */
    Stream<Object> stream() {
        return base.map(q -> PageSpliterator.stream(this::query, q.descending(descending), max))
                .orElseGet(Stream::empty);
    }

    /** A {@link Streamable} that runs the query, lazily paged, each time it is iterated. */
    Streamable<Object> streamable() {
        return Streamable.of(this::stream);
    }

    ItemCollection itemCollection() {
        return new ItemCollection(list());
    }

    /** At most one item; more than one without a {@code First}/{@code Top} limit is an error. */
    Object single(boolean limited) {
        List<Object> items = new QueryResults(operations, method, base, descending, max == null ? 2
                : Math.min(max, 2), projection).list();
        if (items.size() > 1 && !limited) {
            throw new IncorrectResultSizeDataAccessException(method + ": expected at most one item but the key-path "
                    + "query found more; return a List, or limit it", 1);
        }
        return items.isEmpty() ? null : items.get(0);
    }

    /** The number of selected items, counted by DynamoDB ({@code Select=COUNT}), capped at {@code max}. */
    long count() {
        return base.map(q -> operations.count(q.descending(descending).limit(max == null ? 0 : max).pageToken(null)
                .build())).orElse(0L);
    }

    /**
     * The total of a page: {@link #count()} named after the method's access pattern with {@value #TOTAL} added, so
     * that the page method counts once under its own name and what its total costs is seen apart.
     */
    private long total() {
        return base.map(q -> {
            ItemQuery counting = q.descending(descending).limit(max == null ? 0 : max).pageToken(null).build();
            String name = counting.name().orElse(method);
            return operations.count(counting.toBuilder().named(name + TOTAL).build());
        }).orElse(0L);
    }

    boolean exists() {
        return base.map(q -> operations.count(q.limit(1).pageToken(null).build()) > 0).orElse(false);
    }

    /** One page continued by token, without a total. */
    SliceImpl<Object> slice(Pageable pageable) {
        KeyPathPageRequest request = request(pageable);
        if (request == null) {
            return new SliceImpl<>(list(), Pageable.unpaged(pageable.getSort()), false);
        }
        Page<Object> page = read(request);
        return new SliceImpl<>(page.items(), request.withNextToken(page.nextPageToken()), page.hasMore());
    }

    /**
     * One page continued by token, with the total the query selects: a second, counting query over the whole key
     * range (DynamoDB reads, and bills, every item of the range to count it).
     */
    KeyPathPage<Object> page(Pageable pageable) {
        KeyPathPageRequest request = request(pageable);
        if (request == null) {
            List<Object> all = list();
            return new KeyPathPage<>(all, Pageable.unpaged(pageable.getSort()), all.size(), null);
        }
        Page<Object> page = read(request);
        long total = total();
        return new KeyPathPage<>(page.items(), request, total,
                page.hasMore() ? request.withNextToken(page.nextPageToken()).next() : null);
    }

    private Page<Object> read(KeyPathPageRequest request) {
        if (base.isEmpty()) {
            return new Page<>(List.of(), null, 0);
        }
        int size = max == null ? request.getPageSize() : Math.min(max, request.getPageSize());
        return query(base.get().descending(descending).limit(size).pageToken(request.token()).build());
    }

    /** {@code pageable} as a token request, or null when unpaged; a page number without a token is refused. */
    private KeyPathPageRequest request(Pageable pageable) {
        if (pageable instanceof KeyPathPageRequest k) {
            return k;
        }
        if (pageable.isUnpaged()) {
            return null;
        }
        if (pageable.getPageNumber() > 0) {
            throw new InvalidDataAccessApiUsageException(method + ": key-path pages continue by token, not by page "
                    + "number " + pageable.getPageNumber() + "; pass page.nextPageable() or "
                    + "KeyPathPageRequest.of(size, token)");
        }
        return KeyPathPageRequest.ofSize(pageable.getPageSize()).withSort(pageable.getSort());
    }
}
