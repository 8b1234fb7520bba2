package dev.keypath.test.capacity;

/**
 * Units one call (or one item of a batch call) asks of one partition before the engine answers.
 *
 * @param partition the partition
 * @param kind      reads or writes: each partition keeps separate budgets for them
 * @param units     the units: exact where the request says what it costs (a put's item), else DynamoDB's minimum
 */
record Demand(PartitionId partition, Kind kind, double units) {
    /** The two budgets of a partition. */
    enum Kind { READ, WRITE }
}
