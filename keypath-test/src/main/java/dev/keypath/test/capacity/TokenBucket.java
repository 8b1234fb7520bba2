package dev.keypath.test.capacity;

/**
 * One budget of one partition: it fills at {@code unitsPerSecond} up to {@code capacity} and starts full. A call is
 * admitted while the bucket holds its estimated units; what the engine then reports it really consumed is taken
 * afterwards, which may leave the bucket below zero (a debt the next calls wait out, as DynamoDB's reads do). Not
 * thread-safe: {@link PartitionLedger} holds the lock.
 */
final class TokenBucket {
    private final double unitsPerSecond;
    private final double capacity;
    private double units;
    private long filledAtNanos;

    TokenBucket(double unitsPerSecond, double capacity, long nowNanos) {
        this.unitsPerSecond = unitsPerSecond;
        this.capacity = capacity;
        this.units = Math.min(capacity, unitsPerSecond);
        this.filledAtNanos = nowNanos;
    }

    boolean holds(double wanted, long nowNanos) {
        fill(nowNanos);
        return units >= wanted;
    }

    void take(double taken, long nowNanos) {
        fill(nowNanos);
        units -= taken;
    }

    private void fill(long nowNanos) {
        if (nowNanos > filledAtNanos) {
            units = Math.min(capacity, units + unitsPerSecond * (nowNanos - filledAtNanos) / 1e9);
            filledAtNanos = nowNanos;
        }
    }
}
