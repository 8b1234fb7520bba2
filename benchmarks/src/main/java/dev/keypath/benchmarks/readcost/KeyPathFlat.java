package dev.keypath.benchmarks.readcost;

import dev.keypath.KeyPath;
import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.FlatComment;
import dev.keypath.benchmarks.readcost.SocialItems.FlatPost;
import dev.keypath.benchmarks.readcost.SocialItems.FlatReaction;
import dev.keypath.benchmarks.readcost.SocialItems.FlatUser;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Posted;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ReadConsistency;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * keypath's flat layout, docs/COST.md's "descendants elsewhere": a user's partition holds its posts
 * ({@code /user-{userId}/post-{postId}}) and the user itself as a child that sorts after them
 * ({@code /user-{userId}/profile}); a post's comments ({@code /post-{postId}/comment-{postedAt}}) and reactions
 * ({@code /post-{postId}/react-{reactionId}}) lie in a partition of the post's own, beside each other rather than under
 * each other, so that every range the patterns read holds one type. The user with its newest posts is one descending
 * query of the user's partition.
 */
final class KeyPathFlat extends KeyPathPeer {
    KeyPathFlat(DynamoDbClient client, String tableName) {
        super(client, tableName, "keypath flat", FlatUser.class, FlatPost.class, FlatComment.class, FlatReaction.class);
    }

    @Override
    List<Object> stored(List<Object> items) {
        List<Object> stored = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item instanceof User u) {
                stored.add(FlatUser.of(u));
            } else if (item instanceof Post p) {
                stored.add(FlatPost.of(p));
            } else if (item instanceof Comment c) {
                stored.add(FlatComment.of(c));
            } else if (item instanceof Reaction r) {
                stored.add(FlatReaction.of(r));
            } else {
                stored.add(item);
            }
        }
        return stored;
    }

    @Override
    KeyPath userPath(User user) {
        return KeyPath.of("user", user.userId()).then("profile");
    }

    @Override
    User user(KeyPath path, ReadConsistency consistency) {
        return (consistency == null ? table.get(FlatUser.class, path) : table.get(FlatUser.class, path, consistency))
                .orElseThrow().user();
    }

    @Override
    Page<Object> userAndLatestPosts(Workload w, ReadConsistency consistency) {
        return table.query(ItemQuery.of(q -> q.subtree(KeyPath.of("user", w.profile.userId())).descending()
                .limit(1 + Workload.LATEST_POSTS).consistency(consistency)));
    }

    @Override
    Page<FlatPost> postsPage(User user, int limit, String token, ReadConsistency consistency) {
        return table.query(FlatPost.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", user.userId()).then("post"))
                .limit(limit).pageToken(token).consistency(consistency)));
    }

    @Override
    Class<FlatPost> postType() {
        return FlatPost.class;
    }

    @Override
    Object stored(Post post) {
        return FlatPost.of(post);
    }

    @Override
    Class<FlatUser> userType() {
        return FlatUser.class;
    }

    @Override
    User asUser(Object item) {
        return ((FlatUser) item).user();
    }

    @Override
    List<String> commentsBetween(Workload w, ReadConsistency consistency) {
        KeyPath thread = threadOf(w.thread);
        try (var comments = table.stream(FlatComment.class, ItemQuery.of(q -> q.between(
                thread.then("comment", w.commentsFrom), thread.then("comment", w.commentsTo)).consistency(consistency)))) {
            return comments.map(c -> Workload.comment(c.postId(), c.postedAt())).toList();
        }
    }

    @Override
    long deletePost(Workload w) {
        table.delete(FlatPost.class, postPath(w.victim));
        return 1 + table.deleteSubtree(threadOf(w.victim)).deleted();
    }

    @Override
    long itemsUnderVictim(Workload w) {
        long post = table.get(FlatPost.class, postPath(w.victim), ReadConsistency.STRONG).isPresent() ? 1 : 0;
        return post + table.count(q -> q.subtree(threadOf(w.victim)));
    }

    /** The partition of a post's comments and reactions. */
    private static KeyPath threadOf(Posted post) {
        return KeyPath.of("post", post.postId());
    }
}
