package dev.keypath.spring.sample;

import dev.keypath.KeyPath;
import dev.keypath.spring.repository.KeyPathRepository;
import java.util.List;
import java.util.UUID;

public interface CommentRepository extends KeyPathRepository<Comment, KeyPath> {
    List<Comment> findByUserIdAndPostId(UUID userId, long postId);

    List<Comment> findByUserIdAndPostIdAndCommentIdBetween(UUID userId, long postId, long from, long to);
}
