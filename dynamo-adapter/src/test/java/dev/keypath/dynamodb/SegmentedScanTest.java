package dev.keypath.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The segmented scan runner on segments of numbered pages (no table: the runner's own rules): every page of every
 * segment once and in order within its segment, resumed segments skipped, bounded threads of its own, and the
 * first failure stopping the rest and surfacing as it was thrown, synchronously and asynchronously alike.
 */
class SegmentedScanTest {

    /** Segment s has {@code pages[s]} pages, numbered from 0; a position is the page's number. */
    private record Pages(int[] pages, Set<Integer> skipped, Map<Integer, Integer> failAt)
            implements SegmentedScan.SegmentReader<int[], int[]> {
        @Override
        public int[] first(int segment) {
            return skipped.contains(segment) || pages[segment] == 0 ? null : new int[] {segment, 0};
        }

        @Override
        public int[] read(int[] at) {
            if (failAt.getOrDefault(at[0], -1) == at[1]) {
                throw new IllegalStateException("page " + at[1] + " of segment " + at[0] + " fails");
            }
            return at;
        }

        @Override
        public int[] next(int[] at, int[] page) {
            return page[1] + 1 < pages[page[0]] ? new int[] {page[0], page[1] + 1} : null;
        }
    }

    private static final class AsyncPages implements SegmentedScan.AsyncSegmentReader<int[], int[]> {
        private final Pages pages;

        AsyncPages(Pages pages) {
            this.pages = pages;
        }

        @Override
        public int[] first(int segment) {
            return pages.first(segment);
        }

        @Override
        public CompletableFuture<int[]> read(int[] at) {
            return CompletableFuture.supplyAsync(() -> pages.read(at));
        }

        @Override
        public int[] next(int[] at, int[] page) {
            return pages.next(at, page);
        }
    }

    @Test
    void everyPageOfEverySegmentComesOnceInItsSegmentsOrderOnBoundedThreadsOfItsOwn() {
        qt().forAll(integers().between(1, 12), integers().between(1, 5), integers().between(0, 6))
                .checkAssert((segments, threads, maxPages) -> {
                    int[] pages = new int[segments];
                    for (int s = 0; s < segments; s++) {
                        pages[s] = (s * 7 + maxPages) % (maxPages + 1);
                    }
                    Pages reader = new Pages(pages, Set.of(), Map.of());
                    Map<Integer, List<Integer>> seen = new ConcurrentHashMap<>();
                    Set<String> threadNames = ConcurrentHashMap.newKeySet();
                    SegmentedScan.run(segments, threads, "test", reader, (segment, page) -> {
                        threadNames.add(Thread.currentThread().getName());
                        seen.computeIfAbsent(segment, k -> new ArrayList<>()).add(page[1]);
                    });
                    Map<Integer, List<Integer>> asyncSeen = new ConcurrentHashMap<>();
                    SegmentedScan.runAsync(segments, new AsyncPages(reader), (segment, page) ->
                            asyncSeen.computeIfAbsent(segment, k -> new ArrayList<>()).add(page[1])).join();

                    for (int s = 0; s < segments; s++) {
                        List<Integer> expected = new ArrayList<>();
                        for (int p = 0; p < pages[s]; p++) {
                            expected.add(p);
                        }
                        assertThat(seen.getOrDefault(s, List.of())).isEqualTo(expected);
                    }
                    assertThat(asyncSeen).isEqualTo(seen);
                    assertThat(threadNames).allMatch(n -> n.startsWith("keypath-test-"));
                    assertThat(threadNames.size()).isLessThanOrEqualTo(Math.min(segments, threads));
                });
    }

    @Test
    void aSegmentWhoseFirstPositionIsNullIsNotReadSoAResumedScanSkipsIt() {
        Pages reader = new Pages(new int[] {3, 3, 3}, Set.of(1), Map.of());
        List<Integer> segments = new ArrayList<>();
        SegmentedScan.run(3, 3, "test", reader, (segment, page) -> {
            synchronized (segments) {
                segments.add(segment);
            }
        });
        List<Integer> asyncSegments = new ArrayList<>();
        SegmentedScan.runAsync(3, new AsyncPages(reader), (segment, page) -> asyncSegments.add(segment)).join();

        assertThat(segments).hasSize(6).doesNotContain(1);
        assertThat(asyncSegments).hasSize(6).doesNotContain(1);
    }

    @Test
    void theFirstFailureStopsEverySegmentAndSurfacesAsItWasThrown() {
        Pages reader = new Pages(new int[] {1_000, 1_000, 1_000, 1_000}, Set.of(), Map.of(2, 3));
        AtomicInteger handed = new AtomicInteger();
        assertThatThrownBy(() -> SegmentedScan.run(4, 4, "test", reader, (segment, page) -> {
            handed.incrementAndGet();
            sleep(1);
        })).isInstanceOf(IllegalStateException.class).hasMessage("page 3 of segment 2 fails");
        assertThat(handed.get()).isLessThan(4_000);

        AtomicInteger asyncHanded = new AtomicInteger();
        CompletableFuture<Void> run = SegmentedScan.runAsync(4, new AsyncPages(reader),
                (segment, page) -> asyncHanded.incrementAndGet());
        assertThatThrownBy(run::join).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(IllegalStateException.class).hasMessage("page 3 of segment 2 fails");
        int atFailure = asyncHanded.get();
        sleep(100);
        assertThat(asyncHanded.get()).isEqualTo(atFailure).isLessThan(4_000);
    }

    @Test
    void aHandlersFailureEndsTheScanLikeARead() {
        Pages reader = new Pages(new int[] {50, 50}, Set.of(), Map.of());
        IllegalArgumentException refused = new IllegalArgumentException("refused");
        assertThatThrownBy(() -> SegmentedScan.run(2, 2, "test", reader, (segment, page) -> {
            throw refused;
        })).isSameAs(refused);
        assertThatThrownBy(() -> SegmentedScan.runAsync(2, new AsyncPages(reader), (segment, page) -> {
            throw refused;
        }).join()).cause().isSameAs(refused);
    }

    @Test
    void aFailureWhileTheWorkersAreStillStartingIsTheOneThrown() {
        IllegalStateException refused = new IllegalStateException("refused at once");
        SegmentedScan.SegmentReader<Integer, Integer> failing = new SegmentedScan.SegmentReader<>() {
            @Override
            public Integer first(int segment) {
                throw refused;
            }

            @Override
            public Integer read(Integer position) {
                return position;
            }

            @Override
            public Integer next(Integer position, Integer page) {
                return null;
            }
        };
        for (int run = 0; run < 200; run++) {
            assertThatThrownBy(() -> SegmentedScan.run(64, 32, "test", failing, (segment, page) -> { }))
                    .isSameAs(refused);
        }
    }

    @Test
    void badCountsAreRefusedByName() {
        Pages reader = new Pages(new int[] {1}, Set.of(), Map.of());
        assertThatThrownBy(() -> SegmentedScan.run(0, 1, "test", reader, (s, p) -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("totalSegments");
        assertThatThrownBy(() -> SegmentedScan.run(1, 0, "test", reader, (s, p) -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threads");
        assertThat(SegmentedScan.runAsync(0, new AsyncPages(reader), (s, p) -> { })).isCompletedExceptionally();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
