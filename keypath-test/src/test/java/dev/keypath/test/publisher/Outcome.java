package dev.keypath.test.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What a read across pages gave: its items in order, then the failure that ended it (null when it completed). Taken
 * from the synchronous table's lazy stream or from the async table's publisher, so the two can be compared.
 *
 * @param items   the items, in order
 * @param failure what ended the read, or null
 * @param <T>     the item type
 */
record Outcome<T>(List<T> items, Throwable failure) {
    /** Reads {@code stream} to its end or its failure. */
    static <T> Outcome<T> of(Supplier<Stream<T>> stream) {
        List<T> items = new ArrayList<>();
        try (Stream<T> s = stream.get()) {
            Iterator<T> it = s.iterator();
            while (it.hasNext()) {
                items.add(it.next());
            }
        } catch (RuntimeException | Error e) {
            return new Outcome<>(items, e);
        }
        return new Outcome<>(items, null);
    }

    /** Subscribes to {@code publisher} with unbounded demand and waits for its end. */
    static <T> Outcome<T> of(Flow.Publisher<T> publisher) {
        Recorder<T> r = Recorder.<T>recording().subscribeTo(publisher);
        r.request(Long.MAX_VALUE);
        Throwable failure = r.awaitEnd();
        return new Outcome<>(r.items(), failure);
    }

    /** Asserts that {@code other} has the same items and ends alike: both complete, or fail with the same exception. */
    void assertSameAs(Outcome<?> other) {
        assertThat(other.items).as("items").isEqualTo(items);
        if (failure == null) {
            assertThat(other.failure).as("failure").isNull();
        } else {
            assertThat(other.failure).as("failure").isNotNull().hasSameClassAs(failure)
                    .hasMessage(failure.getMessage());
        }
    }
}
