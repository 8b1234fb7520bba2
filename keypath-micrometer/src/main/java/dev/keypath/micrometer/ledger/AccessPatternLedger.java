package dev.keypath.micrometer.ledger;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationReport;
import io.micrometer.core.instrument.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A ledger of what each access pattern of a table costs, kept from the table's {@link OperationReport}s: set it as
 * the table's listener ({@code KeyPathTables.builder()…operationListener(ledger)}) and read
 * {@link #patterns()} and {@link #hotPartitions(int)} whenever you like.
 *
 * <p>Per access pattern it keeps the calls by outcome (operations, as {@link #CALLS} says), latency percentiles, max
 * and mean of the calls of the recent {@link Builder#window window} (all from the same calls, so that they agree),
 * the read and write units per table and index, and the items its queries and scans asked for by {@code Limit},
 * those DynamoDB read and those returned. Over the same window it keeps the partitions that consumed the most
 * capacity (the units of a batch, transaction, batch get or scan counted against each item's partition, as
 * {@link OperationReport#partitionUnits()} shares them), in a
 * bounded summary ({@link Builder#hotPartitionCounters counters} per step of the window), never one entry per key:
 * its memory does not grow with the number of partitions. Access patterns are named by the application, never by key
 * values; past {@link Builder#maxPatterns} names, further ones are counted together under {@value #OTHER}.
 *
 * <p>Thread-safe; recording is lock-free but for the one step of the latency and of the hot-partition summary it
 * updates.
 */
public final class AccessPatternLedger implements OperationListener {
    /**
     * What the calls of a pattern count: operations, one per report. A get, put, update, delete, batch, transaction
     * or read-modify-write is one; a query, scan or count is one per page it reads (a stream of three pages is three
     * calls). A Spring Data page method is one call of its query under its own name, its total one call under the
     * name with {@code " (total)"} added.
     */
    public static final String CALLS = "operations: a get, put, update, delete, batch, transaction or "
            + "read-modify-write is one; a query, scan or count is one per page it reads";

    /** The name under which patterns past {@link Builder#maxPatterns} are counted. */
    public static final String OTHER = "(other)";

    private final Duration window;
    private final int maxPatterns;
    private final Clock clock;
    private final Map<String, PatternTally> patterns = new ConcurrentHashMap<>();
    private final SlidingHeavyHitters<Partition> partitions;
    private final int steps;

    private AccessPatternLedger(Builder builder) {
        this.window = builder.window;
        this.steps = builder.steps;
        this.maxPatterns = builder.maxPatterns;
        this.clock = builder.clock;
        this.partitions = new SlidingHeavyHitters<>(builder.window, builder.steps, builder.hotPartitionCounters,
                builder.clock);
    }

    /** A ledger with the defaults: a window of one minute in six steps, 64 counters per step, 1,000 patterns. */
    public static AccessPatternLedger create() {
        return builder().build();
    }

    /** A builder of a ledger with settings of its own. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public void onOperation(OperationReport report) {
        tally(report).add(report);
        if (report.partitionUnits().isEmpty()) {
            report.partition().ifPresent(partition -> partitions.add(
                    new Partition(report.table(), report.index(), partition), report.capacity().totalUnits()));
        } else { // a batch, transaction, batch get or scan: each item's partition its share
            report.partitionUnits().forEach((partition, units) -> partitions.add(
                    new Partition(report.table(), null, partition), units));
        }
    }

    private PatternTally tally(OperationReport report) {
        PatternTally tally = patterns.get(report.accessPattern());
        if (tally != null) {
            return tally;
        }
        String name = patterns.size() < maxPatterns ? report.accessPattern() : OTHER;
        return patterns.computeIfAbsent(name, n -> new PatternTally(n, report.kind(), report.itemType(),
                new SlidingLatency(window, steps, clock)));
    }

    /** Every access pattern seen, by name. */
    public List<PatternFigures> patterns() {
        return patterns.values().stream().map(PatternTally::figures)
                .sorted(Comparator.comparing(PatternFigures::accessPattern)).toList();
    }

    /**
     * The at most {@code limit} partitions that consumed the most capacity over the window, heaviest first. Each
     * figure is within its {@link HotPartition#overestimate()} of the truth, and that bound is at most the
     * window's capacity divided by the counters per step; a partition that consumed more than that is listed
     * (given room in {@code limit}).
     */
    public List<HotPartition> hotPartitions(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        return partitions.top(limit).stream().map(h -> new HotPartition(h.key().table(), h.key().index(),
                h.key().partition(), h.estimate(), h.overestimate())).toList();
    }

    /** The capacity units of every operation with a partition in the window, the total the hot list is drawn from. */
    public double windowUnits() {
        return partitions.total();
    }

    /** The window of the latency percentiles and the hot partitions. */
    public Duration window() {
        return window;
    }

    /** The entries the hot-partition summary holds now: never more than counters × steps. */
    int heldPartitions() {
        return partitions.heldKeys();
    }

    /** A partition of a table, or of one of its indexes. */
    private record Partition(String table, String index, KeyPath partition) {
    }

    /** The settings of a ledger. Not thread-safe. */
    public static final class Builder {
        private Duration window = Duration.ofMinutes(1);
        private int steps = 6;
        private int hotPartitionCounters = 64;
        private int maxPatterns = 1000;
        private Clock clock = Clock.SYSTEM;

        private Builder() {
        }

        /**
         * The recent time the latency percentiles and the hot partitions cover (one minute by default), moved on in
         * {@code steps} steps (six by default): what the ledger shows covers between {@code (steps-1)/steps} of the
         * window and all of it.
         */
        public Builder window(Duration window, int steps) {
            Objects.requireNonNull(window, "window");
            if (window.isNegative() || window.isZero() || steps < 1 || window.toNanos() / steps < 1) {
                throw new IllegalArgumentException("a window must be positive and have at least one step of a "
                        + "nanosecond or more: " + window + " in " + steps + " steps");
            }
            this.window = window;
            this.steps = steps;
            return this;
        }

        /**
         * The counters of the hot-partition summary per step of the window (64 by default): the partitions held
         * are at most this times the steps, and a listed partition's figure is off by at most the window's capacity
         * divided by this.
         */
        public Builder hotPartitionCounters(int counters) {
            if (counters < 1) {
                throw new IllegalArgumentException("hotPartitionCounters must be at least 1: " + counters);
            }
            this.hotPartitionCounters = counters;
            return this;
        }

        /** The most access patterns kept apart (1,000 by default); later names are counted under {@value #OTHER}. */
        public Builder maxPatterns(int maxPatterns) {
            if (maxPatterns < 1) {
                throw new IllegalArgumentException("maxPatterns must be at least 1: " + maxPatterns);
            }
            this.maxPatterns = maxPatterns;
            return this;
        }

        /** The clock of the window and the latency statistics (Micrometer's system clock by default). */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** The ledger. */
        public AccessPatternLedger build() {
            return new AccessPatternLedger(this);
        }
    }
}
