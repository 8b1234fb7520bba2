package dev.keypath.micrometer.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import io.micrometer.core.instrument.MockClock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The windowed Space-Saving summary finds the true heavy hitters of generated skewed (Zipf) workloads within its
 * stated bound, forgets what left the window, and holds a bounded number of keys whatever the number of distinct
 * ones.
 */
class SlidingHeavyHittersTest {
    private static final Duration WINDOW = Duration.ofSeconds(60);

    /** A Zipf-distributed workload of {@code updates} weighted updates over {@code keys} keys, spread over the window. */
    private record Workload(long seed, int keys, double exponent, int updates, int counters, int steps) {
        Map<Integer, Double> run(SlidingHeavyHitters<Integer> sketch, MockClock clock) {
            SplittableRandom random = new SplittableRandom(seed);
            double[] cumulative = new double[keys];
            double sum = 0;
            for (int i = 0; i < keys; i++) {
                sum += 1 / Math.pow(i + 1, exponent);
                cumulative[i] = sum;
            }
            Map<Integer, Double> truth = new HashMap<>();
            long stepMillis = WINDOW.toMillis() / updates;
            for (int n = 0; n < updates; n++) {
                int rank = java.util.Arrays.binarySearch(cumulative, random.nextDouble() * sum);
                int key = Math.floorMod(rank < 0 ? -rank - 1 : rank, keys) * 7919 % 100_003; // heavy keys not in order
                double weight = 0.5 * (1 + random.nextInt(8));                             // capacity units, 0.5 steps
                sketch.add(key, weight);
                truth.merge(key, weight, Double::sum);
                clock.add(stepMillis, TimeUnit.MILLISECONDS);
            }
            return truth;
        }
    }

    private static SlidingHeavyHitters<Integer> sketch(Workload w, MockClock clock) {
        return new SlidingHeavyHitters<>(WINDOW, w.steps(), w.counters(), clock);
    }

    /** A clock at the start of a step, so that a workload spread over less than a window stays in it. */
    private static MockClock clockAtZero() {
        MockClock clock = new MockClock();
        clock.add(-clock.monotonicTime(), TimeUnit.NANOSECONDS);
        return clock;
    }

    @Test
    void everyEstimateIsWithinTheBoundAndNoHeavyHitterIsMissed() {
        qt().withExamples(300).withShrinkCycles(20)
                .forAll(longs().all(), integers().between(10, 5_000), doubles().between(0.6, 2.0),
                        integers().between(4, 64))
                .checkAssert((seed, keys, exponent, counters) -> {
                    int steps = 1 + (int) Math.floorMod(seed, 8L);  // 1 to 8 steps per window
                    Workload w = new Workload(seed, keys, exponent, 4_000, counters, steps);
                    MockClock clock = clockAtZero();
                    SlidingHeavyHitters<Integer> sketch = sketch(w, clock);
                    Map<Integer, Double> truth = w.run(sketch, clock);
                    clock.add(-1, TimeUnit.MILLISECONDS); // read within the window the workload filled
                    double total = truth.values().stream().mapToDouble(Double::doubleValue).sum();
                    double bound = total / counters;
                    assertThat(sketch.total()).isCloseTo(total, org.assertj.core.api.Assertions.within(1e-6));

                    List<SlidingHeavyHitters.Heavy<Integer>> all = sketch.top(Integer.MAX_VALUE);
                    for (SlidingHeavyHitters.Heavy<Integer> h : all) {
                        double real = truth.getOrDefault(h.key(), 0.0);
                        assertThat(h.estimate()).as("estimate of %s", h.key()).isGreaterThanOrEqualTo(real - 1e-6);
                        assertThat(h.estimate() - real).as("overestimate of %s", h.key())
                                .isLessThanOrEqualTo(h.overestimate() + 1e-6)
                                .isLessThanOrEqualTo(bound + 1e-6);
                    }
                    truth.forEach((key, real) -> {
                        if (real > bound) {
                            assertThat(all).as("heavy hitter %s (%s of %s)", key, real, total)
                                    .anyMatch(h -> h.key().equals(key));
                        }
                    });

                    int n = Math.min(10, counters);
                    List<SlidingHeavyHitters.Heavy<Integer>> top = sketch.top(n);
                    if (top.size() == n) {
                        double lightestListed = top.stream().mapToDouble(h -> truth.getOrDefault(h.key(), 0.0))
                                .min().orElseThrow();
                        truth.forEach((key, real) -> {
                            if (top.stream().noneMatch(h -> h.key().equals(key))) {
                                assertThat(real).as("left-out %s against the lightest listed", key)
                                        .isLessThanOrEqualTo(lightestListed + bound + 1e-6);
                            }
                        });
                    }
                });
    }

