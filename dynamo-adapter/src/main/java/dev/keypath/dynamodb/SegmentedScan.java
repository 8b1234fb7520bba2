package dev.keypath.dynamodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one runner of a segmented (parallel) scan, synchronous or asynchronous: segments {@code 0..N-1} are read at
 * once, each page after page, and every page is handed to a {@link PageHandler} with its segment. The first failure
 * (a read's or the handler's) stops every segment: no page is read or handed over after it, and it surfaces as it
 * was thrown, after the other segments have stopped, so that what a handler recorded per segment (a checkpoint) is
 * final when the caller sees the failure. A scan resumes where a caller's record says each segment was:
 * {@link SegmentReader#first(int)} gives the position a segment starts from (null: nothing left to read).
 *
 * <p>The tables' parallel scans ({@link KeyPathTable#scanInParallel}, {@link KeyPathAsyncTable#scanInParallel}),
 * the export and the migration all run on it. What a page and a position are is the reader's: an {@link ItemScan}
 * and a {@link Page} for the tables, a start key and a {@code ScanResponse} for a raw table scan.
 *
 * <pre>{@code
 * SegmentedScan.run(4, 4, "export", reader, (segment, page) -> write(segment, page));
 * }</pre>
 *
 * Stateless; each run is independent.
 */
public final class SegmentedScan {
    private SegmentedScan() {
    }

    /**
     * How one segment is read synchronously, page after page.
     *
     * @param <K> a position in a segment: where a page starts
     * @param <P> a page
     */
    public interface SegmentReader<K, P> {
        /** Where segment {@code segment} starts; null when it has nothing left to read. */
        K first(int segment);

        /** Reads the page at {@code position}. */
        P read(K position);

        /** Where the page after {@code page} (read at {@code position}) starts; null at the segment's end. */
        K next(K position, P page);
    }

    /**
     * How one segment is read asynchronously, page after page.
     *
     * @param <K> a position in a segment: where a page starts
     * @param <P> a page
     */
    public interface AsyncSegmentReader<K, P> {
        /** Where segment {@code segment} starts; null when it has nothing left to read. */
        K first(int segment);

        /** Reads the page at {@code position}; cancelling the future cancels the read. */
        CompletableFuture<P> read(K position);

        /** Where the page after {@code page} (read at {@code position}) starts; null at the segment's end. */
        K next(K position, P page);
    }

    /**
     * Receives each page read, with its segment.
     *
     * @param <P> a page
     */
    @FunctionalInterface
    public interface PageHandler<P> {
        /** Handles {@code page} of {@code segment}; an exception thrown here ends the scan with it. */
        void accept(int segment, P page);
    }

    /**
     * Reads {@code totalSegments} segments on at most {@code threads} threads of the scan's own (never a shared
     * pool), each segment page after page on one thread, and hands each page to {@code handler} on the thread
     * that read it: pages of different segments are handled at the same time, those of one segment in order.
     * Returns once every segment is read. On the first failure the other threads are interrupted and waited for
     * (a page a thread has read is still handed over; no segment reads a further page),
     * then the failure is thrown as it was (an {@link Error} as well; a checked exception inside an
     * {@link IllegalStateException}). An interrupt of the calling thread stops the scan the same way and ends it
     * with a {@link CancellationException}, the thread's interrupt flag set.
     *
     * @param name names the threads ({@code keypath-<name>-<n>})
     * @throws IllegalArgumentException when {@code totalSegments} or {@code threads} is below 1
     */
    public static <K, P> void run(int totalSegments, int threads, String name, SegmentReader<K, P> reader,
                                  PageHandler<? super P> handler) {
        check(totalSegments, threads);
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(handler, "handler");
        int workers = Math.min(totalSegments, threads);
        AtomicInteger nextSegment = new AtomicInteger();
        AtomicInteger threadNumber = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "keypath-" + name + "-" + threadNumber.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
        AtomicReference<Throwable> first = new AtomicReference<>();
        Runnable stop = pool::shutdownNow;
        try {
            List<Future<?>> running = new ArrayList<>(workers);
            Runnable worker = () -> {
                for (int s = nextSegment.getAndIncrement(); s < totalSegments && first.get() == null;
                     s = nextSegment.getAndIncrement()) {
                    readSegment(s, reader, handler, first, stop);
                }
            };
            for (int w = 0; w < workers && first.get() == null; w++) {
                try {
                    running.add(pool.submit(worker));
                } catch (RejectedExecutionException e) {
                    break; // a worker already failed and stopped the pool: that failure is the one to throw
                }
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (ExecutionException e) {
            first.compareAndSet(null, e.getCause());
        } catch (CancellationException e) {
            first.compareAndSet(null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            first.compareAndSet(null, new CancellationException("the scan's calling thread was interrupted"));
        } finally {
            pool.shutdownNow();
            awaitStop(pool);
        }
        Throwable failure = first.get();
        if (failure != null) {
            throw rethrown(failure);
        }
    }

    /**
     * Reads {@code totalSegments} segments at once, each page after page with one read in flight per segment, and
     * hands each page to {@code handler}, one call at a time (so it needs no locking of its own), on the thread
     * that completed the read. Completes with nothing once every segment is read; fails with the first failure
     * (a read's or the handler's), after which no page is handed over and the reads in flight are cancelled.
     * Cancelling the returned future does the same. Bad arguments fail the returned future.
     */
    public static <K, P> CompletableFuture<Void> runAsync(int totalSegments, AsyncSegmentReader<K, P> reader,
                                                          PageHandler<? super P> handler) {
        try {
            check(totalSegments, 1);
            Objects.requireNonNull(reader, "reader");
            Objects.requireNonNull(handler, "handler");
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return new AsyncRun<>(totalSegments, reader, handler).start();
    }

    /** Reads one segment to its end; records the first failure of the run and stops the other threads. */
    private static <K, P> void readSegment(int segment, SegmentReader<K, P> reader, PageHandler<? super P> handler,
                                           AtomicReference<Throwable> first, Runnable stop) {
        try {
            for (K at = reader.first(segment); at != null && first.get() == null; ) {
                P page = reader.read(at);
                handler.accept(segment, page); // a page read is handed over, so that what it did is recorded
                at = reader.next(at, page);
            }
        } catch (Throwable e) {
            if (first.compareAndSet(null, e)) {
                stop.run();
            }
        }
    }

    private static void awaitStop(ExecutorService pool) {
        boolean interrupted = Thread.interrupted();
        try {
            while (!pool.isTerminated()) {
                try {
                    pool.awaitTermination(1, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static RuntimeException rethrown(Throwable failure) {
        if (failure instanceof RuntimeException r) {
            return r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        return new IllegalStateException("a segment failed: " + failure, failure);
    }

    private static void check(int totalSegments, int threads) {
        if (totalSegments < 1) {
            throw new IllegalArgumentException("totalSegments must be at least 1, got " + totalSegments);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
    }

    /** One asynchronous run: a chain of reads per segment, the handler behind one lock. */
    private static final class AsyncRun<K, P> {
        private final int totalSegments;
        private final AsyncSegmentReader<K, P> reader;
        private final PageHandler<? super P> handler;
        private final CompletableFuture<Void> result = new CompletableFuture<>();
        private final java.util.Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
        private final AtomicInteger remaining;
        private final Object handing = new Object();

        AsyncRun(int totalSegments, AsyncSegmentReader<K, P> reader, PageHandler<? super P> handler) {
            this.totalSegments = totalSegments;
            this.reader = reader;
            this.handler = handler;
            this.remaining = new AtomicInteger(totalSegments);
            result.whenComplete((done, error) -> {
                if (error != null) {
                    inFlight.forEach(f -> f.cancel(true));
                }
            });
        }

        CompletableFuture<Void> start() {
            for (int s = 0; s < totalSegments && !result.isDone(); s++) {
                K first;
                try {
                    first = reader.first(s);
                } catch (RuntimeException e) {
                    fail(e);
                    break;
                }
                if (first == null) {
                    segmentDone();
                } else {
                    read(s, first);
                }
            }
            return result;
        }

        private void read(int segment, K at) {
            if (result.isDone()) {
                return;
            }
            CompletableFuture<P> page;
            try {
                page = Objects.requireNonNull(reader.read(at), "the reader returned no future");
            } catch (RuntimeException e) {
                fail(e);
                return;
            }
            inFlight.add(page);
            if (result.isDone()) {
                page.cancel(true);
            }
            page.whenComplete((p, error) -> {
                inFlight.remove(page);
                if (error != null) {
                    fail(error);
                } else {
                    handOver(segment, at, p);
                }
            });
        }

        private void handOver(int segment, K at, P page) {
            K next;
            synchronized (handing) {
                if (result.isDone()) {
                    return;
                }
                try {
                    handler.accept(segment, page);
                    next = reader.next(at, page);
                } catch (RuntimeException e) {
                    fail(e); // inside the lock: no other segment's page is handed over after a handler's failure
                    return;
                }
            }
            if (next != null) {
                read(segment, next);
            } else {
                segmentDone();
            }
        }

        private void segmentDone() {
            if (remaining.decrementAndGet() == 0) {
                result.complete(null);
            }
        }

        private void fail(Throwable error) {
            Throwable cause = error instanceof CompletionException && error.getCause() != null
                    ? error.getCause() : error;
            if (!(cause instanceof CancellationException) || !result.isDone()) {
                result.completeExceptionally(cause);
            }
        }
    }
}
