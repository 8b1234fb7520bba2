package dev.keypath.benchmarks.readcost;

import dev.keypath.KeyPath;
import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.ReadConsistency;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * keypath's hierarchical layout, the one its README starts from: {@code /user-{userId}/post-{postId}/comment-{postedAt}
 * /react-{reactionId}}, each item under its parent, so that a post's whole thread is one subtree. A user's posts are
 * read as docs/COST.md's "sparse local index of the children" teaches: from the local index {@code posts}, which the
 * posts declare on their own key paths and the user under {@code /user-{userId}/profile}, so that it holds neither
 * comments nor reactions and the user sorts after its posts.
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
    KeyPath userPath(User user) {
        return KeyPath.of("user", user.userId());
    }

    @Override
    User user(KeyPath path, ReadConsistency consistency) {
        return (consistency == null ? table.get(User.class, path) : table.get(User.class, path, consistency))
                .orElseThrow();
    }

    @Override
    Page<Object> userAndLatestPosts(Workload w, ReadConsistency consistency) {
        return table.query(ItemQuery.of(q -> q.index("posts").subtree(userPath(w.profile)).descending()
                .limit(1 + Workload.LATEST_POSTS).consistency(consistency)));
    }

    @Override
    Page<Post> postsPage(User user, int limit, String token, ReadConsistency consistency) {
        return table.query(Post.class, ItemQuery.of(q -> q.index("posts").subtree(userPath(user).then("post"))
                .limit(limit).pageToken(token).consistency(consistency)));
    }

    @Override
    Class<Post> postType() {
        return Post.class;
    }

    @Override
    Object stored(Post post) {
        return post;
    }

    @Override
    Class<User> userType() {
        return User.class;
    }

    @Override
    User asUser(Object item) {
        return (User) item;
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
