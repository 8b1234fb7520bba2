package dev.keypath.benchmarks.readcost;

import dev.keypath.KeyPath;
import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ReadConsistency;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * keypath's hierarchical layout, the one its README starts from: {@code /user-{userId}/post-{postId}/comment-{postedAt}
 * /react-{reactionId}}, each item under its parent, so that a post's whole thread is one subtree.
 */
final class KeyPathHierarchy extends KeyPathPeer {
    KeyPathHierarchy(DynamoDbClient client, String tableName) {
        super(client, tableName, "keypath hierarchical", User.class, Post.class, Comment.class, Reaction.class);
    }

    @Override
    List<Object> stored(List<Object> items) {
        return items;
    }

    @Override
    List<String> commentsBetween(Workload w, ReadConsistency consistency) {
        KeyPath thread = postPath(w.thread);
        try (var comments = table.stream(Comment.class, ItemQuery.of(q -> q.between(
                thread.then("comment", w.commentsFrom), thread.then("comment", w.commentsTo)).consistency(consistency)))) {
            return comments.map(c -> Workload.comment(c.postId(), c.postedAt())).toList();
        }
    }

    @Override
    long deletePost(Workload w) {
        return table.deleteSubtree(postPath(w.victim)).deleted();
    }

    @Override
    long itemsUnderVictim(Workload w) {
        return table.count(q -> q.subtree(postPath(w.victim)));
    }
}
