package dev.keypath.dynamodb.internal.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * {@code @AutoId(UUID_V7)} ids sort in the order they were made, in key-path byte order, even many in one
 * millisecond and when the clock steps back; each is a well-formed RFC 9562 version 7 UUID carrying the time it was
 * made (or the latest time already used).
 */
class UuidV7OrderTest {
    private static int compare(UUID a, UUID b) {
        return KeyPath.of("s", a).compareTo(KeyPath.of("s", b));
    }

    private final UuidV7Sequence ids = new UuidV7Sequence();

    @Test
    void idsMadeInOneMillisecondSortInTheOrderTheyWereMade() {
        List<UUID> made = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            made.add(ids.next(1_700_000_000_000L));
        }
        for (int i = 1; i < made.size(); i++) {
            assertThat(compare(made.get(i - 1), made.get(i))).as("id %d after id %d", i, i - 1).isNegative();
        }
        made.forEach(id -> {
            assertThat(id.version()).isEqualTo(7);
            assertThat(id.variant()).isEqualTo(2);
        });
    }

    @Test
    void anyClockReadingsGiveIncreasingIdsWhoseTimeNeverRunsBehindTheClock() {
        qt().withExamples(300).forAll(lists().of(longs().between(0, 50)).ofSizeBetween(1, 200),
                integers().between(0, 1000)).checkAssert((steps, back) -> {
                    UuidV7Sequence ids = new UuidV7Sequence();
                    long millis = 1_800_000_000_000L + back * 10_000L;
                    UUID previous = null;
                    for (long step : steps) {
                        millis += step - 20; // forward, back or the same
                        UUID id = ids.next(millis);
                        long stamped = id.getMostSignificantBits() >>> 16;
                        assertThat(stamped).isGreaterThanOrEqualTo(millis);
                        if (previous != null) {
                            assertThat(compare(previous, id)).isNegative();
                        }
                        previous = id;
                    }
                });
    }

    @Test
    void threadsMakingIdsAtOnceGetDistinctIds() throws Exception {
        ConcurrentLinkedQueue<UUID> made = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 5_000; i++) {
                    made.add(ids.next(1_900_000_000_000L));
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(made).hasSize(20_000).doesNotHaveDuplicates();
    }
}
