package dev.keypath.spring.sample;

import java.util.UUID;

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

    /** Publishes a post with a generated id and its first comment, in one unit; returns the post as saved. */
    @Transactional
    public Post publishNew(UUID userId, String title, String firstComment) {
        Post post = posts.save(Post.of(userId, 0, title, null));
        comments.save(new Comment(userId, post.postId(), 1, firstComment));
        return post;
    }

    @Transactional
    public Post publishNewThenFail(UUID userId, String title) {
        Post post = posts.save(Post.of(userId, 0, title, null));
        throw new IllegalStateException("boom after post " + post.postId());
    }

    @Transactional
    public void publishThenFail(Post post) {
        posts.insert(post);
        throw new IllegalStateException("boom after the write");
    }
}
