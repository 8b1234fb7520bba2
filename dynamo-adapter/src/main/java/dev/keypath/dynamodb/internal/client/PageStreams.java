package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.Page;
import java.util.Objects;
import java.util.Spliterator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** The items of a query or a scan across pages as a lazy stream, for the synchronous table. Stateless. */
final class PageStreams {
    private PageStreams() {
    }

    /**
     * The items of the pages {@code first} and {@code next} read, as a lazy stream: the first page is read when the
     * terminal operation starts and each next one (from the token of the page before) only when the stream reaches
     * it, whether the stream is pushed ({@code forEach}) or pulled ({@code iterator}, {@code spliterator}).
     */
    static <T> Stream<T> itemsOfPages(Supplier<Page<T>> first, Function<String, Page<T>> next) {
        return StreamSupport.stream(() -> Stream.iterate(first.get(), Objects::nonNull,
                        page -> page.hasMore() ? next.apply(page.nextPageToken()) : null).spliterator(),
                Spliterator.ORDERED | Spliterator.NONNULL, false).flatMap(page -> page.items().stream());
    }
}
