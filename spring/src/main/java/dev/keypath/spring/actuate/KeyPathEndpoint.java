package dev.keypath.spring.actuate;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.micrometer.ledger.AccessPatternLedger;
import dev.keypath.micrometer.ledger.HotPartition;
import dev.keypath.micrometer.ledger.Latency;
import dev.keypath.micrometer.ledger.PatternFigures;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code keypath} Actuator endpoint ({@code /actuator/keypath} once exposed): each access pattern of the table
 * with its calls by outcome, latency percentiles over the recent window, capacity per table and index and read
 * amplification, and the partitions that consumed the most capacity over that window, all from the
 * {@link AccessPatternLedger}. Thread-safe.
 */
@Endpoint(id = KeyPathEndpoint.ID)
public class KeyPathEndpoint {
    /** The endpoint's id. */
    public static final String ID = "keypath";

    private final AccessPatternLedger ledger;
    private final String table;
    private final int hotPartitions;

    /**
     * @param ledger        the ledger the table reports to
     * @param table         the table's name
     * @param hotPartitions how many of the hottest partitions to list
     */
    public KeyPathEndpoint(AccessPatternLedger ledger, String table, int hotPartitions) {
        this.ledger = ledger;
        this.table = table;
        this.hotPartitions = hotPartitions;
    }

    /** The ledger as it stands. */
    @ReadOperation
    public LedgerDescriptor ledger() {
        List<PatternDescriptor> patterns = ledger.patterns().stream().map(KeyPathEndpoint::pattern).toList();
        List<HotPartitionDescriptor> hot = ledger.hotPartitions(hotPartitions).stream()
                .map(KeyPathEndpoint::hot).toList();
        return new LedgerDescriptor(table, ledger.window().toString(), ledger.windowUnits(), AccessPatternLedger.CALLS,
                patterns, hot);
    }

    private static PatternDescriptor pattern(PatternFigures f) {
        Map<String, Long> calls = new LinkedHashMap<>();
        calls.put("total", f.totalCalls());
        calls.put("success", f.calls(OperationReport.Outcome.SUCCESS));
        calls.put("conditionFailed", f.calls(OperationReport.Outcome.CONDITION_FAILED));
        calls.put("error", f.calls(OperationReport.Outcome.ERROR));
        Latency l = f.latency();
        LatencyDescriptor latency = new LatencyDescriptor(millis(l.p50()), millis(l.p90()), millis(l.p99()),
                millis(l.max()), millis(l.mean()));
        CapacityDescriptor capacity = new CapacityDescriptor(f.readUnits(), f.writeUnits(), units(f.tables()),
                units(f.indexes()), f.unreportedRequests());
        Double amplification = f.readAmplification().isPresent() ? f.readAmplification().getAsDouble() : null;
        return new PatternDescriptor(f.accessPattern(), f.kind().name(), f.itemType(), calls, latency, capacity,
                new ItemsDescriptor(f.itemsAsked(), f.itemsRead(), f.itemsReturned(), amplification), f.requests(), f.retries());
    }

    private static HotPartitionDescriptor hot(HotPartition h) {
        return new HotPartitionDescriptor(h.table(), h.index(), h.partition().toString(), h.units(),
                h.overestimate());
    }

    private static double millis(Duration d) {
        return d.toNanos() / 1e6;
    }

    private static Map<String, UnitsDescriptor> units(Map<String, OperationCapacity.Units> units) {
        Map<String, UnitsDescriptor> out = new LinkedHashMap<>();
        units.forEach((name, u) -> out.put(name, new UnitsDescriptor(u.readUnits(), u.writeUnits())));
        return out;
    }

    /**
     * The endpoint's answer.
     *
     * @param table         the table
     * @param window        the window of the latency percentiles and hot partitions (ISO-8601)
     * @param windowUnits   the capacity units of the operations in the window that addressed a partition
     * @param callsAre      what a pattern's {@code calls} count ({@link AccessPatternLedger#CALLS})
     * @param patterns      every access pattern, by name
     * @param hotPartitions the hottest partitions of the window, hottest first
     */
    public record LedgerDescriptor(String table, String window, double windowUnits, String callsAre,
                                   List<PatternDescriptor> patterns, List<HotPartitionDescriptor> hotPartitions)
            implements OperationResponseBody {
    }

    /**
     * One access pattern.
     *
     * @param name     its name
     * @param kind     the kind of operation
     * @param itemType the item type's simple name, or null
     * @param calls    calls in total, {@code success}, {@code conditionFailed} and {@code error}
     * @param latency  latency percentiles over the window, in milliseconds
     * @param capacity capacity units since the start
     * @param items    items read and returned since the start
     * @param requests requests sent
     * @param retries  requests sent again
     */
    public record PatternDescriptor(String name, String kind, String itemType, Map<String, Long> calls,
                                    LatencyDescriptor latency, CapacityDescriptor capacity, ItemsDescriptor items,
                                    long requests, long retries) {
    }

    /**
     * Latency in milliseconds.
     *
     * @param p50  median over the window
     * @param p90  90th percentile over the window
     * @param p99  99th percentile over the window
     * @param max  longest over the window
     * @param mean mean of the calls in the window
     */
    public record LatencyDescriptor(double p50, double p90, double p99, double max, double mean) {
    }

    /**
     * Capacity units.
     *
     * @param readUnits          read units in total
     * @param writeUnits         write units in total
     * @param tables             per table, its own units
     * @param indexes            per secondary index, its units
     * @param unreportedRequests requests whose capacity DynamoDB did not report
     */
    public record CapacityDescriptor(double readUnits, double writeUnits, Map<String, UnitsDescriptor> tables,
                                     Map<String, UnitsDescriptor> indexes, long unreportedRequests) {
    }

    /**
     * Read and write units of a table or index.
     *
     * @param readUnits  read units
     * @param writeUnits write units
     */
    public record UnitsDescriptor(double readUnits, double writeUnits) {
    }

    /**
     * Items asked for, read and returned.
     *
     * @param asked              items the pattern's queries and scans asked DynamoDB to read: the sum of the
     *                           {@code Limit} of every request sent with one
     * @param read               items DynamoDB read
     * @param returned           items returned
     * @param readAmplification  read per returned, or null before any was both read and returned
     */
    public record ItemsDescriptor(long asked, long read, long returned, Double readAmplification) {
    }

    /**
     * A hot partition.
     *
     * @param table        the table
     * @param index        the index whose partition it is, or null
     * @param partition    the partition's key path
     * @param units        estimated capacity units in the window
     * @param overestimate how much of {@code units} may belong to other partitions
     */
    public record HotPartitionDescriptor(String table, String index, String partition, double units,
                                         double overestimate) {
    }
}
