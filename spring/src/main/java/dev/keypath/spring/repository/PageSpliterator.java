package dev.keypath.spring.repository;

import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The items of a key-path query read page by page as they are consumed: the first page is read by the first
 * item asked for, the next one once the previous is used up, and none after the stream stops (e.g. after a
 * {@code limit}). Not thread-safe, like any sequential stream source.
 */
final class PageSpliterator extends Spliterators.AbstractSpliterator<Object> {
    private final Function<ItemQuery, Page<Object>> pages;
    private final ItemQuery.Builder query;
    private final Integer max;
    private Iterator<Object> page = List.<Object>of().iterator();
    private String token;
    private boolean lastPageRead;
    private int returned;

    private PageSpliterator(Function<ItemQuery, Page<Object>> pages, ItemQuery.Builder query, Integer max) {
        super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
        this.pages = pages;
        this.query = query;
        this.max = max;
    }

    /**
     * A lazy stream of what {@code query} (order set) selects, at most {@code max} items (null: all), each page
     * read by {@code pages} (whole items or a projection of them).
     */
    static Stream<Object> stream(Function<ItemQuery, Page<Object>> pages, ItemQuery.Builder query, Integer max) {
        return StreamSupport.stream(new PageSpliterator(pages, query, max), false);
    }

    @Override
    public boolean tryAdvance(Consumer<? super Object> action) {
        if (max != null && returned >= max) {
            return false;
        }
        while (!page.hasNext()) {
            if (lastPageRead) {
                return false;
            }
            int limit = max == null ? 0 : max - returned;
            Page<Object> next = pages.apply(query.limit(limit).pageToken(token).build());
            token = next.nextPageToken();
            lastPageRead = token == null;
            page = next.items().iterator();
        }
        returned++;
        action.accept(page.next());
        return true;
    }
}
