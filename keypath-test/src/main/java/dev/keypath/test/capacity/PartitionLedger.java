package dev.keypath.test.capacity;

import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The budgets and the usage of every partition a {@link PartitionLimiter} has seen, behind one lock so that a call
 * touching several partitions (a transaction) is admitted or refused as a whole. Thread-safe.
 */
final class PartitionLedger {
    private final PartitionLimiter.Limits limits;
    private final InstantSource clock;
    private final Map<PartitionId, TokenBucket> readBuckets = new HashMap<>();
    private final Map<PartitionId, TokenBucket> writeBuckets = new HashMap<>();
    private final Map<PartitionId, PartitionUsage> usage = new HashMap<>();

    PartitionLedger(PartitionLimiter.Limits limits, InstantSource clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /**
     * Admits all of {@code demands} and takes their units, or none of them: then it returns the partitions that lack
     * units (each counted as throttled once) and takes nothing.
     */
    synchronized Set<PartitionId> admitAll(List<Demand> demands) {
        long now = nowNanos();
        Map<Demand, Double> summed = new HashMap<>();
        for (Demand d : demands) {
            summed.merge(new Demand(d.partition(), d.kind(), 0), d.units(), Double::sum);
        }
        Set<PartitionId> lacking = new LinkedHashSet<>();
        for (Map.Entry<Demand, Double> e : summed.entrySet()) {
            if (!bucket(e.getKey().partition(), e.getKey().kind(), now).holds(e.getValue(), now)) {
                lacking.add(e.getKey().partition());
                record(e.getKey().partition(), e.getKey().kind(), 0, 1);
            }
        }
        if (lacking.isEmpty()) {
            for (Demand d : demands) {
                take(d.partition(), d.kind(), d.units(), now);
            }
        }
        return lacking;
    }

    /** Admits {@code demand} and takes its units if its partition holds them, else counts it throttled. */
    synchronized boolean admit(Demand demand) {
        long now = nowNanos();
        if (bucket(demand.partition(), demand.kind(), now).holds(demand.units(), now)) {
            take(demand.partition(), demand.kind(), demand.units(), now);
            return true;
        }
        record(demand.partition(), demand.kind(), 0, 1);
        return false;
    }

    /** Takes {@code units} more (or gives them back, when negative) once the engine said what a call consumed. */
    synchronized void charge(PartitionId partition, Demand.Kind kind, double units) {
        if (units != 0) {
            take(partition, kind, units, nowNanos());
        }
    }

    synchronized Map<PartitionId, PartitionUsage> usage() {
        return Map.copyOf(usage);
    }

    synchronized PartitionUsage usage(PartitionId partition) {
        return usage.getOrDefault(partition, PartitionUsage.NONE);
    }

    private void take(PartitionId partition, Demand.Kind kind, double units, long now) {
        bucket(partition, kind, now).take(units, now);
        record(partition, kind, units, 0);
    }

    private void record(PartitionId partition, Demand.Kind kind, double units, long throttled) {
        usage.merge(partition, PartitionUsage.NONE.plus(kind, units, throttled),
                (a, b) -> a.plus(kind, units, throttled));
    }

    private TokenBucket bucket(PartitionId partition, Demand.Kind kind, long now) {
        double perSecond = kind == Demand.Kind.READ ? limits.readUnitsPerSecond() : limits.writeUnitsPerSecond();
        Map<PartitionId, TokenBucket> buckets = kind == Demand.Kind.READ ? readBuckets : writeBuckets;
        return buckets.computeIfAbsent(partition,
                p -> new TokenBucket(perSecond, perSecond * (1 + limits.burst().toNanos() / 1e9), now));
    }

    private long nowNanos() {
        Instant now = clock.instant();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
