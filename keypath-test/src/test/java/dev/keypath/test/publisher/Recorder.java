package dev.keypath.test.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * A subscriber that records what a publisher signals and checks the rules a subscriber can see: {@code onSubscribe}
 * once and first, one signal at a time, nothing after a terminal signal or after it cancelled. The test asks for
 * items and cancels through it, and waits for items or the end with a timeout, so that a publisher that hangs fails
 * the test instead of blocking it. Thread-safe.
 *
 * @param <T> the item type
 */
final class Recorder<T> implements Flow.Subscriber<T> {
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** How long a test watches for a signal or a request that must not come. */
    static final Duration QUIET = Duration.ofMillis(400);

    private final Object lock = new Object();
    private final List<T> items = new ArrayList<>();
    private final List<String> violations = new ArrayList<>();
    private final AtomicInteger inside = new AtomicInteger();
    private final CountDownLatch subscribed = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final BiConsumer<Recorder<T>, T> onEach;
    private volatile Flow.Subscription subscription;
    private volatile Throwable error;
    private volatile boolean completed;
    private volatile boolean cancelled;
    private int subscriptions;

    private Recorder(BiConsumer<Recorder<T>, T> onEach) {
        this.onEach = onEach;
    }

    /** A recorder that only records; the test asks for items. */
    static <T> Recorder<T> recording() {
        return new Recorder<>((r, item) -> { });
    }

    /** A recorder that also runs {@code onEach} (on the publisher's thread) after recording each item. */
    static <T> Recorder<T> onEach(BiConsumer<Recorder<T>, T> onEach) {
        return new Recorder<>(onEach);
    }

    /** Subscribes to {@code publisher} and waits for {@code onSubscribe}. */
    Recorder<T> subscribeTo(Flow.Publisher<T> publisher) {
        publisher.subscribe(this);
        await(subscribed, "onSubscribe");
        return this;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        enter("onSubscribe");
        try {
            synchronized (lock) {
                subscriptions++;
                if (subscriptions > 1) {
                    violations.add("onSubscribe signalled " + subscriptions + " times");
                }
            }
            subscription = s;
            subscribed.countDown();
        } finally {
            leave();
        }
    }

    @Override
    public void onNext(T item) {
        enter("onNext(" + item + ")");
        try {
            if (subscription == null || ended.getCount() == 0 || cancelled) {
                violation("onNext(" + item + ") before onSubscribe, after the end or after cancel");
            }
            synchronized (lock) {
                items.add(item);
            }
            onEach.accept(this, item);
        } finally {
            leave();
        }
    }

    @Override
    public void onError(Throwable e) {
        enter("onError(" + e + ")");
        try {
            terminal("onError(" + e + ")");
            error = e;
            ended.countDown();
        } finally {
            leave();
        }
    }

    @Override
    public void onComplete() {
        enter("onComplete");
        try {
            terminal("onComplete");
            completed = true;
            ended.countDown();
        } finally {
            leave();
        }
    }

    private void terminal(String signal) {
        if (subscription == null || ended.getCount() == 0 || cancelled) {
            violation(signal + " before onSubscribe, after the end or after cancel");
        }
    }

    private void enter(String signal) {
        if (inside.incrementAndGet() != 1) {
            violation(signal + " while another signal was running");
        }
    }

    private void leave() {
        inside.decrementAndGet();
    }

    private void violation(String what) {
        synchronized (lock) {
            violations.add(what);
        }
    }

    /** Asks for {@code n} more items. */
    Recorder<T> request(long n) {
        subscription.request(n);
        return this;
    }

    /** Cancels; from then on no signal may come. */
    void cancel() {
        cancelled = true;
        subscription.cancel();
    }

    /** The items so far, in order. */
    List<T> items() {
        synchronized (lock) {
            return List.copyOf(items);
        }
    }

    /** Waits until at least {@code count} items came; returns the items. */
    List<T> awaitItems(int count) {
        awaitItemsOrEnd(count);
        assertThat(items()).as("items after waiting for %d (error: %s)", count, error)
                .hasSizeGreaterThanOrEqualTo(count);
        return items();
    }

    /** Waits until at least {@code count} items came or the read ended; fails the test if neither happens in time. */
    void awaitItemsOrEnd(int count) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (items().size() < count && ended.getCount() > 0) {
            assertThat(System.nanoTime() < deadline).as("%d items or the end within %s; %d came", count, TIMEOUT,
                    items().size()).isTrue();
            pause(Duration.ofMillis(2));
        }
    }

    /** Waits for onComplete; returns every item. */
    List<T> awaitCompletion() {
        await(ended, "onComplete or onError");
        assertThat(error).as("onError").isNull();
        assertThat(completed).as("onComplete").isTrue();
        assertRules();
        return items();
    }

    /** Waits for onError; returns the error. */
    Throwable awaitError() {
        await(ended, "onError");
        assertThat(completed).as("onComplete instead of onError").isFalse();
        assertRules();
        return error;
    }

    /** Waits for onComplete or onError; returns the error, or null after onComplete. */
    Throwable awaitEnd() {
        await(ended, "onComplete or onError");
        assertRules();
        return error;
    }

    /** Whether the read ended (onComplete or onError). */
    boolean ended() {
        return ended.getCount() == 0;
    }

    /** The error, or null. */
    Throwable error() {
        return error;
    }

    /** Fails the test if any rule a subscriber sees was broken. */
    void assertRules() {
        synchronized (lock) {
            assertThat(violations).as("Reactive Streams rules broken").isEmpty();
        }
    }

    /** Sleeps {@code d}: how long a test watches for something that must not happen. */
    static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void await(CountDownLatch latch, String what) {
        try {
            assertThat(latch.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).as("%s within %s", what, TIMEOUT)
                    .isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
