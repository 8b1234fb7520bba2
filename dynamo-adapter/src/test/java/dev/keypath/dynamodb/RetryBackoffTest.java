package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The one backoff computation: bounds, cap and a ceiling that never falls, on generated delays and retries. */
class RetryBackoffTest {

    @Test
    void everyDelayLiesBetweenZeroAndItsCeilingAndNoCeilingPassesTheCap() {
        qt().forAll(longs().between(0, 10_000_000_000L), longs().between(0, 100_000_000_000L),
                        integers().between(1, 1_000), longs().all())
                .checkAssert((base, extra, retry, seed) -> {
                    RetryBackoff backoff = new RetryBackoff(Duration.ofNanos(base), Duration.ofNanos(base + extra));
                    Duration ceiling = backoff.ceiling(retry);
                    Duration delay = backoff.delay(retry, new SplittableRandom(seed));
                    assertThat(delay).isBetween(Duration.ZERO, ceiling);
                    assertThat(ceiling).isLessThanOrEqualTo(backoff.maxDelay());
                });
    }

    @Test
    void theCeilingDoublesFromTheBaseUntilTheCapAndNeverFalls() {
        qt().forAll(longs().between(1, 1_000_000_000L), longs().between(0, 1_000_000_000_000L),
                        integers().between(1, 200))
                .checkAssert((base, extra, retry) -> {
                    RetryBackoff backoff = new RetryBackoff(Duration.ofNanos(base), Duration.ofNanos(base + extra));
                    Duration ceiling = backoff.ceiling(retry);
                    Duration next = backoff.ceiling(retry + 1);
                    assertThat(next).isGreaterThanOrEqualTo(ceiling);
                    assertThat(next).isIn(backoff.maxDelay(), ceiling.multipliedBy(2));
                    assertThat(backoff.ceiling(1)).isEqualTo(backoff.baseDelay());
                });
    }

    @Test
    void aZeroBaseNeverWaits() {
        RetryBackoff none = new RetryBackoff(Duration.ZERO, Duration.ofSeconds(1));
        assertThat(none.ceiling(1)).isZero();
        assertThat(none.ceiling(100)).isZero();
        assertThat(none.delay(64)).isZero();
    }

    @Test
    void hugeDurationsAndRetriesSaturateAtTheCap() {
        RetryBackoff huge = new RetryBackoff(Duration.ofDays(1), Duration.ofDays(365_000_000));
        assertThat(huge.ceiling(Integer.MAX_VALUE)).isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
        assertThat(new RetryBackoff(Duration.ofMillis(10), Duration.ofMillis(100)).ceiling(Integer.MAX_VALUE))
                .isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void badSettingsAndRetriesAreRefusedByName() {
        assertThatThrownBy(() -> new RetryBackoff(Duration.ofMillis(-1), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseDelay");
        assertThatThrownBy(() -> new RetryBackoff(Duration.ofMillis(2), Duration.ofMillis(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDelay");
        assertThatThrownBy(() -> new RetryBackoff(Duration.ZERO, Duration.ZERO).ceiling(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("from 1");
    }

    @Test
    void aBatchPolicyWaitsAtLeastAMillisecondBeforeItsFirstRetryAsBefore() {
        BatchPolicy zero = new BatchPolicy(Duration.ZERO, Duration.ofSeconds(2), Duration.ofSeconds(1));
        assertThat(zero.backoff().ceiling(1)).isEqualTo(Duration.ofMillis(1));
        assertThat(zero.backoff().ceiling(4)).isEqualTo(Duration.ofMillis(8));
        BatchPolicy none = new BatchPolicy(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1));
        assertThat(none.backoff().ceiling(3)).isZero();
    }
}
