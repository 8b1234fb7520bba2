package dev.keypath.micrometer.ledger;

import dev.keypath.KeyPath;

/**
 * A partition among the heaviest by consumed capacity over the ledger's window, as
 * {@link AccessPatternLedger#hotPartitions(int)} lists them.
 *
 * <p>The figure is an estimate from a bounded summary: {@code units} is at least what the partition's operations
 * consumed in the window and at most {@code overestimate} more.
 *
 * <p>Immutable and thread-safe.
 *
 * @param table        the table
 * @param index        the secondary index whose partition it is, or null for the table's own
 * @param partition    the partition: the first element of the key paths its operations addressed
 * @param units        the estimated capacity units (reads and writes) of its operations in the window
 * @param overestimate how much of {@code units} may belong to other partitions
 */
public record HotPartition(String table, String index, KeyPath partition, double units, double overestimate) {
}
