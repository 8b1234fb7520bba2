package dev.keypath.migrate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * Counts the capacity units a run consumed, in total and per whole second since the meter started, so a run can
 * show how closely it kept its budget. Thread-safe.
 */
final class CapacityMeter {
    private final long startNanos = System.nanoTime();
    private final DoubleAdder total = new DoubleAdder();
    private final ConcurrentHashMap<Long, DoubleAdder> perSecond = new ConcurrentHashMap<>();

    void add(double units) {
        total.add(units);
        long second = (System.nanoTime() - startNanos) / 1_000_000_000L;
        perSecond.computeIfAbsent(second, s -> new DoubleAdder()).add(units);
    }

    double total() {
        return total.sum();
    }

    /** Units consumed in each second from the start to the last second with a charge. */
    List<Double> perSecond() {
        long last = perSecond.keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
        List<Double> out = new ArrayList<>();
        for (long s = 0; s <= last; s++) {
            DoubleAdder a = perSecond.get(s);
            out.add(a == null ? 0.0 : a.sum());
        }
        return out;
    }
}
