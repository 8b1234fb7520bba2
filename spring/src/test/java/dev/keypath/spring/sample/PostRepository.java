package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

public interface PostRepository extends KeyPathRepository<Post, KeyPath> {
    List<Post> findByUserId(UUID userId);

    Slice<Post> findByUserId(UUID userId, Pageable pageable);

    List<Post> findByUserIdAndPostIdBetween(UUID userId, long from, long to);

    List<Post> findByUserIdAndPostIdGreaterThan(UUID userId, long postId);

    List<Post> findByUserIdAndPostIdGreaterThanEqual(UUID userId, long postId);

    List<Post> findByUserIdAndPostIdLessThan(UUID userId, long postId);

    List<Post> findByUserIdAndPostIdLessThanEqual(UUID userId, long postId);

    List<Post> findByUserIdAndPostIdBefore(UUID userId, long postId);

    List<Post> findByUserIdAndPostIdAfter(UUID userId, long postId);

    List<Post> findByUserIdAndPostIdGreaterThanOrderByPostIdDesc(UUID userId, long postId);

    List<Post> findByUserIdOrderByPostIdDesc(UUID userId);

    List<Post> findByUserIdOrderByPostIdAsc(UUID userId);

    Slice<Post> findByUserIdOrderByPostIdDesc(UUID userId, Pageable pageable);

    List<Post> findTop2ByUserIdOrderByPostIdDesc(UUID userId);

    List<Post> findByUserId(UUID userId, Limit limit);

    Optional<Post> findFirstByUserId(UUID userId);

    Optional<Post> findByUserIdAndPostId(UUID userId, long postId);

    Post getByUserIdAndPostId(UUID userId, long postId);

    Post findOneByUserId(UUID userId);

    Stream<Post> streamByUserId(UUID userId);

    long countByUserId(UUID userId);

    boolean existsByUserIdAndPostId(UUID userId, long postId);

    List<Post> findByTag(String tag);

    List<Post> findByTagOrderByPostIdDesc(String tag);

    List<Post> findByTagAndPostIdGreaterThanEqual(String tag, long postId);

    ItemCollection findTreeByUserIdAndPostId(UUID userId, long postId);

    List<Post> findByUserIdAndTag(UUID userId, String tag);

    List<Post> findByUserIdAndTagNot(UUID userId, String tag);

    List<Post> findByUserIdAndTagIsNull(UUID userId);

    long countByUserIdAndTagIsNotNull(UUID userId);

    List<Post> findByUserIdAndDraftTrue(UUID userId);

    List<Post> findByUserIdAndDraftFalse(UUID userId);

    List<Post> findByUserIdAndStatsLikesGreaterThanEqual(UUID userId, int likes);

    List<Post> findByUserIdAndStatsLikesBetween(UUID userId, Integer from, Integer to);

    List<Post> findByUserIdAndTitleIn(UUID userId, Collection<String> titles);

    List<Post> findByUserIdAndTitleStartingWith(UUID userId, String prefix);

    List<Post> findByUserIdAndTitleContaining(UUID userId, String part);

    List<Post> findByUserIdAndPostIdGreaterThanAndDraftTrue(UUID userId, long postId);

    List<Post> findByTagAndDraftFalse(String tag);

    Slice<Post> findByUserIdAndDraftFalseOrderByPostIdDesc(UUID userId, Pageable pageable);
}
