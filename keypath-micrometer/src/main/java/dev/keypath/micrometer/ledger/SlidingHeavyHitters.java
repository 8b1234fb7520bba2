package dev.keypath.micrometer.ledger;

import io.micrometer.core.instrument.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The heaviest keys of a stream over a sliding window, in bounded memory: the window is cut into {@code steps}
 * equal steps, each summarised by its own {@link SpaceSaving} of {@code counters} counters, and a step's summary is
 * cleared when the window has passed it. So at most {@code counters × steps} keys are held, whatever the number of
 * distinct keys.
 *
 * <p>The window read is the current step and the {@code steps - 1} before it: between {@code window × (steps-1) /
 * steps} and {@code window} of the most recent time. A key's estimate adds, over those steps, its count where it was
 * counted and the step's {@link SpaceSaving#floor()} where it was not; so, with {@code N} the weight added in the
 * window, every estimate is at least the key's true weight and at most {@code N / counters} more (its
 * {@link Heavy#overestimate()} is the bound for that key), and every key whose true weight exceeds
 * {@code N / counters} is among the candidates.
 *
 * <p>Thread-safe: each step has its own lock, held for one update.
 *
 * @param <K> the key type
 */
final class SlidingHeavyHitters<K> {
    private final Clock clock;
    private final long stepNanos;
    private final int counters;
    private final Step<K>[] steps;

    @SuppressWarnings("unchecked")
    SlidingHeavyHitters(Duration window, int steps, int counters, Clock clock) {
        if (steps < 1 || counters < 1) {
            throw new IllegalArgumentException("a window needs at least one step and one counter, not " + steps
                    + " and " + counters);
        }
        this.stepNanos = Math.max(1, window.toNanos() / steps);
        this.counters = counters;
        this.clock = clock;
        this.steps = (Step<K>[]) new Step<?>[steps];
        for (int i = 0; i < steps; i++) {
            this.steps[i] = new Step<>(counters);
        }
    }

    /** Adds {@code weight} to {@code key} now; a weight that is not positive is ignored. */
    void add(K key, double weight) {
        if (!(weight > 0)) {
            return;
        }
        long epoch = clock.monotonicTime() / stepNanos;
        Step<K> step = steps[(int) Math.floorMod(epoch, (long) steps.length)];
        synchronized (step) {
            if (step.epoch != epoch) {
                step.summary.clear();
                step.epoch = epoch;
            }
            step.summary.add(key, weight);
        }
    }

    /** The at most {@code limit} heaviest keys of the window, heaviest first. */
    List<Heavy<K>> top(int limit) {
        long epoch = clock.monotonicTime() / stepNanos;
        List<View<K>> views = new ArrayList<>(steps.length);
        Set<K> candidates = new LinkedHashSet<>();
        for (Step<K> step : steps) {
            synchronized (step) {
                if (step.epoch > epoch - steps.length && step.epoch <= epoch && step.summary.size() > 0) {
                    Map<K, SpaceSaving.Estimate<K>> counted = new HashMap<>();
                    for (SpaceSaving.Estimate<K> e : step.summary.estimates()) {
                        counted.put(e.key(), e);
                        candidates.add(e.key());
                    }
                    views.add(new View<>(counted, step.summary.floor(), step.summary.total()));
                }
            }
        }
        List<Heavy<K>> all = new ArrayList<>(candidates.size());
        for (K key : candidates) {
            double estimate = 0;
            double overestimate = 0;
            for (View<K> view : views) {
                SpaceSaving.Estimate<K> e = view.counted().get(key);
                estimate += e == null ? view.floor() : e.count();
                overestimate += e == null ? view.floor() : e.error();
            }
            all.add(new Heavy<>(key, estimate, overestimate));
        }
        all.sort(Comparator.comparingDouble((Heavy<K> h) -> h.estimate()).reversed());
        return List.copyOf(all.subList(0, Math.min(limit, all.size())));
    }

    /** The weight added in the window. */
    double total() {
        long epoch = clock.monotonicTime() / stepNanos;
        double total = 0;
        for (Step<K> step : steps) {
            synchronized (step) {
                if (step.epoch > epoch - steps.length && step.epoch <= epoch) {
                    total += step.summary.total();
                }
            }
        }
        return total;
    }

    /** The keys held over all steps: never more than {@code counters × steps}. */
    int heldKeys() {
        int held = 0;
        for (Step<K> step : steps) {
            synchronized (step) {
                held += step.summary.size();
            }
        }
        return held;
    }

    /** The counters of each step's summary. */
    int counters() {
        return counters;
    }

    /**
     * A key of the window with its estimated weight, at least its true weight and at most {@code overestimate} more.
     *
     * @param key          the key
     * @param estimate     its estimated weight
     * @param overestimate how much of the estimate may belong to other keys
     * @param <K>          the key type
     */
    record Heavy<K>(K key, double estimate, double overestimate) {
    }

    private record View<K>(Map<K, SpaceSaving.Estimate<K>> counted, double floor, double total) {
    }

    private static final class Step<K> {
        private final SpaceSaving<K> summary;
        private long epoch = Long.MIN_VALUE;

        private Step(int counters) {
            this.summary = new SpaceSaving<>(counters);
        }
    }
}
