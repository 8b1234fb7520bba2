package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.internal.operation.Operation;
import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The items of a paged read (a query or a scan, whole or projected) as a {@link Flow.Publisher}: each page is the
 * table's own page operation, run by the {@link AsyncDriver}, and the next one continues from the page token of the
 * one before, as the synchronous table's lazy streams do. Cold: every subscriber reads from the start on its own
 * {@link PageSubscription}, which keeps the Reactive Streams rules. Immutable and thread-safe.
 *
 * @param <T> the item type
 */
final class PagePublisher<T> implements Flow.Publisher<T> {
    private final AsyncDriver driver;
    private final Supplier<Operation<Page<T>>> first;
    private final Function<String, Operation<Page<T>>> next;

    /**
     * A publisher reading the pages {@code first} and {@code next} build. {@code first} builds the read's first
     * page as given and may throw (a null argument, a check before any request), which fails the subscriber;
     * {@code next} builds the page that a page token of this read continues with.
     */
    PagePublisher(AsyncDriver driver, Supplier<Operation<Page<T>>> first, Function<String, Operation<Page<T>>> next) {
        this.driver = Objects.requireNonNull(driver, "driver");
        this.first = Objects.requireNonNull(first, "first");
        this.next = Objects.requireNonNull(next, "next");
    }

    /** Starts a new read for {@code subscriber}; a null subscriber is a {@link NullPointerException} (rule 1.9). */
    @Override
    public void subscribe(Flow.Subscriber<? super T> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        new PageSubscription<>(subscriber, driver, next).start(first);
    }
}
