package dev.keypath.micrometer.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.dynamodb.OperationCapacity;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import io.micrometer.core.instrument.MockClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The ledger's latency figures agree with each other and with the calls of its window, on generated durations from
 * a microsecond to a minute: p50 ≤ p90 ≤ p99 ≤ max, the max is the longest call, the mean lies between the shortest
 * and the longest call, each percentile is within 2 % of the call at its rank, and calls that left the window leave
 * every figure, the mean included.
 */
class LedgerLatencyTest {
    private static final Duration WINDOW = Duration.ofSeconds(60);

    @Test
    void percentilesMaxAndMeanAgreeWithTheCallsOfTheWindow() {
        qt().withExamples(300).withShrinkCycles(20)
                .forAll(longs().all(), integers().between(1, 3_000), integers().between(1, 8))
                .checkAssert((seed, calls, steps) -> {
                    MockClock clock = new MockClock();
                    AccessPatternLedger ledger = ledger(clock, steps);
                    List<Duration> durations = durations(seed, calls);
                    durations.forEach(d -> ledger.onOperation(report(d)));
                    agree(ledger, durations);
                });
    }

    @Test
    void callsThatLeftTheWindowLeaveEveryFigure() {
        qt().withExamples(100).withShrinkCycles(20)
                .forAll(longs().all(), integers().between(1, 500), integers().between(1, 8))
                .checkAssert((seed, calls, steps) -> {
                    MockClock clock = new MockClock();
                    AccessPatternLedger ledger = ledger(clock, steps);
                    // slow calls first, then, a window later, fast ones: only the fast ones are in the figures
                    durations(seed, calls).forEach(d -> ledger.onOperation(report(d.multipliedBy(1_000))));
                    clock.add(WINDOW.plus(WINDOW.dividedBy(steps)));
                    List<Duration> recent = durations(seed + 1, calls);
                    recent.forEach(d -> ledger.onOperation(report(d)));
                    agree(ledger, recent);

                    clock.add(WINDOW.plus(WINDOW.dividedBy(steps)));
                    Latency none = latency(ledger);
                    assertThat(List.of(none.p50(), none.p90(), none.p99(), none.max(), none.mean()))
                            .as("no call in the window").containsOnly(Duration.ZERO);
                });
    }

    private static void agree(AccessPatternLedger ledger, List<Duration> durations) {
        List<Duration> sorted = durations.stream().sorted().toList();
        Duration min = sorted.get(0);
        Duration max = sorted.get(sorted.size() - 1);
        Latency l = latency(ledger);
        assertThat(l.p50()).as("p50 of %s", l).isLessThanOrEqualTo(l.p90());
        assertThat(l.p90()).as("p90 of %s", l).isLessThanOrEqualTo(l.p99());
        assertThat(l.p99()).as("p99 of %s", l).isLessThanOrEqualTo(l.max());
        assertThat(l.max()).as("max of %s", l).isEqualTo(max);
        assertThat(l.mean()).as("mean of %s", l).isBetween(min, max);
        long total = durations.stream().mapToLong(Duration::toNanos).sum();
        assertThat((double) l.mean().toNanos()).as("mean of %s", l).isCloseTo(
                (double) total / durations.size(), within(1.0));
        double[] ps = {0.5, 0.9, 0.99};
        Duration[] reported = {l.p50(), l.p90(), l.p99()};
        for (int i = 0; i < ps.length; i++) {
            Duration atRank = sorted.get((int) Math.ceil(ps[i] * sorted.size()) - 1);
            assertThat((double) reported[i].toNanos()).as("p%s of %s against %s", ps[i] * 100, l, atRank)
                    .isCloseTo(atRank.toNanos(), within(
                            0.02 * atRank.toNanos() + 1_000));
        }
    }

    private static AccessPatternLedger ledger(MockClock clock, int steps) {
        return AccessPatternLedger.builder().clock(clock).window(WINDOW, steps).build();
    }

    private static Latency latency(AccessPatternLedger ledger) {
        return ledger.patterns().get(0).latency();
    }

    /** Durations spread over six orders of magnitude (a microsecond to a minute), in clusters as real calls fall. */
    private static List<Duration> durations(long seed, int calls) {
        SplittableRandom random = new SplittableRandom(seed);
        double centre = Math.pow(10, 3 + random.nextDouble() * 6);  // 1 µs to 1 s, in nanoseconds
        List<Duration> out = new ArrayList<>(calls);
        for (int i = 0; i < calls; i++) {
            double spread = random.nextInt(20) == 0 ? Math.pow(10, random.nextDouble() * 4.7) : 1 + random.nextDouble();
            out.add(Duration.ofNanos(Math.max(1, Math.round(centre * spread))));
        }
        return out;
    }

    private static OperationReport report(Duration duration) {
        OperationCapacity capacity = OperationCapacity.of(0.5, 0, Map.of("t", new OperationCapacity.Units(0.5, 0)),
                Map.of(), Map.of(), 1, 1);
        return new OperationReport(OperationKind.GET, null, "t", null, null, "Member.get",
                OperationReport.Outcome.SUCCESS, null, duration, capacity, 1, 1, 1, 0);
    }
}
