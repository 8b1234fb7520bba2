package dev.keypath.micrometer.ledger;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What one access pattern has done and cost since the ledger started, as {@link AccessPatternLedger#patterns()}
 * reads it: calls by outcome, latency percentiles of the recent window, capacity per table and index, and the items
 * DynamoDB read against those returned.
 *
 * <p>Immutable and thread-safe.
 *
 * @param accessPattern      the access pattern's name ({@link OperationReport#accessPattern()})
 * @param kind               the kind of operation first seen under this name
 * @param itemType           the simple name of the item type first seen under this name, or null for none
 * @param calls              the calls per outcome (every outcome present, zero when none): operations, a query's or
 *                           scan's pages one each ({@link AccessPatternLedger#CALLS})
 * @param latency            latency percentiles over the ledger's window
 * @param readUnits          read capacity units in total
 * @param writeUnits         write capacity units in total
 * @param tables             per table, the units of the table itself
 * @param indexes            per secondary index (global or local), its units
 * @param unreportedRequests requests whose capacity DynamoDB did not report (failed requests): the units above
 *                           leave them out
 * @param itemsRead          the items DynamoDB read
 * @param itemsReturned      the items returned to the caller
 * @param requests           the requests sent
 * @param retries            the requests sent again
 * @param itemsAsked         the items its queries and scans asked DynamoDB to read: the sum of the {@code Limit} of
 *                           every request sent with one ({@link OperationReport#itemsAsked()})
 */
public record PatternFigures(String accessPattern, OperationKind kind, String itemType,
                             Map<OperationReport.Outcome, Long> calls, Latency latency, double readUnits,
                             double writeUnits, Map<String, OperationCapacity.Units> tables,
                             Map<String, OperationCapacity.Units> indexes, long unreportedRequests, long itemsRead,
                             long itemsReturned, long requests, long retries, long itemsAsked) {
    /** Copies the maps. */
    public PatternFigures {
        calls = Map.copyOf(calls);
        tables = Map.copyOf(tables);
        indexes = Map.copyOf(indexes);
    }

    /** The calls, whatever their outcome. */
    public long totalCalls() {
        return calls.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The calls that ended with {@code outcome}. */
    public long calls(OperationReport.Outcome outcome) {
        return calls.getOrDefault(outcome, 0L);
    }

    /** Read and write units together. */
    public double totalUnits() {
        return readUnits + writeUnits;
    }

    /**
     * The items DynamoDB read per item returned (1 when nothing was wasted; 4 when a filter dropped three of every
     * four); empty until an item was both read and returned (writes have none).
     */
    public OptionalDouble readAmplification() {
        return itemsRead == 0 || itemsReturned == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) itemsRead / itemsReturned);
    }
}
