package dev.keypath.spring.patterns;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.AccessPattern;
import dev.keypath.spring.repository.KeyPathQuery;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

public interface ArticleRepository extends KeyPathRepository<Article, KeyPath> {
    List<Article> findByAuthorId(UUID authorId);

    @AccessPattern("timeline")
    Slice<Article> findByAuthorIdOrderByArticleIdDesc(UUID authorId, Pageable page);

    Page<Article> findByAuthorIdAndArticleIdGreaterThan(UUID authorId, long after, Pageable page);

    Stream<Article> streamByAuthorIdAndTopic(UUID authorId, String topic);

    @AccessPattern("articleCount")
    long countByAuthorId(UUID authorId);

    @KeyPathQuery(value = "/author-{authorId}/article", filter = "#topic = :topic")
    List<Article> onTopic(UUID authorId, String topic);

    @AccessPattern("newestOnTopic")
    @KeyPathQuery(value = "/author-{authorId}/article", filter = "#topic = :topic", order = org.springframework.data.domain.Sort.Direction.DESC)
    List<Article> newestOnTopic(UUID authorId, String topic);

    long deleteByAuthorIdAndTopic(UUID authorId, String topic);
}
