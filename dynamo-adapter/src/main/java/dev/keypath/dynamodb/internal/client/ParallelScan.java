package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.Page;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A parallel scan on an asynchronous table: every segment is read at once, each page after page through the
 * table's own page reads, and each page is handed to the caller's consumer, one call at a time. The first failure
 * ends the scan and cancels the reads in flight; so does cancelling the result. One instance per scan.
 */
public final class ParallelScan {
    private final Function<ItemScan, CompletableFuture<Page<Object>>> pages;
    private final Consumer<? super Page<Object>> onPage;
    private final CompletableFuture<Long> result = new CompletableFuture<>();
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private final AtomicLong items = new AtomicLong();
    private final AtomicInteger remaining;
    private final Object handing = new Object();

    private ParallelScan(Function<ItemScan, CompletableFuture<Page<Object>>> pages,
                         Consumer<? super Page<Object>> onPage, int segments) {
        this.pages = pages;
        this.onPage = onPage;
        this.remaining = new AtomicInteger(segments);
        result.whenComplete((count, error) -> {
            if (error != null) {
                inFlight.forEach(f -> f.cancel(true));
            }
        });
    }

    /**
     * Reads {@code scan} in {@code totalSegments} segments with {@code pages}; completes with the number of items
     * handed to {@code onPage}. Bad arguments fail the returned future.
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
        ParallelScan run = new ParallelScan(pages, onPage, segments.size());
        segments.forEach(run::read);
        return run.result;
    }

    /** Reads the page {@code segment} asks for, then hands it over and goes on with the next. */
    private void read(ItemScan segment) {
        if (result.isDone()) {
            return;
        }
        CompletableFuture<Page<Object>> page;
        try {
            page = pages.apply(segment);
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
                handOver(segment, p);
            }
        });
    }

    private void handOver(ItemScan segment, Page<Object> page) {
        synchronized (handing) {
            if (result.isDone()) {
                return;
            }
            try {
                onPage.accept(page);
            } catch (RuntimeException e) {
                fail(e); // inside the lock: no other segment's page is handed over after a consumer's failure
                return;
            }
        }
        items.addAndGet(page.items().size());
        if (page.hasMore()) {
            read(segment.toBuilder().pageToken(page.nextPageToken()).build());
        } else if (remaining.decrementAndGet() == 0) {
            result.complete(items.get());
        }
    }

    private void fail(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (!(cause instanceof CancellationException) || !result.isDone()) {
            result.completeExceptionally(cause);
        }
    }
}
