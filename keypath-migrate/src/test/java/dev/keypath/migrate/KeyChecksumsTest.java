package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/**
 * The verification's checksums by key, visited by the source items of each key in any order: a key is matched if
 * any of its visitors matched it, whether that visitor came first or last; a key no visitor matched counts once
 * among the unmatched, however many visitors it had; a key nobody visited is unvisited.
 */
class KeyChecksumsTest {
    static final long ABSENT = 0x6D697373696E67L;

    static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Math.min(2000, Integer.getInteger("keypath.properties.examples", 2000)));
    }

    @Test
    void whetherAKeyMatchesDoesNotDependOnTheOrderOfItsVisitors() {
        // each shape: visitors = shape / 4 (0 to 3), the one that matches = shape % 4 (none when >= visitors)
        qt().forAll(lists().of(integers().between(0, 15)).ofSizeBetween(1, 60), longs().all())
                .checkAssert((shapes, seed) -> {
                    KeyChecksums sums = new KeyChecksums();
                    List<long[]> visits = new ArrayList<>();
                    long unmatched = 0;
                    long unvisited = 0;
                    for (int k = 0; k < shapes.size(); k++) {
                        long key = mix(k);
                        long stored = mix(k + 1_000_000L);
                        assertThat(sums.put(key, stored)).isTrue();
                        int visitors = shapes.get(k) / 4;
                        int match = shapes.get(k) % 4;
                        for (int v = 0; v < visitors; v++) {
                            visits.add(new long[] {key, v == match ? stored : stored ^ (4L << v)});
                        }
                        if (visitors == 0) {
                            unvisited++;
                        } else if (match >= visitors) {
                            unmatched++;
                        }
                    }
                    Collections.shuffle(visits, new Random(seed));
                    for (long[] visit : visits) {
                        long checksum = visit[1];
                        long was = sums.visit(visit[0], ABSENT, s -> KeyChecksums.same(s, checksum));
                        assertThat(was).isNotEqualTo(ABSENT);
                    }
                    assertThat(sums.unmatched()).as(shapes.toString()).isEqualTo(unmatched);
                    assertThat(sums.unvisited()).isEqualTo(unvisited);
                    for (int k = 0; k < shapes.size(); k++) {
                        assertThat(sums.matched(mix(k))).isEqualTo(shapes.get(k) % 4 < shapes.get(k) / 4);
                    }
                    assertThat(sums.visit(mix(-1), ABSENT, s -> true)).isEqualTo(ABSENT);
                });
    }

    @Test
    void aVisitReportsWhatEarlierVisitsFound() {
        KeyChecksums sums = new KeyChecksums();
        sums.put(7, 0x1234_5678_0000_0003L);
        long first = sums.visit(7, ABSENT, s -> false);
        long second = sums.visit(7, ABSENT, s -> KeyChecksums.same(s, 0x1234_5678_0000_0000L));
        long third = sums.visit(7, ABSENT, s -> false);

        assertThat(KeyChecksums.visited(first)).isFalse();
        assertThat(KeyChecksums.visited(second)).isTrue();
        assertThat(KeyChecksums.wasMatched(second)).isFalse();
        assertThat(KeyChecksums.wasMatched(third)).isTrue();
        assertThat(KeyChecksums.same(third, 0x1234_5678_0000_0000L)).isTrue();
        assertThat(sums.unmatched()).isZero();
        assertThat(sums.unvisited()).isZero();
    }

    private static long mix(long x) {
        long z = x * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        return z ^ (z >>> 31);
    }
}
