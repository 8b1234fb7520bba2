package dev.keypath.test.capacity;

/**
 * What one partition consumed and what it refused since the {@link PartitionLimiter} was built.
 *
 * @param readUnits       read units consumed by calls the engine executed
 * @param writeUnits      write units consumed by calls the engine executed
 * @param throttledReads  reads refused: one per refused call, or per key a batch read left unprocessed
 * @param throttledWrites writes refused: one per refused call, or per item a batch write left unprocessed
 */
public record PartitionUsage(double readUnits, double writeUnits, long throttledReads, long throttledWrites) {
    static final PartitionUsage NONE = new PartitionUsage(0, 0, 0, 0);

    PartitionUsage plus(Demand.Kind kind, double units, long throttled) {
        return kind == Demand.Kind.READ
                ? new PartitionUsage(readUnits + units, writeUnits, throttledReads + throttled, throttledWrites)
                : new PartitionUsage(readUnits, writeUnits + units, throttledReads, throttledWrites + throttled);
    }
}