    @Test
    void theTopKeysOfAStronglySkewedWorkloadAreExact() {
        Workload w = new Workload(7, 10_000, 1.5, 20_000, 64, 6);
        MockClock clock = clockAtZero();
        SlidingHeavyHitters<Integer> sketch = sketch(w, clock);
        Map<Integer, Double> truth = w.run(sketch, clock);
        clock.add(-1, TimeUnit.MILLISECONDS);
        List<Integer> trueTop = truth.entrySet().stream()
                .sorted(Map.Entry.<Integer, Double>comparingByValue().reversed()).limit(3).map(Map.Entry::getKey)
                .toList();
        assertThat(sketch.top(3)).extracting(SlidingHeavyHitters.Heavy::key).containsExactlyElementsOf(trueTop);
    }

    @Test
    void whatLeftTheWindowIsForgotten() {
        MockClock clock = clockAtZero();
        SlidingHeavyHitters<String> sketch = new SlidingHeavyHitters<>(WINDOW, 6, 8, clock);
        sketch.add("/user-old", 100);
        clock.add(30, TimeUnit.SECONDS);
        sketch.add("/user-new", 1);
        assertThat(sketch.top(2)).extracting(SlidingHeavyHitters.Heavy::key).containsExactly("/user-old", "/user-new");

        clock.add(35, TimeUnit.SECONDS); // 65 s after the first: its step has left the window
        assertThat(sketch.top(2)).extracting(SlidingHeavyHitters.Heavy::key).containsExactly("/user-new");
        assertThat(sketch.total()).isEqualTo(1);

        clock.add(60, TimeUnit.SECONDS);
        assertThat(sketch.top(2)).isEmpty();
        sketch.add("/user-new", 2);
        assertThat(sketch.top(1)).singleElement().satisfies(h -> {
            assertThat(h.estimate()).isEqualTo(2);
            assertThat(h.overestimate()).isZero();
        });
    }

    @Test
    void memoryStaysBoundedAfterAHundredThousandDistinctKeys() {
        MockClock clock = clockAtZero();
        int counters = 32;
        int steps = 6;
        SlidingHeavyHitters<String> sketch = new SlidingHeavyHitters<>(WINDOW, steps, counters, clock);
        for (int i = 0; i < 100_000; i++) {
            sketch.add("/user-" + i, 1 + (i % 5));
            clock.add(1, TimeUnit.MILLISECONDS); // 100 s: more than a window, every step reused
            assertThat(sketch.heldKeys()).isLessThanOrEqualTo(counters * steps);
        }
        assertThat(sketch.heldKeys()).isEqualTo(counters * steps);
        assertThat(sketch.top(Integer.MAX_VALUE)).hasSizeLessThanOrEqualTo(counters * steps);
    }

    @Test
    void weightsThatAreNotPositiveAreIgnored() {
        SlidingHeavyHitters<String> sketch = new SlidingHeavyHitters<>(WINDOW, 6, 4, clockAtZero());
        sketch.add("/user-a", 0);
        sketch.add("/user-a", -1);
        sketch.add("/user-a", Double.NaN);
        assertThat(sketch.top(5)).isEmpty();
        assertThat(sketch.heldKeys()).isZero();
    }
}
