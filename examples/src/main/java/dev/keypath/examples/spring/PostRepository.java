package dev.keypath.examples.spring;

import dev.keypath.KeyPath;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathQuery;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.UUID;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;

/** Posts; every query below is one key-path query. Thread-safe proxy created by Spring Data. */
public interface PostRepository extends KeyPathRepository<Post, KeyPath> {
    /**
     * A user's posts, newest first, one page at a time: prefix {@code /user-<id>/post} of the posts' own index, which
     * holds no comment, descending.
     */
    @KeyPathQuery(value = "/user-{userId}/post", index = "posts", order = Sort.Direction.DESC)
    Slice<Post> timeline(UUID userId, Pageable page);

    /** A post and everything under it (its comments), in key-path order (subtree {@code /user-<id>/post-<n>}). */
    ItemCollection findThreadByUserIdAndPostId(UUID userId, long postId);
}
