package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.SegmentedScan;
import java.lang.ref.Cleaner;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The tables' parallel scans, both on {@link SegmentedScan}: the segments of an {@link ItemScan} read page after
 * page through the table's own page reads ({@code scan(ItemScan)}), so that the synchronous and the asynchronous
 * table read the same pages and fail the same way. Stateless.
 */
public final class ParallelScan {
    /** The most threads one synchronous parallel scan reads on. */
    static final int MAX_THREADS = 32;
    private static final Cleaner ABANDONED = Cleaner.create();

    private ParallelScan() {
    }

    /**
     * Reads {@code scan} in {@code totalSegments} segments with {@code pages}, all at once, and hands each page to
     * {@code onPage} one call at a time; completes with the number of items handed over. The first failure ends
     * the scan and cancels the reads in flight; so does cancelling the result. Bad arguments fail the result.
     */
    public static CompletableFuture<Long> run(Function<ItemScan, CompletableFuture<Page<Object>>> pages,
                                              ItemScan scan, int totalSegments,
                                              Consumer<? super Page<Object>> onPage) {
        List<ItemScan> segments;
        try {
            Objects.requireNonNull(onPage, "onPage");
            segments = Objects.requireNonNull(scan, "scan").split(totalSegments);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        AtomicLong items = new AtomicLong();
        CompletableFuture<Void> run = SegmentedScan.runAsync(segments.size(),
                new SegmentedScan.AsyncSegmentReader<ItemScan, Page<Object>>() {
                    @Override
                    public ItemScan first(int segment) {
                        return segments.get(segment);
                    }

                    @Override
                    public CompletableFuture<Page<Object>> read(ItemScan at) {
                        return pages.apply(at);
                    }

                    @Override
                    public ItemScan next(ItemScan at, Page<Object> page) {
                        return ParallelScan.next(at, page);
                    }
                }, (segment, page) -> {
                    onPage.accept(page);
                    items.addAndGet(page.items().size());
                });
        CompletableFuture<Long> result = new CompletableFuture<>();
        run.whenComplete((done, error) -> {
            if (error == null) {
                result.complete(items.get());
            } else {
                result.completeExceptionally(error); // the failure as it was, not wrapped
            }
        });
        result.whenComplete((count, error) -> {
            if (error != null) {
                run.cancel(true);
            }
        });
        return result;
    }

    /**
     * Every item of {@code scan} read in {@code totalSegments} segments on threads of the scan's own (at most
     * {@value #MAX_THREADS}), as a sequential stream in no particular order. The segments are read from the stream's
     * first element on, a few pages ahead of the consumer; the first failure (a read's, thrown where the consumer
     * meets it, or the consumer's own) stops every segment; closing the stream (or dropping it) stops the reading.
     * Bad arguments are refused at once.
     */
    public static Stream<Object> stream(Function<ItemScan, Page<Object>> pages, ItemScan scan, int totalSegments) {
        List<ItemScan> segments = Objects.requireNonNull(scan, "scan").split(totalSegments);
        Objects.requireNonNull(pages, "pages");
        Reading reading = new Reading(pages, segments);
        Items items = new Items(reading);
        ABANDONED.register(items, reading::cancel);
        return StreamSupport.stream(items, false).onClose(reading::cancel);
    }

    private static ItemScan next(ItemScan at, Page<?> page) {
        return page.hasMore() ? at.toBuilder().pageToken(page.nextPageToken()).build() : null;
    }

    /** The end of the reading, handed to the consumer after the last page. */
    private record End(Throwable failure) {
    }

    /** The segments read on threads of their own into a queue of pages, started on demand. Thread-safe. */
    private static final class Reading {
        private final Function<ItemScan, Page<Object>> pages;
        private final List<ItemScan> segments;
        private final BlockingQueue<Object> queue;
        private Thread runner;
        private boolean cancelled;

        Reading(Function<ItemScan, Page<Object>> pages, List<ItemScan> segments) {
            this.pages = pages;
            this.segments = segments;
            this.queue = new ArrayBlockingQueue<>(2 * Math.min(segments.size(), MAX_THREADS) + 1);
        }

        synchronized void start() {
            if (runner != null || cancelled) {
                return;
            }
            runner = new Thread(this::read, "keypath-scan");
            runner.setDaemon(true);
            runner.start();
        }

        synchronized void cancel() {
            cancelled = true;
            if (runner != null) {
                runner.interrupt();
            }
        }

        /** The next page's items or the {@link End}; waits for it. */
        Object take() {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancel();
                throw new CancellationException("interrupted while waiting for a page of a parallel scan");
            }
        }

        private void read() {
            Throwable failure = null;
            try {
                SegmentedScan.run(segments.size(), MAX_THREADS, "scan", new SegmentedScan.SegmentReader<
                        ItemScan, Page<Object>>() {
                    @Override
                    public ItemScan first(int segment) {
                        return segments.get(segment);
                    }

                    @Override
                    public Page<Object> read(ItemScan at) {
                        return pages.apply(at);
                    }

                    @Override
                    public ItemScan next(ItemScan at, Page<Object> page) {
                        return ParallelScan.next(at, page);
                    }
                }, (segment, page) -> put(page.items()));
            } catch (Throwable e) {
                failure = e;
            }
            try {
                queue.put(new End(failure));
            } catch (InterruptedException e) {
                // cancelled: nobody reads the end
            }
        }

        private void put(List<Object> items) {
            try {
                queue.put(items);
            } catch (InterruptedException e) {
                throw new CancellationException("the parallel scan was closed");
            }
        }
    }

    /** The items of the pages as the consumer reaches them. Not thread-safe (one consumer). */
    private static final class Items extends Spliterators.AbstractSpliterator<Object> {
        private final Reading reading;
        private Iterator<Object> page = java.util.Collections.emptyIterator();
        private boolean ended;

        Items(Reading reading) {
            super(Long.MAX_VALUE, Spliterator.NONNULL);
            this.reading = reading;
        }

        @Override
        @SuppressWarnings("unchecked")
        public boolean tryAdvance(Consumer<? super Object> action) {
            while (!page.hasNext()) {
                if (ended) {
                    return false;
                }
                reading.start();
                Object next = reading.take();
                if (next instanceof End end) {
                    ended = true;
                    if (end.failure() instanceof RuntimeException r) {
                        throw r;
                    }
                    if (end.failure() instanceof Error e) {
                        throw e;
                    }
                    return false;
                }
                page = ((List<Object>) next).iterator();
            }
            try {
                action.accept(page.next());
            } catch (RuntimeException | Error e) {
                reading.cancel(); // the consumer's failure ends the scan as a read's does
                throw e;
            }
            return true;
        }
    }
}
