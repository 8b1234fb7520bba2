package dev.keypath.spring.sample;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Uses @Transactional with the auto-configured KeyPathTransactionManager. */
@Service
public class BlogService {
    private final PostRepository posts;
    private final CommentRepository comments;

    public BlogService(PostRepository posts, CommentRepository comments) {
        this.posts = posts;
        this.comments = comments;
    }

    @Transactional
    public void publishWithComment(Post post, Comment comment) {
        posts.insert(post);
        comments.save(comment);
    }

    @Transactional
    public void publishThenFail(Post post) {
        posts.insert(post);
        throw new IllegalStateException("boom after the write");
    }
}
