package dev.keypath.examples.spring;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.spring.ConflictRetry;
import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.KeyPathTransactions;
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
    /** Runs of a post's unit when concurrent posts to one user collide (DynamoDB's TransactionConflict). */
    static final ConflictRetry POST_RETRY = ConflictRetry.attempts(10);

    private final UserRepository users;
    private final PostRepository posts;
    private final CommentRepository comments;
    private final KeyPathDynamoOperations operations;
    private final KeyPathTransactions tx;
    private final Clock clock = Clock.systemUTC();

    SocialService(UserRepository users, PostRepository posts, CommentRepository comments,
            KeyPathDynamoOperations operations, KeyPathTransactions tx) {
        this.users = users;
        this.posts = posts;
        this.comments = comments;
        this.operations = operations;
        this.tx = tx.withConflictRetry(POST_RETRY);
    }

    /** Creates a user with a generated id. */
    public User createUser(String name) {
        return users.insert(new User(null, name, 0, null));
    }

    /** The user, if there is one. */
    public Optional<User> user(UUID userId) {
        return users.findById(KeyPath.of("user", userId));
    }

    /**
     * Creates a post and counts it on its user in one DynamoDB transaction: both or neither. The count is an
     * atomic {@code ADD}, so concurrent posts to one user never fail a version check; when two transactions touch
     * the user at the same moment, DynamoDB cancels one and the unit runs again ({@link #POST_RETRY}), with a new
     * post id. The post id comes from the user's sequence and is in the returned post.
     */
    public Optional<Post> createPost(UUID userId, String title, String body) {
        KeyPath user = KeyPath.of("user", userId);
        if (!users.existsById(user)) {
            return Optional.empty();
        }
        List<Object> stored = tx.run(ops -> {
            posts.insert(new Post(userId, 0, title, body, clock.instant(), null));
            operations.update(User.class, user, UpdateSpec.of(u -> u.add("postCount", 1)));
        });
        return Optional.of((Post) stored.get(0));
    }

    /** One page of a user's posts, newest first. */
    public Slice<Post> timeline(UUID userId, int size, String token) {
        return posts.timeline(userId, KeyPathPageRequest.of(size, token));
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
