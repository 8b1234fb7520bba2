package dev.keypath.benchmarks.readcost;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The social data set's item types as a keypath user declares them. The generated data set is made of the
 * hierarchical types ({@link User}, {@link Post}, {@link Comment}, {@link Reaction}); the flat layout stores the same
 * comments and reactions as {@link FlatComment} and {@link FlatReaction}, under the same stored type names.
 */
public final class SocialItems {
    private SocialItems() {}

    /** A user, the root of its partition; {@code postCount} counts the user's posts. */
    @ItemType(keyPath = "/user-{userId}")
    public record User(UUID userId, String handle, String displayName, Instant joinedAt, long postCount) {}

    /**
     * A post of a user. Post ids are integers, unique over the data set and increasing with {@code createdAt}, so the
     * highest ids are the newest posts. {@code tag} is the post's first tag, the one the {@code byTag} index holds.
     */
    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    @SecondaryKeyPath(index = "byTag", keyPath = "/tag-{tag}/post-{postId}")
    public record Post(UUID userId, long postId, String title, String body, String tag, List<String> tags,
                       Instant createdAt) {}

    /** A comment on a post, keyed by its epoch-second timestamp, under its post (hierarchical layout). */
    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}")
    public record Comment(UUID userId, long postId, long postedAt, UUID authorId, String text) {}

    /** A reaction to a comment, under its comment (hierarchical layout); reaction ids are unique over the data set. */
    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{postedAt}/react-{reactionId}")
    public record Reaction(UUID userId, long postId, long postedAt, long reactionId, UUID authorId, String emoji) {}

    /** A comment in the flat layout: under its post's own partition, not under the post's key path. */
    @ItemType(keyPath = "/post-{postId}/comment-{postedAt}", name = "Comment")
    public record FlatComment(long postId, long postedAt, UUID authorId, String text) {
        static FlatComment of(Comment c) {
            return new FlatComment(c.postId(), c.postedAt(), c.authorId(), c.text());
        }
    }

    /**
     * A reaction in the flat layout: beside its post's comments rather than under its comment, so that a range of
     * comments holds only comments; {@code postedAt} names the comment it reacts to.
     */
    @ItemType(keyPath = "/post-{postId}/react-{reactionId}", name = "Reaction")
    public record FlatReaction(long postId, long reactionId, long postedAt, UUID authorId, String emoji) {
        static FlatReaction of(Reaction r) {
            return new FlatReaction(r.postId(), r.reactionId(), r.postedAt(), r.authorId(), r.emoji());
        }
    }
}
