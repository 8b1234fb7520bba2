package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A collection query: the items under one key-path prefix ({@link Builder#subtree}) or between two key paths
 * ({@link Builder#between}), on the table or on a secondary index, in ascending or descending key-path order.
 *
 * <p>Exactly one of subtree/between must be set. {@code limit} caps the number of items returned per page
 * (items dropped by exact range checks, type filters, the {@linkplain Builder#filter filter} or expiry do not
 * count). A page token from a previous page continues the same query; it is rejected if any other part of the
 * query changed (the limit may change).
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 */
public final class ItemQuery {
    private final KeyPath subtree;
    private final KeyPath from;
    private final KeyPath to;
    private final boolean descending;
    private final int limit;
    private final String pageToken;
    private final String name;
    private final List<Class<?>> types;
    private final String index;
    private final ReadConsistency consistency;
    private final Condition filter;

    private ItemQuery(Builder b) {
        this.subtree = b.subtree;
        this.from = b.from;
        this.to = b.to;
        this.descending = b.descending;
        this.limit = b.limit;
        this.pageToken = b.pageToken;
        this.name = b.name;
        this.types = List.copyOf(b.types);
        this.index = b.index;
        this.consistency = b.consistency;
        this.filter = b.filter;
        if ((subtree == null) == (from == null)) {
            throw new IllegalArgumentException("a query needs exactly one of subtree(prefix) or between(from, to)");
        }
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a query with a consumer. */
    public static ItemQuery of(Consumer<Builder> spec) {
        Builder b = builder();
        spec.accept(b);
        return b.build();
    }

    /** A builder with this query's settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.subtree = subtree;
        b.from = from;
        b.to = to;
        b.descending = descending;
        b.limit = limit;
        b.pageToken = pageToken;
        b.name = name;
        b.types.addAll(types);
        b.index = index;
        b.consistency = consistency;
        b.filter = filter;
        return b;
    }

    /** The prefix of a subtree query. */
    public Optional<KeyPath> subtree() {
        return Optional.ofNullable(subtree);
    }

    /** Lower bound (inclusive) of a range query. */
    public Optional<KeyPath> from() {
        return Optional.ofNullable(from);
    }

    /** Upper bound (inclusive) of a range query. */
    public Optional<KeyPath> to() {
        return Optional.ofNullable(to);
    }

    /** True for descending key-path order. */
    public boolean descending() {
        return descending;
    }

    /** Maximum items per page; 0 means no limit (DynamoDB's 1 MB page size still applies per request). */
    public int limit() {
        return limit;
    }

    /** Token of the page to read, or null for the first page. */
    public String pageToken() {
        return pageToken;
    }

    /** Only items of these types are returned; empty means all registered types. */
    public List<Class<?>> types() {
        return types;
    }

    /** The secondary index name (global or local), or null for the table. */
    public String index() {
        return index;
    }

    /** Consistency; defaults to STRONG for the table and EVENTUAL for indexes. */
    public ReadConsistency consistency() {
        return consistency != null ? consistency : index == null ? ReadConsistency.STRONG : ReadConsistency.EVENTUAL;
    }

    /** The condition items must meet on the server, if any. */
    public Optional<Condition> filter() {
        return Optional.ofNullable(filter);
    }

    /** The access pattern's name given by {@link Builder#named}, if any. */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ItemQuery q && Objects.equals(subtree, q.subtree) && Objects.equals(from, q.from)
                && Objects.equals(to, q.to) && descending == q.descending && limit == q.limit
                && Objects.equals(pageToken, q.pageToken)
                && Objects.equals(name, q.name) && types.equals(q.types) && Objects.equals(index, q.index)
                && consistency() == q.consistency() && Objects.equals(filter, q.filter);
    }

    @Override
    public int hashCode() {
        return Objects.hash(subtree, from, to, descending, limit, pageToken, types, index, consistency(), filter, name);
    }

    @Override
    public String toString() {
        return "ItemQuery[" + (subtree != null ? "subtree=" + subtree : "between " + from + " and " + to)
                + (descending ? ", descending" : "") + (limit > 0 ? ", limit=" + limit : "")
                + (types.isEmpty() ? "" : ", types=" + types) + (index == null ? "" : ", index=" + index)
                + (filter == null ? "" : ", filter=" + filter.expression())
                + (pageToken == null ? "" : ", pageToken") + (name == null ? "" : ", named " + name) + "]";
    }

    /** Builder of {@link ItemQuery}; not thread-safe. */
    public static final class Builder {
        private KeyPath subtree;
        private KeyPath from;
        private KeyPath to;
        private boolean descending;
        private int limit;
        private String pageToken;
        private String name;
        private final LinkedHashSet<Class<?>> types = new LinkedHashSet<>();
        private String index;
        private ReadConsistency consistency;
        private Condition filter;

        private Builder() {
        }

        /** The prefix itself and everything under it; the prefix may end with an id-less element ("/user-1/post"). */
        public Builder subtree(KeyPath prefix) {
            this.subtree = Objects.requireNonNull(prefix, "prefix");
            this.from = null;
            this.to = null;
            return this;
        }

        /** Key paths {@code p} with {@code from <= p <= to}; both must share their first element. */
        public Builder between(KeyPath from, KeyPath to) {
            this.from = Objects.requireNonNull(from, "from");
            this.to = Objects.requireNonNull(to, "to");
            this.subtree = null;
            return this;
        }

        /** Reverse key-path order. */
        public Builder descending() {
            return descending(true);
        }

        /** Sets the order. */
        public Builder descending(boolean descending) {
            this.descending = descending;
            return this;
        }

        /** Maximum items per page (positive), or 0 for no limit. */
        public Builder limit(int limit) {
            if (limit < 0) {
                throw new IllegalArgumentException("limit must be >= 0: " + limit);
            }
            this.limit = limit;
            return this;
        }

        /** Continues from a previous page's {@link Page#nextPageToken()}; null starts at the beginning. */
        public Builder pageToken(String pageToken) {
            this.pageToken = pageToken;
            return this;
        }

        /** Restricts results to these registered types. */
        public Builder types(Class<?>... types) {
            this.types.addAll(Arrays.asList(types));
            return this;
        }

        /** Queries the secondary index {@code indexName} (global or local) instead of the table. */
        public Builder index(String indexName) {
            this.index = indexName;
            return this;
        }

        /**
         * Read consistency. STRONG is for the table and local indexes; a query of a global index asking for it is
         * refused before any request ({@link IllegalArgumentException}).
         */
        public Builder consistency(ReadConsistency consistency) {
            this.consistency = consistency;
            return this;
        }

        /**
         * Returns only items that meet {@code condition} on non-key attributes, evaluated by DynamoDB
         * ({@code FilterExpression}) before items reach the client; null removes the filter. DynamoDB still reads,
         * and bills, the items the filter drops, so narrow the key range first. Values are converted like item
         * fields. The ids of an item's key path are kept only in its key bytes, not as attributes, so filter on
         * other fields. A filter naming a field a type's history renamed or added with a default is rewritten so
         * that it sees the items of older versions as they read; one naming a field the type no longer stores, or
         * one a version made by a function, is refused before any request ({@link InvalidConditionException};
         * docs/EVOLVING.md). Example: {@code filter(Condition.attributeEquals("status", Status.PUBLISHED))}.
         */
        public Builder filter(Condition condition) {
            this.filter = condition;
            return this;
        }

        /**
         * Names the access pattern this query serves ("timeline"), as {@link OperationReport#accessPattern()} reports
         * it; null (the default) lets the table derive a name from the query's shape. The name is a label: it
         * changes no request and no page token.
         *
         * <p>A derived name is built from the shape only, never from key values, so every query of one shape
         * shares it: {@code query /user-{}/post-{} subtree}: the operation ({@code query}, {@code queryKeys}, {@code count}), the
         * key path with every id replaced by {@code {}} (for {@code between}, both ends, joined by {@code ..} when
         * their shapes differ), {@code subtree} or {@code range}, then, when they apply, {@code on <index>},
         * {@code desc}, {@code as <view type>} for a projection, {@code types=<A+B>} (simple names, sorted) and
         * {@code filtered}.
         */
        public Builder named(String name) {
            if (name != null && name.isBlank()) {
                throw new IllegalArgumentException("an access pattern name must not be blank");
            }
            this.name = name;
            return this;
        }

        /** Builds the immutable query. */
        public ItemQuery build() {
            return new ItemQuery(this);
        }
    }
}
