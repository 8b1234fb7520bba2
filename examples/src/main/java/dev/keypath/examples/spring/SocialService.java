package dev.keypath.examples.spring;

import dev.keypath.KeyPath;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.KeyPathTransactionTemplate;
import dev.keypath.spring.repository.KeyPathPageRequest;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.domain.Slice;
import org.springframework.stereotype.Service;

/** The example's use cases on top of the repositories. Thread-safe (stateless). */
@Service
public class SocialService {
    private final UserRepository users;
    private final PostRepository posts;
    private final CommentRepository comments;
    private final KeyPathTransactionTemplate tx;
    private final Clock clock = Clock.systemUTC();

    SocialService(UserRepository users, PostRepository posts, CommentRepository comments,
            KeyPathTransactionTemplate tx) {
        this.users = users;
        this.posts = posts;
        this.comments = comments;
        this.tx = tx;
    }

    /** Creates a user with a generated id. */
    public User createUser(String name) {
        return users.insert(new User(null, name, 0, null));
    }

    /**
     * Creates a post and bumps the user's post count in one DynamoDB transaction: both or neither. A concurrent
     * change of the user fails the version check and nothing is written.
     */
    public Optional<Post> createPost(UUID userId, String title, String body) {
        Optional<User> user = users.findById(KeyPath.of("user", userId));
        if (user.isEmpty()) {
            return Optional.empty();
        }
        List<Object> stored = tx.run(ops -> {
            posts.insert(new Post(userId, 0, title, body, clock.instant(), null));
            users.save(user.get().withOneMorePost());
        });
        return Optional.of((Post) stored.get(0));
    }

    /** One page of a user's posts, newest first. */
    public Slice<Post> timeline(UUID userId, int size, String token) {
        return posts.findByUserIdOrderByPostIdDesc(userId, KeyPathPageRequest.of(size, token));
    }

    /** A post with its comments, read by one query; empty if there is no such post. */
    public Optional<ItemCollection> thread(UUID userId, long postId) {
        ItemCollection items = posts.findThreadByUserIdAndPostId(userId, postId);
        return items.first(Post.class).isPresent() ? Optional.of(items) : Optional.empty();
    }

    /** Adds a comment under an existing post. */
    public Optional<Comment> comment(UUID userId, long postId, String author, String text) {
        if (!posts.existsById(KeyPath.of("user", userId).then("post", postId))) {
            return Optional.empty();
        }
        return Optional.of(comments.insert(new Comment(userId, postId, 0, author, text, clock.instant())));
    }
}
