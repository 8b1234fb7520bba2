package dev.keypath.examples.spring;

import dev.keypath.KeyPath;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.UUID;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

/** Posts; every query below is one key-path query. Thread-safe proxy created by Spring Data. */
public interface PostRepository extends KeyPathRepository<Post, KeyPath> {
    /** A user's posts, newest first, one page at a time (prefix {@code /user-<id>/post}, descending). */
    Slice<Post> findByUserIdOrderByPostIdDesc(UUID userId, Pageable page);

    /** A post and everything under it (its comments), in key-path order (subtree {@code /user-<id>/post-<n>}). */
    ItemCollection findThreadByUserIdAndPostId(UUID userId, long postId);
}
