package dev.keypath.spring.repository;

import java.util.Objects;
import java.util.Optional;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.util.Assert;

/**
 * A {@link Pageable} that continues a key-path query by page token instead of by offset. Key-path queries
 * cannot jump to page n; they continue where the previous page stopped. A {@link Slice} returned by a repository
 * query carries the next token in {@link Slice#nextPageable()}, so a REST API can hand {@link #tokenOf} to its
 * client and rebuild the request from it with {@link #of(int, String)}:
 *
 * <pre>{@code
 * Slice<Post> page = posts.findByUserIdOrderByPostIdDesc(userId, KeyPathPageRequest.of(size, token));
 * String next = KeyPathPageRequest.tokenOf(page.nextPageable()).orElse(null);   // null: no more pages
 * }</pre>
 *
 * <p>Tokens are signed by the table and bound to their query: a token from another query is rejected with an
 * {@link org.springframework.dao.InvalidDataAccessApiUsageException}. Page numbers count the pages read so far
 * and are informational only. Immutable and thread-safe.
 */
public final class KeyPathPageRequest implements Pageable {
    private final int size;
    private final int number;
    private final String token;
    private final String nextToken;
    private final Sort sort;

    private KeyPathPageRequest(int size, int number, String token, String nextToken, Sort sort) {
        Assert.isTrue(size > 0, "page size must be positive");
        Assert.notNull(sort, "sort must not be null");
        this.size = size;
        this.number = number;
        this.token = token;
        this.nextToken = nextToken;
        this.sort = sort;
    }

    /** The first page of {@code size} items. */
    public static KeyPathPageRequest ofSize(int size) {
        return new KeyPathPageRequest(size, 0, null, null, Sort.unsorted());
    }

    /** The page of {@code size} items starting at {@code token} (null or blank: the first page). */
    public static KeyPathPageRequest of(int size, String token) {
        String t = token == null || token.isBlank() ? null : token;
        return new KeyPathPageRequest(size, t == null ? 0 : 1, t, null, Sort.unsorted());
    }

    /** The page token carried by {@code pageable}, if it is a {@code KeyPathPageRequest} with one. */
    public static Optional<String> tokenOf(Pageable pageable) {
        return pageable instanceof KeyPathPageRequest k ? Optional.ofNullable(k.token) : Optional.empty();
    }

    /** The token of the page after {@code slice}, if there is one. */
    public static Optional<String> nextTokenOf(Slice<?> slice) {
        return slice.hasNext() ? tokenOf(slice.nextPageable()) : Optional.empty();
    }

    /** This request with {@code sort} (only the key-path order of the query's next variable is accepted). */
    public KeyPathPageRequest withSort(Sort sort) {
        return new KeyPathPageRequest(size, number, token, nextToken, sort);
    }

    /** This request, remembering the token of the page that follows it (set by the query that read it). */
    KeyPathPageRequest withNextToken(String next) {
        return new KeyPathPageRequest(size, number, token, next, sort);
    }

    /** The token of this page, or null for the first page. */
    public String token() {
        return token;
    }

    @Override
    public int getPageNumber() {
        return number;
    }

    @Override
    public int getPageSize() {
        return size;
    }

    /** Key-path pages have no offset; always 0. */
    @Override
    public long getOffset() {
        return 0;
    }

    @Override
    public Sort getSort() {
        return sort;
    }

    /**
     * The request for the following page. Only a request returned inside a {@link Slice} knows that page's
     * token; on any other request this throws {@link IllegalStateException}.
     */
    @Override
    public Pageable next() {
        if (nextToken == null) {
            throw new IllegalStateException("this page request does not know the next page's token; use "
                    + "slice.nextPageable() of the slice it returned");
        }
        return new KeyPathPageRequest(size, number + 1, nextToken, null, sort);
    }

    @Override
    public Pageable previousOrFirst() {
        return first();
    }

    @Override
    public Pageable first() {
        return new KeyPathPageRequest(size, 0, null, null, sort);
    }

    /** Only page 0 (the first) can be addressed by number. */
    @Override
    public Pageable withPage(int pageNumber) {
        if (pageNumber != 0) {
            throw new UnsupportedOperationException("key-path pages are reached by token, not by number");
        }
        return first();
    }

    /** Always false: key-path pages are read forward only. */
    @Override
    public boolean hasPrevious() {
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyPathPageRequest k && k.size == size && k.number == number
                && Objects.equals(k.token, token) && Objects.equals(k.nextToken, nextToken) && k.sort.equals(sort);
    }

    @Override
    public int hashCode() {
        return Objects.hash(size, number, token, nextToken, sort);
    }

    @Override
    public String toString() {
        return "KeyPathPageRequest[size=" + size + ", page=" + number + (token == null ? "" : ", token") + "]";
    }
}
