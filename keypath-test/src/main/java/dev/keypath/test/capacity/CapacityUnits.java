package dev.keypath.test.capacity;

/**
 * DynamoDB's capacity units for an item size, as DynamoDB bills them: a write costs one write unit per started
 * kilobyte (1,024 bytes) of the item, at least one; a strongly consistent read one read unit per started 4 KB, at
 * least one, an eventually consistent read half of that; a transactional read or write twice as much.
 */
public final class CapacityUnits {
    /** Bytes one write unit covers. */
    public static final int WRITE_UNIT_BYTES = 1024;
    /** Bytes one read unit covers. */
    public static final int READ_UNIT_BYTES = 4096;

    private CapacityUnits() {
    }

    /** Write units of writing an item of {@code itemBytes} bytes. */
    public static double write(long itemBytes) {
        return startedUnits(itemBytes, WRITE_UNIT_BYTES);
    }

    /** Read units of reading {@code bytes} (one item, or the items of one query page summed). */
    public static double read(long bytes, boolean stronglyConsistent) {
        double units = startedUnits(bytes, READ_UNIT_BYTES);
        return stronglyConsistent ? units : units / 2;
    }

    /** The units of the same work inside a transaction. */
    public static double transactional(double units) {
        return 2 * units;
    }

    private static double startedUnits(long bytes, int unit) {
        if (bytes < 0) {
            throw new IllegalArgumentException("an item size cannot be negative: " + bytes);
        }
        return Math.max(1, (bytes + unit - 1) / unit);
    }
}
