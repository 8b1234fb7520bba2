package dev.keypath.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One segment of a parallel scan: the input partition of the task that reads it, with that task's share of the
 * job's read budget. Immutable and serializable.
 *
 * @param segment       the segment, 0 to {@code totalSegments - 1}
 * @param totalSegments the scan's segments
 * @param readShare     read capacity units per second of this task (0: no budget)
 */
record SegmentPartition(int segment, int totalSegments, double readShare) implements InputPartition {
    private static final long serialVersionUID = 1L;
}
