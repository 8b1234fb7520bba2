package dev.keypath.micrometer.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Space-Saving summary's guarantees on arbitrary streams, and its heap kept in order. */
class SpaceSavingTest {
    @Test
    void countsBoundTheTruthOnAnyStream() {
        qt().withExamples(2_000)
                .forAll(lists().of(integers().between(0, 40)).ofSizeBetween(0, 300), integers().between(1, 16))
                .checkAssert((stream, capacity) -> {
                    SpaceSaving<Integer> summary = new SpaceSaving<>(capacity);
                    Map<Integer, Double> truth = new HashMap<>();
                    for (int key : stream) {
                        double weight = 1 + key % 3;
                        summary.add(key, weight);
                        truth.merge(key, weight, Double::sum);
                    }
                    double total = truth.values().stream().mapToDouble(Double::doubleValue).sum();
                    assertThat(summary.total()).isEqualTo(total);
                    assertThat(summary.size()).isLessThanOrEqualTo(capacity).isEqualTo(Math.min(capacity, truth.size()));
                    for (SpaceSaving.Estimate<Integer> e : summary.estimates()) {
                        double real = truth.get(e.key());
                        assertThat(e.count()).isGreaterThanOrEqualTo(real);
                        assertThat(e.count() - e.error()).isLessThanOrEqualTo(real);
                        assertThat(e.error()).isLessThanOrEqualTo(summary.floor()).isLessThanOrEqualTo(total / capacity);
                    }
                    double floor = summary.floor();
                    assertThat(summary.estimates()).allSatisfy(e -> assertThat(e.count()).isGreaterThanOrEqualTo(floor));
                    truth.forEach((key, real) -> {
                        if (summary.estimate(key) == null) {
                            assertThat(real).isLessThanOrEqualTo(floor);
                        }
                    });
                });
    }

    @Test
    void clearForgetsEverything() {
        SpaceSaving<String> summary = new SpaceSaving<>(2);
        List.of("a", "b", "c").forEach(k -> summary.add(k, 1));
        summary.clear();
        assertThat(summary.size()).isZero();
        assertThat(summary.total()).isZero();
        assertThat(summary.floor()).isZero();
        assertThat(summary.estimate("a")).isNull();
        summary.add("d", 2);
        assertThat(summary.estimate("d")).isEqualTo(new SpaceSaving.Estimate<>("d", 2, 0));
    }

    @Test
    void aSummaryNeedsACounter() {
        assertThatThrownBy(() -> new SpaceSaving<String>(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one counter");
    }
}
