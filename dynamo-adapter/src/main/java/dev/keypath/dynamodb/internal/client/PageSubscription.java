package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.operation.Operation;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One subscriber's read of a {@link PagePublisher}, page after page, as the subscriber's demand asks:
 * <ul>
 *   <li>a page is read only when every item of the pages before it has been handed over and the subscriber has
 *       asked for more, so at most one page is in flight and none is read that the demand does not need;</li>
 *   <li>{@link #cancel()} cancels the page in flight (its SDK request with it, through {@link AsyncCall}), drops
 *       what it would have brought and reads nothing more;</li>
 *   <li>a failed page (the SDK's failure, an unreadable item the table's handler refused, a failed mapping, a
 *       check before any request) is the subscriber's {@code onError}, after every item of the pages before it;
 *       a check that fails before any request fails the subscriber at once, without waiting for demand.</li>
 * </ul>
 *
 * <p>Every signal comes from one drain loop that one thread at a time runs (rule 1.3): a thread that finds
 * {@link #work} at 0 runs the loop until it drops back to 0; every other thread, including a subscriber calling
 * {@link #request} from {@code onNext}, only raises it, so the loop passes again and no call recurses (rule 3.3).
 * {@code onSubscribe} returns before any other signal: {@code work} starts at 1 and drops only once it has. The
 * loop runs on the thread that completes a page (the SDK's response executor) or on the one that calls
 * {@code request}.
 *
 * <p>A subscriber that throws from {@code onSubscribe} or {@code onNext} breaks rule 2.13: its subscription is
 * cancelled and the exception is its {@code onError}, as {@link java.util.concurrent.SubmissionPublisher} does; one
 * thrown from {@code onError} or {@code onComplete} goes to the thread's uncaught-exception handler. Nothing is
 * swallowed. Thread-safe.
 *
 * @param <T> the item type
 */
final class PageSubscription<T> implements Flow.Subscription {
    private final AsyncDriver driver;
    private final Function<String, Operation<Page<T>>> next;
    private final AtomicLong demand = new AtomicLong();
    /** Passes of the drain loop asked for; held at 1 by {@link #start} until {@code onSubscribe} has returned. */
    private final AtomicInteger work = new AtomicInteger(1);
    /** The first failure, whoever found it (a page, a bad {@code request}); the loop signals it. */
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean cancelled;
    private volatile Page<T> arrived;
    private volatile CompletableFuture<Page<T>> inFlight;

    // owned by the drain loop
    private Flow.Subscriber<? super T> subscriber;
    private final ArrayDeque<T> buffer = new ArrayDeque<>();
    private Operation<Page<T>> firstPage;
    private String pageToken;
    private boolean reading;
    private boolean lastPageRead;
    private boolean finished;

    PageSubscription(Flow.Subscriber<? super T> subscriber, AsyncDriver driver,
                     Function<String, Operation<Page<T>>> next) {
        this.subscriber = subscriber;
        this.driver = driver;
        this.next = next;
    }

    /**
     * Signals {@code onSubscribe}, then builds the first page's operation (a check that fails fails the subscriber
     * now), then runs the loop for whatever the subscriber asked meanwhile. Sends nothing until it is asked.
     */
    void start(Supplier<Operation<Page<T>>> first) {
        try {
            subscriber.onSubscribe(this);
        } catch (Throwable broken) {
            fail(broken);
        }
        try {
            firstPage = first.get();
        } catch (Throwable refused) {
            fail(refused);
        }
        loop();
    }

    @Override
    public void request(long n) {
        if (n <= 0) {
            fail(new IllegalArgumentException("request(" + n + "): a subscriber asks for a positive number of items "
                    + "(Reactive Streams rule 3.9)"));
        } else {
            demand.getAndUpdate(wanted -> wanted + n < 0 ? Long.MAX_VALUE : wanted + n); // capped (rule 3.17)
        }
        drain();
    }

    @Override
    public void cancel() {
        cancelled = true;
        CompletableFuture<Page<T>> page = inFlight;
        if (page != null) {
            page.cancel(true);
        }
        drain();
    }

    private void fail(Throwable error) {
        failure.compareAndSet(null, error);
    }

    private void drain() {
        if (work.getAndIncrement() == 0) {
            loop();
        }
    }

    private void loop() {
        int missed = 1;
        do {
            pass();
            missed = work.addAndGet(-missed);
        } while (missed != 0);
    }

    /** One pass: take an arrived page, hand over what the demand allows, then end or read the next page. */
    private void pass() {
        if (finished) {
            return;
        }
        if (cancelled) {
            finish();
            return;
        }
        Throwable error = failure.get();
        if (error != null) {
            signalError(error);
            return;
        }
        Page<T> page = arrived;
        if (page != null) {
            arrived = null;
            take(page);
        }
        if (!handOver() || cancelled || failure.get() != null) {
            return; // the next pass ends it
        }
        if (buffer.isEmpty() && !reading) {
            if (lastPageRead) {
                signalComplete();
            } else if (demand.get() > 0) {
                read();
            }
        }
    }

    private void take(Page<T> page) {
        reading = false;
        inFlight = null;
        buffer.addAll(page.items());
        pageToken = page.nextPageToken();
        lastPageRead = !page.hasMore();
    }

    /** Hands buffered items over while there is demand; false once the subscriber threw (and was told). */
    private boolean handOver() {
        long wanted = demand.get();
        long sent = 0;
        while (sent != wanted && !buffer.isEmpty() && !cancelled && failure.get() == null) {
            try {
                subscriber.onNext(buffer.poll());
            } catch (Throwable broken) {
                signalError(broken);
                return false;
            }
            sent++;
        }
        if (sent > 0) {
            long handed = sent;
            demand.getAndUpdate(left -> left == Long.MAX_VALUE ? left : left - handed);
        }
        return true;
    }

    /** Reads the next page: the first one as built at the start, each later one from the token before it. */
    private void read() {
        reading = true;
        Operation<Page<T>> built = firstPage;
        firstPage = null;
        String after = pageToken;
        CompletableFuture<Page<T>> page = driver.run(() -> built != null ? built : next.apply(after));
        inFlight = page;
        if (cancelled) {
            page.cancel(true); // cancelled while the page was being sent
        }
        page.whenComplete((read, error) -> {
            if (error != null) {
                fail(Futures.unwrap(error));
            } else {
                arrived = read;
            }
            drain();
        });
    }

    private void signalError(Throwable error) {
        Flow.Subscriber<? super T> told = subscriber;
        finish();
        try {
            told.onError(error);
        } catch (Throwable broken) {
            uncaught(broken);
        }
    }

    private void signalComplete() {
        Flow.Subscriber<? super T> told = subscriber;
        finish();
        try {
            told.onComplete();
        } catch (Throwable broken) {
            uncaught(broken);
        }
    }

    /** Ends the read: no further signal, the page in flight cancelled, the subscriber let go (rule 3.13). */
    private void finish() {
        finished = true;
        CompletableFuture<Page<T>> page = inFlight;
        if (page != null) {
            page.cancel(true);
        }
        inFlight = null;
        arrived = null;
        buffer.clear();
        firstPage = null;
        subscriber = null;
    }

    private static void uncaught(Throwable error) {
        Thread thread = Thread.currentThread();
        thread.getUncaughtExceptionHandler().uncaughtException(thread, error);
    }
}
