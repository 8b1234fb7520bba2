package dev.keypath.dynamodb;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A scan of the whole table ({@code Scan}), or of the items of some types, in one page after another: what a
 * migration, an export or a re-index reads. A scan reads, and DynamoDB bills, every item of the table (or of
 * its {@linkplain Builder#segment segment}), whatever its type: a types filter and the caller's
 * {@linkplain Builder#filter filter} only decide what comes back. Items come in DynamoDB's hash order, not in
 * key-path order.
 *
 * <p>A parallel scan splits the table into {@code totalSegments} disjoint segments that separate workers read at
 * once; together they hold every item exactly once ({@link #split(int)} makes them). {@code limit} caps the
 * items per page; a page token from a previous page continues the same scan (same segment, types, filter and
 * consistency; the limit may change) and is rejected by any other.
 *
 * <p>Immutable and thread-safe; build with {@link #builder()}.
 */
public final class ItemScan {
    private final List<Class<?>> types;
    private final int segment;
    private final int totalSegments;
    private final Condition filter;
    private final int limit;
    private final ReadConsistency consistency;
    private final String pageToken;
    private final String name;

    private ItemScan(Builder b) {
        this.types = List.copyOf(b.types);
        this.segment = b.segment;
        this.totalSegments = b.totalSegments;
        this.filter = b.filter;
        this.limit = b.limit;
        this.consistency = b.consistency;
        this.pageToken = b.pageToken;
        this.name = b.name;
    }

    /** A new builder: the whole table, every registered type, eventually consistent, DynamoDB's 1 MB pages. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a scan with a consumer. */
    public static ItemScan of(Consumer<Builder> spec) {
        Builder b = builder();
        spec.accept(b);
        return b.build();
    }

    /** A scan of the whole table with the defaults of {@link #builder()}. */
    public static ItemScan all() {
        return builder().build();
    }

    /** A builder with this scan's settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.types.addAll(types);
        b.segment = segment;
        b.totalSegments = totalSegments;
        b.filter = filter;
        b.limit = limit;
        b.consistency = consistency;
        b.pageToken = pageToken;
        b.name = name;
        return b;
    }

    /**
     * This scan divided into {@code totalSegments} segment scans, one per segment in order, for as many workers:
     * together they read every item of this scan exactly once. This scan must not be a segment itself nor carry a
     * page token.
     */
    public List<ItemScan> split(int totalSegments) {
        if (isSegment()) {
            throw new IllegalArgumentException("scan is already segment " + segment + " of " + this.totalSegments);
        }
        if (pageToken != null) {
            throw new IllegalArgumentException("a scan with a page token continues one segment; split the first scan");
        }
        Builder.checkSegments(0, totalSegments);
        List<ItemScan> parts = new ArrayList<>(totalSegments);
        for (int i = 0; i < totalSegments; i++) {
            parts.add(toBuilder().segment(i, totalSegments).build());
        }
        return List.copyOf(parts);
    }

    /** Only items of these registered types are returned; empty means every registered type. */
    public List<Class<?>> types() {
        return types;
    }

    /** True if this scan reads one segment of a parallel scan. */
    public boolean isSegment() {
        return totalSegments > 0;
    }

    /** The segment read, from 0, when {@link #isSegment()}; else 0. */
    public int segment() {
        return segment;
    }

    /** The number of segments of the parallel scan this one belongs to, or 0 for a scan of the whole table. */
    public int totalSegments() {
        return totalSegments;
    }

    /** The condition items must meet on the server, if any. */
    public Optional<Condition> filter() {
        return Optional.ofNullable(filter);
    }

    /** Maximum items per page; 0 means no limit (DynamoDB's 1 MB page size still applies per request). */
    public int limit() {
        return limit;
    }

    /** Consistency; EVENTUAL unless set. */
    public ReadConsistency consistency() {
        return consistency;
    }

    /** Token of the page to read, or null for the first page. */
    public String pageToken() {
        return pageToken;
    }

    /** The access pattern's name given by {@link Builder#named}, if any. */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ItemScan s && types.equals(s.types) && segment == s.segment
                && totalSegments == s.totalSegments && Objects.equals(filter, s.filter) && limit == s.limit
                && consistency == s.consistency && Objects.equals(pageToken, s.pageToken)
                && Objects.equals(name, s.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(types, segment, totalSegments, filter, limit, consistency, pageToken, name);
    }

    @Override
    public String toString() {
        return "ItemScan[" + (isSegment() ? "segment " + segment + " of " + totalSegments : "whole table")
                + (types.isEmpty() ? "" : ", types=" + types) + (limit > 0 ? ", limit=" + limit : "")
                + (filter == null ? "" : ", filter=" + filter.expression())
                + (consistency == ReadConsistency.STRONG ? ", strong" : "")
                + (pageToken == null ? "" : ", pageToken") + (name == null ? "" : ", named " + name) + "]";
    }

    /** Builder of {@link ItemScan}; not thread-safe. */
    public static final class Builder {
        private final LinkedHashSet<Class<?>> types = new LinkedHashSet<>();
        private int segment;
        private int totalSegments;
        private Condition filter;
        private int limit;
        private ReadConsistency consistency = ReadConsistency.EVENTUAL;
        private String pageToken;
        private String name;

        private Builder() {
        }

        /** Restricts results to these registered types (a filter on the stored type name, run by DynamoDB). */
        public Builder types(Class<?>... types) {
            for (Class<?> t : types) {
                this.types.add(Objects.requireNonNull(t, "type"));
            }
            return this;
        }

        /** Restricts results to these registered types. */
        public Builder types(List<Class<?>> types) {
            return types(types.toArray(Class<?>[]::new));
        }

        /**
         * Reads only segment {@code segment} (0 ≤ segment &lt; totalSegments) of a parallel scan in
         * {@code totalSegments} segments (1 to 1,000,000).
         */
        public Builder segment(int segment, int totalSegments) {
            checkSegments(segment, totalSegments);
            this.segment = segment;
            this.totalSegments = totalSegments;
            return this;
        }

        /** Scans the whole table again, not one segment. */
        public Builder wholeTable() {
            this.segment = 0;
            this.totalSegments = 0;
            return this;
        }

        /**
         * Returns only items that meet {@code condition}, evaluated by DynamoDB ({@code FilterExpression}) on the
         * items it reads; null removes the filter. Values are converted like item fields, and key path ids are
         * not attributes. It sees the items of older versions of a type as they read, as a query's filter does
         * ({@link ItemQuery.Builder#filter}). Example: {@code filter(Condition.attributeEquals("status",
         * Status.DRAFT))}.
         */
        public Builder filter(Condition condition) {
            this.filter = condition;
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

        /** Read consistency; STRONG reads cost twice as much. */
        public Builder consistency(ReadConsistency consistency) {
            this.consistency = Objects.requireNonNull(consistency, "consistency");
            return this;
        }

        /** Continues from a previous page's {@link Page#nextPageToken()}; null starts at the beginning. */
        public Builder pageToken(String pageToken) {
            this.pageToken = pageToken;
            return this;
        }

        /**
         * Names the access pattern this scan serves ("timeline"), as {@link OperationReport#accessPattern()} reports
         * it; null (the default) lets the table derive a name from the scan's shape. The name is a label: it
         * changes no request and no page token.
         *
         * <p>A derived name is built from the shape only, never from key values, so every scan of one shape
         * shares it: {@code scan}, then, when they apply, {@code segments=<total>} (never the segment number),
         * {@code as <view type>} for a projection, {@code types=<A+B>} (simple names, sorted) and {@code filtered}.
         */
        public Builder named(String name) {
            if (name != null && name.isBlank()) {
                throw new IllegalArgumentException("an access pattern name must not be blank");
            }
            this.name = name;
            return this;
        }

        /** Builds the immutable scan. */
        public ItemScan build() {
            return new ItemScan(this);
        }

        private static void checkSegments(int segment, int totalSegments) {
            if (totalSegments < 1 || totalSegments > 1_000_000) {
                throw new IllegalArgumentException("totalSegments must be 1 to 1000000: " + totalSegments);
            }
            if (segment < 0 || segment >= totalSegments) {
                throw new IllegalArgumentException("segment must be 0 to " + (totalSegments - 1) + ": " + segment);
            }
        }
    }
}
