package dev.keypath.benchmarks.readcost;

import dev.keypath.KeyPath;
import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.FlatComment;
import dev.keypath.benchmarks.readcost.SocialItems.FlatReaction;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ReadConsistency;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * keypath's flat layout: users and their posts as in the hierarchy ({@code /user-{userId}/post-{postId}}), but a
 * post's comments ({@code /post-{postId}/comment-{postedAt}}) and reactions ({@code /post-{postId}/react-{reactionId}})
 * in a partition of the post's own, beside each other rather than under each other, so that every range the patterns
 * read holds one type.
 */
final class KeyPathFlat extends KeyPathPeer {
    KeyPathFlat(DynamoDbClient client, String tableName) {
        super(client, tableName, "keypath flat", User.class, Post.class, FlatComment.class, FlatReaction.class);
    }

    @Override
    List<Object> stored(List<Object> items) {
        List<Object> stored = new ArrayList<>(items.size());
        for (Object item : items) {
            if (item instanceof Comment c) {
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
    List<String> commentsBetween(Workload w, ReadConsistency consistency) {
        KeyPath thread = threadOf(w.thread);
        try (var comments = table.stream(FlatComment.class, ItemQuery.of(q -> q.between(
                thread.then("comment", w.commentsFrom), thread.then("comment", w.commentsTo)).consistency(consistency)))) {
            return comments.map(c -> Workload.comment(c.postId(), c.postedAt())).toList();
        }
    }

    @Override
    long deletePost(Workload w) {
        table.delete(Post.class, postPath(w.victim));
        return 1 + table.deleteSubtree(threadOf(w.victim)).deleted();
    }

    @Override
    long itemsUnderVictim(Workload w) {
        long post = table.get(Post.class, postPath(w.victim), ReadConsistency.STRONG).isPresent() ? 1 : 0;
        return post + table.count(q -> q.subtree(threadOf(w.victim)));
    }

    /** The partition of a post's comments and reactions. */
    private static KeyPath threadOf(Post post) {
        return KeyPath.of("post", post.postId());
    }
}
