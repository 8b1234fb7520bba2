package dev.keypath.examples.spring;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.UUID;

/**
 * A post at {@code /user-<uuid>/post-<n>}, numbered 1, 2, 3… per user, so key-path order is creation order. Its
 * comments live under it, between the user's posts, so the post declares a local index of its own key path,
 * {@code posts}, which holds the posts alone: a timeline read from it reads no comment (docs/COST.md, "Hierarchies").
 * Immutable.
 */
@ItemType(keyPath = "/user-{userId}/post-{postId}")
@SecondaryKeyPath(index = "posts", keyPath = "/user-{userId}/post-{postId}", local = true)
public record Post(UUID userId, @AutoId(AutoId.Strategy.SEQUENCE) long postId, String title, String body,
                   Instant createdAt, @Version Long version) {
}
