package dev.keypath.spring.repository;

import java.util.List;
import java.util.function.Function;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.Pageable;

/**
 * A {@link Page} of a key-path query: its items, the total the query selects (counted by DynamoDB), and the
 * request of the next page, continued by token (there is a next page exactly when the query returned a token,
 * whatever the page numbers say). Immutable.
 *
 * @param <T> the item type
 */
final class KeyPathPage<T> extends PageImpl<T> {
    private static final long serialVersionUID = 1L;
    private final transient Pageable next;

    /** @param next the following page's request, or null when this is the last page */
    KeyPathPage(List<T> content, Pageable pageable, long total, Pageable next) {
        super(content, pageable, total);
        this.next = next;
    }

    @Override
    public boolean hasNext() {
        return next != null;
    }

    @Override
    public boolean isLast() {
        return next == null;
    }

    @Override
    public Pageable nextPageable() {
        return next == null ? Pageable.unpaged() : next;
    }

    @Override
    public <U> Page<U> map(Function<? super T, ? extends U> converter) {
        return new KeyPathPage<>(getContent().stream().<U>map(converter).toList(), getPageable(), getTotalElements(),
                next);
    }
}
